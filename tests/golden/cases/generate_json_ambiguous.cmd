generate programs/ambiguous.crasp --json "b b"
