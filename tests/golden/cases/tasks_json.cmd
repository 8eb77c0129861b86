tasks parity --json
