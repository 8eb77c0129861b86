tasks UR NRLast --generate --length 5
