// Layering probe (tests/layering/CMakeLists.txt): synth comes after crasp check and may use its
// public header, but task_check keeps its folder private. This must fail to build.
#include "crasp/task_check.hpp"
#include "task_check/internal.hpp"
