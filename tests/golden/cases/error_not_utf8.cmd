info programs/not_utf8.crasp
