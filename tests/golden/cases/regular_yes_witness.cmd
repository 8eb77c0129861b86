regular "(a|b)*b" "(cac|abb)*" --witness
