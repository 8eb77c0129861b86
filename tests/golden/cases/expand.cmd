expand programs/ur.crasp
