tasks Parity
