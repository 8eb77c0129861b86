examples programs/suite
