explain programs/dyck1.cr ( ( ) -o @OUT@/report.pdf
