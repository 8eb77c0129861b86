# The figure docs/explain.md shows must be what `crasp explain` draws now: regenerate it from the
# source tree and compare byte for byte. CRASP_UPDATE_GOLDEN=1 writes the new figure into docs/.
# Inputs: CRASP (the binary), SOURCE_DIR, OUT_DIR.
set(figure docs/explain-ur-ul.svg)
set(args explain programs/ur.crasp <bos> t2 t1 t2 t1 t0 t1 <sep> t0 --compare programs/ul.crasp)
file(MAKE_DIRECTORY ${OUT_DIR})
execute_process(COMMAND ${CRASP} ${args} -o ${OUT_DIR}/figure.svg
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "crasp ${args} failed with exit code ${rc}")
endif()
if(DEFINED ENV{CRASP_UPDATE_GOLDEN})
  file(COPY_FILE ${OUT_DIR}/figure.svg ${SOURCE_DIR}/${figure})
  return()
endif()
file(READ ${OUT_DIR}/figure.svg now)
file(READ ${SOURCE_DIR}/${figure} documented)
if(NOT now STREQUAL documented)
  string(REPLACE ";" " " shown "${args}")
  string(LENGTH "${now}" now_bytes)
  string(LENGTH "${documented}" documented_bytes)
  message(FATAL_ERROR "${figure} (${documented_bytes} bytes) differs from what crasp draws now "
                      "(${OUT_DIR}/figure.svg, ${now_bytes} bytes); if the change is intended, "
                      "regenerate it with\n"
                      "  crasp ${shown} -o ${figure}\n"
                      "(or CRASP_UPDATE_GOLDEN=1 ctest -R 'golden: docs_explain_figure')")
endif()
