// crasp.synth and crasp.explain from Python (bindings.hpp): the search's --json report as text
// (python/crasp parses it), and one input through a compiled program as an explanation whose
// HTML a notebook shows inline.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <atomic>

#include "crasp/compile.hpp"
#include "crasp/explain.hpp"
#include "crasp/synth.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

/// An explanation and the renderings of it (one or several panels side by side).
struct py_explanation {
  std::vector<explanation> panels;
};

}  // namespace

void bind_search(py::module_& m) {
  m.def(
      "synth",
      [](const std::string& task, std::size_t max_size, double time_limit, const std::string& pe,
         std::size_t search_vocab, bool verify, std::size_t samples, std::uint64_t seed,
         unsigned threads, const std::string& programs,
         const std::function<void(const std::string&)>& progress) {
        diagnostics d;
        std::optional<std::string> json;
        if (pe != "ape" && pe != "nope") {
          d.error("synth", "pe must be 'ape' or 'nope', not '" + pe + "'");
          return std::make_pair(json, to_python(d));
        }
        synth_options o;
        o.task = task;
        o.max_size = max_size;
        o.time_limit = time_limit;
        o.nope = pe == "nope";
        o.search_vocab = search_vocab;
        o.verify = verify;
        o.threads = threads;
        o.check.samples = samples;
        o.check.seed = seed;
        o.check.programs_dir = programs;
        if (o.nope) o.check.encodings = {model::positional::nope};
        if (progress)
          o.progress = [&progress](const std::string& what) {
            py::gil_scoped_acquire locked;  // called from the search's threads
            progress(what);
          };
        {
          py::gil_scoped_release unlocked;
          if (auto r = synthesize(o, d)) json = synth_report_json(*r);
        }
        return std::make_pair(json, to_python(d));
      },
      py::arg("task"), py::arg("max_size"), py::arg("time_limit"), py::arg("pe"),
      py::arg("search_vocab"), py::arg("verify"), py::arg("samples"), py::arg("seed"),
      py::arg("threads"), py::arg("programs"), py::arg("progress"));

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
