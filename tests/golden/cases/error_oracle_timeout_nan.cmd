check UR --oracle-timeout nan
