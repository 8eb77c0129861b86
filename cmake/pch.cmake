# Precompiled headers: the third-party headers that most translation units include are parsed
# once per target instead of once per file (docs/testing.md, "Build time"). Eigen, fmt and
# nlohmann-json cost several seconds per file to parse and instantiate; Catch2 costs about two.
#
# A precompiled header is included before every source of the target, so a file that forgot an
# include of its own still builds with it: configure with -DCRASP_PCH=OFF to check that, as the
# `dev` preset does.

# The standard headers most of crasp's files include, then the heavy libraries.
set(CRASP_PCH_COMMON <algorithm> <cstddef> <cstdint> <map> <memory> <optional> <string>
                     <string_view> <utility> <variant> <vector> <Eigen/Core> <fmt/format.h>
                     <nlohmann/json.hpp>)

# crasp_precompile(TARGET [HEADER...]): precompile CRASP_PCH_COMMON and the given headers for
# TARGET's sources.
function(crasp_precompile target)
  if(CRASP_PCH)
    target_precompile_headers(${target} PRIVATE ${CRASP_PCH_COMMON} ${ARGN})
  endif()
endfunction()

# crasp_reuse_precompiled(TARGET FROM): TARGET compiles with FROM's precompiled header (the two
# must have the same flags and definitions), so the header is built once for both.
function(crasp_reuse_precompiled target from)
  if(CRASP_PCH)
    target_precompile_headers(${target} REUSE_FROM ${from})
  endif()
endfunction()
