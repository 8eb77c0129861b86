regular "(ab"
