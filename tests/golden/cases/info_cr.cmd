info programs/contains_ab.cr
