// Program.compile from Python: the compiled model as safetensors bytes (python/crasp turns them
// into a crasp_model.Model, no file in between) and what the compiler reports about it: the
// certified lengths, the size, the lowering's statistics (bindings.hpp).
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "crasp/compile.hpp"
#include "crasp/model_io.hpp"
#include "crasp/verify.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

std::optional<model::positional> positional_of(const std::string& pe) {
  if (pe == "ape") return model::positional::ape;
  if (pe == "rope") return model::positional::rope;
  if (pe == "nope") return model::positional::nope;
  return std::nullopt;
}

std::optional<booleans> booleans_of(const std::string& b) {
  if (b == "auto") return booleans::automatic;
  if (b == "plain") return booleans::plain;
  if (b == "exact") return booleans::exact;
  return std::nullopt;
}

py::dict stats_of(const compile_stats& s) {
  py::dict size;
  size["d_model"] = s.size.d_model;
  size["layers"] = s.size.layers;
  size["max_d_ff"] = s.size.max_d_ff;
  size["parameters"] = s.size.parameters;
  size["bytes"] = s.size.bytes;
  py::dict d;
  d["counts"] = s.counts;
  d["guard_reads"] = s.guard_reads;
  d["comparisons"] = s.comparisons;
  d["logic_units"] = s.logic_units;
  d["matching"] = s.matching;
  d["exact_booleans"] = s.exact_booleans;
  d["certified_f64"] = s.certified_f64;
  d["certified_f32"] = s.certified_f32;
  d["size"] = size;
  return d;
}

}  // namespace

void bind_compile(py::module_& m) {
  m.def(
      "compile",
      [](const py_program& p, const std::string& pe, int max_len, const std::string& bools,
         std::uint64_t max_model_bytes, bool matching_heads) {
        diagnostics d;
        std::optional<std::pair<py::bytes, py::dict>> out;
        const auto position = positional_of(pe);
        const auto mode = booleans_of(bools);
        if (!position) d.error("compile", "pe must be 'ape', 'rope' or 'nope', not '" + pe + "'");
        if (!mode) d.error("compile", "booleans must be 'auto', 'plain' or 'exact', not '" + bools + "'");
        if (!position || !mode) return std::make_pair(std::move(out), to_python(d));
        compile_options o;
        o.pe = *position;
        o.max_len = max_len;
        o.boolean_mode = *mode;
        o.max_model_bytes = max_model_bytes;
        o.matching_heads = matching_heads;
        std::optional<compiled_program> c;
        std::optional<std::string> bytes;
        {
          py::gil_scoped_release unlocked;
          c = compile(*p.program, o, d);
          if (c) bytes = model::to_bytes(c->model, d);
        }
        if (c && bytes) out = std::make_pair(py::bytes(*bytes), stats_of(c->stats));
        return std::make_pair(std::move(out), to_python(d));
      },
      py::arg("program"), py::arg("pe"), py::arg("max_len"), py::arg("booleans"),
      py::arg("max_model_bytes"), py::arg("matching_heads"));

  m.def(
      "verify",
      [](const py_program& p, const std::string& pe, int max_len, const std::string& prec,
         int exhaustive_length, std::size_t samples, std::uint64_t seed,
         const std::function<void(std::size_t, std::size_t)>& progress) {
        diagnostics d;
        std::optional<std::string> json;
        const auto position = positional_of(pe);
        if (!position) d.error("verify", "pe must be 'ape', 'rope' or 'nope', not '" + pe + "'");
        if (prec != "f64" && prec != "f32")
          d.error("verify", "precision must be 'f64' or 'f32', not '" + prec + "'");
        if (d.has_errors()) return std::make_pair(json, to_python(d));
        compile_options o;
        o.pe = *position;
        o.max_len = max_len;
        verify_options v;
        v.prec = prec == "f32" ? precision::f32 : precision::f64;
        v.exhaustive_length = exhaustive_length;
        v.random_per_bucket = samples;
        v.seed = seed;
        if (progress)
          v.progress = [&progress](std::size_t done, std::size_t total) {
            py::gil_scoped_acquire locked;  // verify runs with the GIL released
            progress(done, total);
          };
        {
          py::gil_scoped_release unlocked;
          if (auto c = compile(*p.program, o, d))
            if (auto r = verify(*p.program, *c, v, d))
              json = verify_report_json(*r, v.prec == precision::f32 ? c->stats.certified_f32
                                                                      : c->stats.certified_f64);
        }
        return std::make_pair(json, to_python(d));
      },
      py::arg("program"), py::arg("pe"), py::arg("max_len"), py::arg("precision"),
      py::arg("exhaustive_length"), py::arg("samples"), py::arg("seed"), py::arg("progress"));
}

}  // namespace crasp::python
