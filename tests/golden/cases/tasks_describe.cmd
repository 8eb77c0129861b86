tasks NRLast unique_copy
