// crasp.synth from Python (bindings.hpp): the search's --json report as text, which python/crasp
// parses.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <atomic>

#include "crasp/synth.hpp"
#include "bindings.hpp"

namespace crasp::python {

void bind_synth(py::module_& m) {
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
}

}  // namespace crasp::python
