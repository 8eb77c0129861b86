tasks UF --json
