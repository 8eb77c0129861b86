info programs/too_deep.crasp
