check UR --plot ur.png
