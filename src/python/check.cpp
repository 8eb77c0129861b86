// crasp.check from Python (bindings.hpp): the --json report's text, which python/crasp parses
// into a dict, and the SVG plot of --plot when asked.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "crasp/task_check.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

std::optional<model::positional> encoding_of(const std::string& pe) {
  if (pe == "ape") return model::positional::ape;
  if (pe == "rope") return model::positional::rope;
  if (pe == "nope") return model::positional::nope;
  return std::nullopt;
}

}  // namespace

void bind_check(py::module_& m) {
  m.def(
      "check",
      [](const std::vector<std::string>& names, std::pair<std::size_t, std::size_t> train,
         std::pair<std::size_t, std::size_t> test, const std::vector<std::size_t>& far,
         const std::vector<std::string>& pe, const std::vector<std::string>& prec,
         std::size_t samples, std::uint64_t seed, std::size_t vocab, const std::string& programs,
         bool communication, unsigned threads, bool plot,
         const std::function<void(std::size_t, std::size_t, const std::string&)>& progress) {
        diagnostics d;
        std::optional<std::pair<std::string, std::string>> json;  // the report, its plot
        task_check_options o;
        o.tasks = names;
        std::tie(o.train_lo, o.train_hi) = train;
        std::tie(o.test_lo, o.test_hi) = test;
        o.far_factors = far;
        o.encodings.clear();
        for (const auto& e : pe) {
          if (auto x = encoding_of(e)) o.encodings.push_back(*x);
          else d.error("check", "pe must be 'ape', 'rope' or 'nope', not '" + e + "'");
        }
        o.precisions.clear();
        for (const auto& p : prec) {
          if (p == "f64") o.precisions.push_back(precision::f64);
          else if (p == "f32") o.precisions.push_back(precision::f32);
          else d.error("check", "precision must be 'f64' or 'f32', not '" + p + "'");
        }
        o.samples = samples;
        o.seed = seed;
        o.vocab = vocab;
        o.programs_dir = programs;
        o.communication = communication;
        o.threads = threads;
        if (progress)
          o.progress = [&progress](std::size_t done, std::size_t total, const std::string& what) {
            py::gil_scoped_acquire locked;  // called from check's worker threads
            progress(done, total, what);
          };
        if (d.has_errors()) return std::make_pair(json, to_python(d));
        {
          py::gil_scoped_release unlocked;
          if (auto r = crasp::check(o, d))
            json = std::make_pair(check_report_json(*r), plot ? check_plot_svg(*r) : std::string());
        }
        return std::make_pair(json, to_python(d));
      },
      py::arg("tasks"), py::arg("train"), py::arg("test"), py::arg("far"), py::arg("pe"),
      py::arg("prec"), py::arg("samples"), py::arg("seed"), py::arg("vocab"), py::arg("programs"),
      py::arg("communication"), py::arg("threads"), py::arg("plot"), py::arg("progress"));
}

}  // namespace crasp::python
