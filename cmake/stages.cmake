# One library per stage (docs/architecture.md, "Build graph"). Each stage is a folder of src/
# and a static library crasp_<stage> that links the stages it may use, and no others. The build
# enforces that order through include paths rather than trusting review: a stage's target sees
#  - the public headers (include/crasp/*.hpp) that it owns and those its dependencies own,
#  - its own folder's headers, and the folders of its dependencies unless they keep theirs
#    private (FOLDER_PRIVATE),
# through per-stage directories of symbolic links under ${CMAKE_BINARY_DIR}/stages. An include
# of a later stage's header therefore fails to compile ("No such file or directory") instead of
# quietly adding an edge that runs against the order.
#
# Every header of include/crasp must be owned by exactly one stage (crasp_stages_done() checks),
# so a new public header cannot escape the graph either. Tests, examples and benchmarks link the
# umbrella target crasp::crasp and see everything.

# Links are recreated on every configure, so a header that changed stage is gone from the old one.
file(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/stages)
set_property(GLOBAL PROPERTY CRASP_STAGES "")
set_property(GLOBAL PROPERTY CRASP_OWNED_HEADERS "")

# crasp_stage(NAME [DEPENDS stage...] [HEADERS header...] [FOLDER_PRIVATE] [SOURCES extra...])
#   NAME: the folder src/NAME and the target crasp_NAME (exported as crasp::NAME).
#   DEPENDS: the stages NAME may use (their own dependencies come along).
#   HEADERS: the public headers of include/crasp that NAME implements.
#   FOLDER_PRIVATE: NAME's folder headers are for NAME alone, not for the stages that use it.
function(crasp_stage name)
  cmake_parse_arguments(S "FOLDER_PRIVATE" "" "DEPENDS;HEADERS;SOURCES" ${ARGN})
  set(root ${CMAKE_BINARY_DIR}/stages/${name})
  file(MAKE_DIRECTORY ${root}/public/crasp ${root}/folder)
  foreach(h ${S_HEADERS})
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/include/crasp/${h})
      message(FATAL_ERROR "stage ${name}: no header include/crasp/${h}")
    endif()
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/crasp/${h} ${root}/public/crasp/${h} SYMBOLIC)
    set_property(GLOBAL APPEND PROPERTY CRASP_OWNED_HEADERS ${h})
  endforeach()
  file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/${name} ${root}/folder/${name} SYMBOLIC)

  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*.cpp)
  set(target crasp_${name})
  add_library(${target} STATIC ${sources} ${S_SOURCES})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${root}/public>
                                              $<INSTALL_INTERFACE:include>)
  if(S_FOLDER_PRIVATE)
    target_include_directories(${target} PRIVATE ${root}/folder)
  else()
    target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${root}/folder>)
  endif()
  foreach(dep ${S_DEPENDS})
    if(NOT TARGET crasp_${dep})
      message(FATAL_ERROR "stage ${name} depends on ${dep}, which is not declared before it")
    endif()
    target_link_libraries(${target} PUBLIC crasp_${dep})
  endforeach()
  # The same private flags for every stage, so that all can share one precompiled header.
  # fmt is outside the BUILD_INTERFACE: a consumer of the installed static libraries links it.
  target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:crasp_stage_flags> ${CRASP_FMT})
  get_property(stages GLOBAL PROPERTY CRASP_STAGES)
  if(stages)
    crasp_reuse_precompiled(${target} crasp_support)
  else()
    crasp_precompile(${target})
  endif()
  if(CRASP_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
  set_property(GLOBAL APPEND PROPERTY CRASP_STAGES ${target})
endfunction()

# Checks that every public header has a stage, and makes the umbrella target crasp (crasp::crasp)
# of all stages.
function(crasp_stages_done)
  file(GLOB headers RELATIVE ${PROJECT_SOURCE_DIR}/include/crasp ${PROJECT_SOURCE_DIR}/include/crasp/*.hpp)
  get_property(owned GLOBAL PROPERTY CRASP_OWNED_HEADERS)
  foreach(h ${headers})
    list(FIND owned ${h} at)
    if(at EQUAL -1)
      message(FATAL_ERROR "include/crasp/${h} belongs to no stage: add it to a crasp_stage's HEADERS in src/CMakeLists.txt")
    endif()
  endforeach()
  get_property(stages GLOBAL PROPERTY CRASP_STAGES)
  add_library(crasp INTERFACE)
  target_link_libraries(crasp INTERFACE ${stages})
  add_library(crasp::crasp ALIAS crasp)
endfunction()
