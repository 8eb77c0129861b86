run programs/ur.crasp
