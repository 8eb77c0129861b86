# Runs one CLI golden case; see CMakeLists.txt in this directory for the file conventions.
# Inputs: CRASP (binary), CASE (name), CASES_DIR, WORK_DIR (cwd of the run), OUT_DIR (scratch).
cmake_minimum_required(VERSION 3.20)

set(base "${CASES_DIR}/${CASE}")
set(update FALSE)
if(DEFINED ENV{CRASP_UPDATE_GOLDEN} AND NOT "$ENV{CRASP_UPDATE_GOLDEN}" STREQUAL ""
   AND NOT "$ENV{CRASP_UPDATE_GOLDEN}" STREQUAL "0")
  set(update TRUE)
endif()

file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")

file(READ "${base}.cmd" cmdline)
string(STRIP "${cmdline}" cmdline)
string(REPLACE "@OUT@" "${OUT_DIR}" cmdline "${cmdline}")
separate_arguments(args UNIX_COMMAND "${cmdline}")

set(input /dev/null)
if(EXISTS "${base}.stdin")
  set(input "${base}.stdin")
endif()

execute_process(COMMAND "${CRASP}" ${args}
                WORKING_DIRECTORY "${WORK_DIR}"
                INPUT_FILE "${input}"
                OUTPUT_VARIABLE actual_stdout
                ERROR_VARIABLE actual_stderr
                RESULT_VARIABLE actual_code)
# Scratch paths differ between build trees: show them as @OUT@.
string(REPLACE "${OUT_DIR}" "@OUT@" actual_stdout "${actual_stdout}")
string(REPLACE "${OUT_DIR}" "@OUT@" actual_stderr "${actual_stderr}")
set(actual_code "${actual_code}\n")
# Durations differ between runs (crasp synth prints them as "1.23 s"): shown as "<t> s".
string(REGEX REPLACE "[0-9]+\\.[0-9][0-9] s" "<t> s" actual_stdout "${actual_stdout}")

set(failures "")

# Compares `actual` with the expected file (missing = `default`); in update mode rewrites it
# (removing it when the actual value equals the default).
function(check what file actual default)
  set(expected "${default}")
  if(EXISTS "${file}")
    file(READ "${file}" expected)
  endif()
  if(update)
    if(actual STREQUAL default)
      file(REMOVE "${file}")
    else()
      file(WRITE "${file}" "${actual}")
    endif()
    return()
  endif()
  if(NOT actual STREQUAL expected)
    file(WRITE "${OUT_DIR}/expected.${what}" "${expected}")
    file(WRITE "${OUT_DIR}/actual.${what}" "${actual}")
    set(diff_text "")
    find_program(DIFF diff)
    if(DIFF)
      execute_process(COMMAND "${DIFF}" -u "${OUT_DIR}/expected.${what}" "${OUT_DIR}/actual.${what}"
                      OUTPUT_VARIABLE diff_text)
    endif()
    set(failures "${failures}\n--- ${what} differs:\n${diff_text}" PARENT_SCOPE)
  endif()
endfunction()

# NAME.ignore lists streams not to compare (stdout, stderr), for cases on files that change often.
set(ignored "")
if(EXISTS "${base}.ignore")
  file(STRINGS "${base}.ignore" ignored)
endif()
if(NOT "stdout" IN_LIST ignored)
  check(stdout "${base}.stdout" "${actual_stdout}" "")
endif()
if(NOT "stderr" IN_LIST ignored)
  check(stderr "${base}.stderr" "${actual_stderr}" "")
endif()
check(code "${base}.code" "${actual_code}" "0\n")

# Files the command wrote into @OUT@.
if(IS_DIRECTORY "${base}.files")
  file(GLOB expected_files RELATIVE "${base}.files" "${base}.files/*")
  if(update)
    foreach(f ${expected_files})
      if(EXISTS "${OUT_DIR}/${f}")
        file(READ "${OUT_DIR}/${f}" content)
        file(WRITE "${base}.files/${f}" "${content}")
      endif()
    endforeach()
  else()
    foreach(f ${expected_files})
      if(NOT EXISTS "${OUT_DIR}/${f}")
        set(failures "${failures}\n--- file ${f} was not written")
        continue()
      endif()
      file(READ "${OUT_DIR}/${f}" content)
      string(REPLACE "${OUT_DIR}" "@OUT@" content "${content}")
      check("file.${f}" "${base}.files/${f}" "${content}" "")
    endforeach()
  endif()
endif()
if(EXISTS "${base}.exists")
  file(STRINGS "${base}.exists" must_exist)
  foreach(f ${must_exist})
    set(size 0)
    if(EXISTS "${OUT_DIR}/${f}")
      file(SIZE "${OUT_DIR}/${f}" size)
    endif()
    if(size EQUAL 0)
      set(failures "${failures}\n--- file ${f} was not written (or is empty)")
    endif()
  endforeach()
endif()

if(update)
  message(STATUS "updated golden files of ${CASE}")
elseif(NOT failures STREQUAL "")
  message(NOTICE "golden case ${CASE} (crasp ${cmdline}) failed:${failures}")
  message(FATAL_ERROR "golden case ${CASE} failed (CRASP_UPDATE_GOLDEN=1 regenerates)")
endif()
