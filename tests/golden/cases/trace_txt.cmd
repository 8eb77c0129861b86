run programs/dyck1.cr "( ( ) )" --trace @OUT@/trace.txt
