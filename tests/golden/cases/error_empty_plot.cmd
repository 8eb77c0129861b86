check UR --plot ""
