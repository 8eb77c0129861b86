info programs/ur.crasp
