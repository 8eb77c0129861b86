// Layering probe (tests/layering/CMakeLists.txt): the catalogue comes before crasp check, so
// crasp/task_check.hpp is not on its include path. This must fail to build.
#include "crasp/task_check.hpp"
