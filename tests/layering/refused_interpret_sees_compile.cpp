// Layering probe (tests/layering/CMakeLists.txt): the interpreter comes before the compiler, so
// the compiler's header is not on its include path. This must fail to build.
#include "crasp/compile.hpp"
