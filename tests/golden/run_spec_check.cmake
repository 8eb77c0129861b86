# Runs `crasp check` on task specs with small bins and requires success (exit 0 and the "ok:"
# summary). Inputs: CRASP (binary), MODE, OUT_DIR (scratch), SOURCE_DIR (the repository).
#   MODE=roundtrip: `crasp tasks UR --spec > OUT_DIR/ur.toml`, then checks that spec (the spec
#                   names the crasp binary and the bundled programs by absolute path, so its
#                   output cannot be a golden file);
#   MODE=examples:  checks every examples/tasks/*.toml (run from SOURCE_DIR, as the README does).
cmake_minimum_required(VERSION 3.20)

set(small --train-len 4:12 --test-len 13:20 --far 3 --samples 3 --far-samples 1 --pe ape
          --prec f64)
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")

if(MODE STREQUAL "roundtrip")
  execute_process(COMMAND "${CRASP}" tasks UR --spec
                  WORKING_DIRECTORY "${SOURCE_DIR}"
                  OUTPUT_FILE "${OUT_DIR}/ur.toml"
                  ERROR_VARIABLE err
                  RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "crasp tasks UR --spec failed (${code}):\n${err}")
  endif()
  file(READ "${OUT_DIR}/ur.toml" spec)
  foreach(needle "name = \"UR\"" "format = \"continuation\"" "--generate" "--oracle"
                 "expect = \"yes\"" "[[trained]]")
    string(FIND "${spec}" "${needle}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "crasp tasks UR --spec lacks '${needle}':\n${spec}")
    endif()
  endforeach()
  set(specs "${OUT_DIR}/ur.toml")
elseif(MODE STREQUAL "examples")
  file(GLOB specs RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/examples/tasks/*.toml")
  list(LENGTH specs n)
  if(n EQUAL 0)
    message(FATAL_ERROR "no task spec in ${SOURCE_DIR}/examples/tasks")
  endif()
else()
  message(FATAL_ERROR "MODE must be roundtrip or examples, not '${MODE}'")
endif()

execute_process(COMMAND "${CRASP}" check ${specs} ${small}
                WORKING_DIRECTORY "${SOURCE_DIR}"
                OUTPUT_VARIABLE out
                ERROR_VARIABLE err
                RESULT_VARIABLE code)
string(FIND "${out}" "\nok: " ok_at)
if(NOT code EQUAL 0 OR ok_at EQUAL -1)
  message(FATAL_ERROR "crasp check ${specs} failed (exit ${code}):\n${out}\n${err}")
endif()
message(STATUS "crasp check ${specs}:\n${out}")
