// Diagnostics as Python values (bindings.hpp).
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace crasp::python {

std::vector<py_diagnostic> to_python(const diagnostics& ds) {
  std::vector<py_diagnostic> out;
  for (const diagnostic& d : ds.items()) {
    py_diagnostic p;
    p.level = d.level == severity::error ? "error" : d.level == severity::warning ? "warning" : "note";
    p.message = d.message;
    if (d.source) {
      p.file = d.source->name;
      const line_col at = locate(d.source->text, d.where.begin);
      p.line = at.line;
      p.column = at.col;
    } else {
      p.file = d.origin;
    }
    p.rendered = render(d);
    out.push_back(std::move(p));
  }
  return out;
}

void bind_diagnostics(py::module_& m) {
  py::class_<py_diagnostic>(m, "Diagnostic", "One error, warning or note about a program or input.")
      .def_readonly("level", &py_diagnostic::level, "'error', 'warning' or 'note'")
      .def_readonly("message", &py_diagnostic::message, "the message alone")
      .def_readonly("file", &py_diagnostic::file, "the program's name, or where the input came from")
      .def_readonly("line", &py_diagnostic::line, "1-based line, or None")
      .def_readonly("column", &py_diagnostic::column, "1-based column (bytes), or None")
      .def_readonly("rendered", &py_diagnostic::rendered,
                    "file:line:col: level: message, the source line and a caret, as the CLI prints")
      .def("__str__", [](const py_diagnostic& d) { return d.rendered; })
      .def("__repr__", [](const py_diagnostic& d) {
        return "<crasp.Diagnostic " + d.level + " " + d.file +
               (d.line ? ":" + std::to_string(*d.line) + ":" + std::to_string(*d.column) : "") +
               ": " + d.message + ">";
      });
}

}  // namespace crasp::python
