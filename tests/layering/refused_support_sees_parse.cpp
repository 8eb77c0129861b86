// Layering probe (tests/layering/CMakeLists.txt): support is the lowest stage; the parser's
// folder is not on its include path. This must fail to build.
#include "parse/limits.hpp"
