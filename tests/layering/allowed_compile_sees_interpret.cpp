// Layering probe (tests/layering/CMakeLists.txt): the compile stage may use the interpreter's
// and the model's headers, and the interpret stage's shared folder. This one must build, so that
// the refusals of the other probes are about the stage order and not a broken setup.
#include "crasp/interpret.hpp"
#include "crasp/model.hpp"
#include "interpret/matching.hpp"
