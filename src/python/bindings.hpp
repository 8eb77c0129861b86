// Private to src/python: the pieces of the `crasp._crasp` extension module (python/crasp wraps
// it in the documented API). Each bind_* adds one group of classes and functions.
#pragma once

#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crasp/diagnostic.hpp"
#include "crasp/frontend.hpp"
#include "crasp/ir.hpp"

namespace crasp::python {

namespace py = pybind11;

/// One diagnostic as Python sees it: located (file, line, column) when it points into text,
/// `rendered` the clang-style text with the source line and caret (notes included).
struct py_diagnostic {
  std::string level;  ///< "error", "warning" or "note"
  std::string message;
  std::string file;   ///< the source's name, or the origin for an unlocated diagnostic
  std::optional<std::uint32_t> line, column;  ///< 1-based; None when not tied to text
  std::string rendered;
};

/// Every diagnostic of `ds`, in order.
std::vector<py_diagnostic> to_python(const diagnostics& ds);

/// A checked program and what came with it: shared so that traces and batches keep it alive.
struct py_program {
  std::shared_ptr<const ir::program> program;
  std::optional<ast::program> syntax;  ///< for the declared alphabets
  std::string name;                    ///< the file or "<string>"
  std::map<std::string, std::vector<std::string>> overrides;  ///< the alphabets it was loaded with
  std::vector<py_diagnostic> warnings;
};

void bind_diagnostics(py::module_& m);
void bind_program(py::module_& m);
void bind_run(py::module_& m);
void bind_batch(py::module_& m);
void bind_compile(py::module_& m);
void bind_tasks(py::module_& m);
void bind_check(py::module_& m);
void bind_synth(py::module_& m);
void bind_explain(py::module_& m);

}  // namespace crasp::python
