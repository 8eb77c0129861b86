// The `crasp._crasp` extension module: the library behind `import crasp` (python/crasp). Nothing
// here prints or exits; bad input comes back as diagnostics, which python/crasp raises as
// crasp.Error.
#include "bindings.hpp"

PYBIND11_MODULE(_crasp, m) {
  m.doc() = "crasp's C++ library (use the crasp package, which documents and wraps it)";
  crasp::python::bind_diagnostics(m);
  crasp::python::bind_program(m);
  crasp::python::bind_run(m);
  crasp::python::bind_batch(m);
  crasp::python::bind_compile(m);
  crasp::python::bind_tasks(m);
  crasp::python::bind_check(m);
  crasp::python::bind_synth(m);
  crasp::python::bind_explain(m);
}
