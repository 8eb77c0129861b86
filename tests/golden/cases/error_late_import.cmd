info programs/late_import.crasp
