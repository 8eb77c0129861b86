run programs/dyck1.cr --engine transformer --pe sinusoidal "( )"
