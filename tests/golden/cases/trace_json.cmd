run programs/contains_ab.cr --trace @OUT@/trace.json
