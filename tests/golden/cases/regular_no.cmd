regular "(aa)*" "a*(ba*ba*)*" "(b|bc)*"
