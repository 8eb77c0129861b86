# `crasp synth --json`: the report parses and carries the fields docs/synth.md lists (values that
# vary between runs, the seconds, are only checked for presence).
# Inputs: CRASP (binary), WORK_DIR.
cmake_minimum_required(VERSION 3.20)
execute_process(COMMAND "${CRASP}" synth aa_star --json --samples 2 --far-samples 0
                WORKING_DIRECTORY "${WORK_DIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "crasp synth aa_star --json exited ${code}: ${err}")
endif()
foreach(key task format found verified program class size depth stopped complete_size searched
            candidates behaviours_per_size seconds check_seconds rounds check)
  string(JSON value ERROR_VARIABLE missing GET "${out}" ${key})
  if(missing)
    message(FATAL_ERROR "key '${key}' missing from:\n${out}")
  endif()
endforeach()
string(JSON found GET "${out}" found)
string(JSON verified GET "${out}" verified)
string(JSON program GET "${out}" program)
string(JSON verdict GET "${out}" check tasks 0 ape)
if(NOT found OR NOT verified OR NOT program MATCHES "ACCEPT = ")
  message(FATAL_ERROR "expected a verified program:\n${out}")
endif()
message(STATUS "synth --json: found, verified; C-RASP[pos] verdict ${verdict}")
