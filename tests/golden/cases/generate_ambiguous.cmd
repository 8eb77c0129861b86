generate programs/ambiguous.crasp b
