// crasp.explain from Python (bindings.hpp): one input through a compiled program as an
// explanation whose HTML a notebook shows inline.
#include <pybind11/stl.h>

#include "crasp/compile.hpp"
#include "crasp/explain.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

/// An explanation and the renderings of it (one or several panels side by side).
struct py_explanation {
  std::vector<explanation> panels;
};

}  // namespace

void bind_explain(py::module_& m) {
  py::class_<py_explanation>(m, "Explanation",
                             "A compiled program on one input: attention per head, head roles, "
                             "statements, residual stream (crasp explain).")
      .def_property_readonly("tokens", [](const py_explanation& e) { return e.panels.front().tokens; })
      .def_property_readonly(
          "heads",
          [](const py_explanation& e) {
            py::list out;
            for (const auto& h : e.panels.front().heads)
              out.append(py::make_tuple(h.layer, h.index, h.name, std::string(to_string(h.role))));
            return out;
          },
          "(layer, index, name, role) per head of the first panel")
      .def("json", [](const py_explanation& e) { return explain_json(e.panels); })
      .def("svg", [](const py_explanation& e) { return explain_svg(e.panels); })
      .def("html", [](const py_explanation& e) { return explain_html(e.panels, "crasp explain"); })
      .def("_repr_html_", [](const py_explanation& e) { return explain_html(e.panels, "crasp explain"); })
      .def("__repr__", [](const py_explanation& e) {
        std::string titles;
        for (const auto& p : e.panels) titles += (titles.empty() ? "" : ", ") + p.title;
        return "<crasp.Explanation of " + titles + " on " +
               std::to_string(e.panels.front().tokens.size()) + " positions>";
      });

  m.def(
      "explain",
      [](const std::vector<std::pair<py_program, std::string>>& programs,
         const std::vector<std::string>& tokens, int max_len) {
        diagnostics d;
        std::optional<py_explanation> out;
        py_explanation e;
        for (const auto& [p, pe] : programs) {
          compile_options o;
          o.pe = pe == "rope" ? model::positional::rope
                 : pe == "nope" ? model::positional::nope
                                : model::positional::ape;
          o.max_len = max_len;
          auto c = compile(*p.program, o, d);
          if (!c) return std::make_pair(std::move(out), to_python(d));
          auto x = explain(c->model, tokens, p.program.get(), "<input>", d);
          if (!x) return std::make_pair(std::move(out), to_python(d));
          x->title = p.name;
          e.panels.push_back(std::move(*x));
        }
        out = std::move(e);
        return std::make_pair(std::move(out), to_python(d));
      },
      py::arg("programs"), py::arg("tokens"), py::arg("max_len"));
}

}  // namespace crasp::python
