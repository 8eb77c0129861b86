// The task catalogue and its instances from Python (bindings.hpp): the catalogue, a spec's
// summary, and instances of a catalogue task or a spec. The generator answers exactly as
// `crasp tasks TASK --generate` (same random stream for a seed).
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <random>
#include <unordered_map>

#include "crasp/task_check.hpp"
#include "crasp/task_spec.hpp"
#include "crasp/tasks.hpp"
#include "bindings.hpp"
#include "task_source/source.hpp"

namespace crasp::python {
namespace {

const char* mode_text(tasks::task_mode m) {
  return m == tasks::task_mode::acceptor ? "acceptor"
         : m == tasks::task_mode::generator ? "generator"
                                            : "labels";
}

py::dict verdict_of(const tasks::verdict& v) {
  py::dict d;
  d["value"] = std::string(tasks::expressible_name(v.value));
  d["reason"] = v.reason;
  return d;
}

py::dict task_of(const tasks::task_spec& t) {
  py::dict d;
  d["name"] = t.name;
  d["mode"] = mode_text(t.mode);
  d["description"] = t.description;
  d["category"] = t.category;
  d["source"] = t.source;
  d["program"] = t.program;
  d["variable_vocab"] = t.variable_vocab;
  d["default_vocab"] = t.default_vocab;
  d["min_vocab"] = t.min_vocab;
  d["min_length"] = t.min_length;
  d["control_tokens"] = t.control_tokens;
  d["ape"] = verdict_of(t.ape);
  d["nope"] = verdict_of(t.nope);
  return d;
}


}  // namespace

void bind_tasks(py::module_& m) {
  m.def("tasks", [] {
    py::list out;
    for (const auto& t : tasks::catalogue()) out.append(task_of(t));
    return out;
  });

  // A spec's head, read and validated as crasp check reads it (nothing is run).
  m.def(
      "spec_info",
      [](const std::string& path) {
        diagnostics d;
        std::optional<py::dict> out;
        if (auto spec = load_task_file(path, d)) {
          py::dict s;
          s["name"] = spec->name;
          s["description"] = spec->description;
          s["format"] = std::string(answer_format_name(spec->format));
          s["min_length"] = spec->min_length;
          s["max_length"] = spec->max_length ? py::cast(*spec->max_length) : py::none();
          s["expect"] = spec->expect ? py::cast(std::string(tasks::expressible_name(*spec->expect)))
                                     : py::none();
          py::list trained;
          for (const auto& series : spec->trained) {
            py::list bins;
            for (const auto& p : series.points) bins.append(py::make_tuple(p.lo, p.hi, p.accuracy));
            py::dict t;
            t["label"] = series.pe;
            t["bins"] = bins;
            trained.append(t);
          }
          s["trained"] = trained;
          out = std::move(s);
        }
        return std::make_pair(std::move(out), to_python(d));
      },
      py::arg("path"));

  m.def(
      "generate_catalogue",
      [](const std::string& name, std::size_t length, std::size_t count, std::uint64_t seed,
         std::size_t vocab) {
        diagnostics d;
        std::optional<py::list> out;
        const tasks::task_spec* t = tasks::find(name);
        if (t == nullptr) {
          d.error("generate", "unknown task '" + name + "' (crasp.tasks() lists them)");
          return std::make_pair(std::move(out), to_python(d));
        }
        const std::size_t k = vocab != 0 ? tasks::effective_vocab(*t, vocab) : check_vocab(*t);
        if (vocab != 0 && k != vocab) {
          d.error("generate", "vocab " + std::to_string(vocab) + ": " + t->name + " takes " +
                                  (t->variable_vocab ? std::to_string(t->min_vocab) + ".." +
                                                           std::to_string(t->max_vocab)
                                                     : std::to_string(k)) +
                                  " symbols");
          return std::make_pair(std::move(out), to_python(d));
        }
        out.emplace();
        // A length the task cannot have (UF with N > k distinct symbols) has no instances.
        if (t->mode == tasks::task_mode::generator && tasks::effective_length(*t, length, k) != length)
          return std::make_pair(std::move(out), to_python(d));
        std::vector<tasks::instance> drawn(count);
        {
          py::gil_scoped_release unlocked;  // plain C++ values only in here
          std::mt19937_64 rng(seed);
          for (auto& inst : drawn) inst = tasks::generate(*t, length, rng, k);
        }
        // One str object per distinct token: instances of a small vocabulary share them, which
        // makes building a million lists cheap.
        std::unordered_map<std::string, py::str> interned;
        const auto token = [&](const std::string& s) -> py::object {
          auto it = interned.find(s);
          if (it == interned.end()) it = interned.emplace(s, py::str(s)).first;
          return it->second;
        };
        const auto tokens_of = [&](const std::vector<std::string>& v) {
          py::list l(v.size());
          for (std::size_t i = 0; i < v.size(); ++i) l[i] = token(v[i]);
          return l;
        };
        const py::str input_key("input"), answer_key("answer");
        for (const auto& inst : drawn) {
          py::dict row;
          row[input_key] = tokens_of(inst.input);
          if (t->mode == tasks::task_mode::acceptor) {
            row[answer_key] = py::bool_(inst.expected == std::vector<std::string>{"True"});
          } else if (t->mode == tasks::task_mode::labels) {
            py::list labels(inst.expected.size());
            for (std::size_t i = 0; i < inst.expected.size(); ++i) {
              const auto& l = inst.expected[i];
              if (l == "True" || l == "False") labels[i] = py::bool_(l == "True");
              else labels[i] = token(l);
            }
            row[answer_key] = labels;
          } else {
            row[answer_key] = tokens_of(inst.expected);
          }
          out->append(row);
        }
        return std::make_pair(std::move(out), to_python(d));
      },
      py::arg("task"), py::arg("length"), py::arg("count"), py::arg("seed"), py::arg("vocab"));

  m.def(
      "generate_spec",
      [](const std::string& path, std::size_t length, std::size_t count, std::uint64_t seed,
         double oracle_timeout) {
        diagnostics d;
        std::optional<std::pair<std::string, std::vector<std::pair<std::vector<std::string>,
                                                                   std::vector<std::string>>>>>
            out;
        std::vector<sources::task_instance> drawn;
        std::string format;
        {
          py::gil_scoped_release unlocked;  // the spec's generator runs as a process
          sources::source_options o;
          o.oracle_timeout = oracle_timeout;
          auto plan = sources::open_spec(path, o, d);
          std::mt19937_64 rng(seed);
          if (plan && plan->source->random(length, count, rng, drawn, d))
            format = std::string(answer_format_name(plan->format));
          else
            drawn.clear();
        }
        if (!format.empty()) {
          out.emplace();
          out->first = format;
          for (auto& inst : drawn) out->second.emplace_back(std::move(inst.input), std::move(inst.expected));
        }
        return std::make_pair(std::move(out), to_python(d));
      },
      py::arg("spec"), py::arg("length"), py::arg("count"), py::arg("seed"),
      py::arg("oracle_timeout"));

  m.attr("bundled_programs") = CRASP_PROGRAMS_DIR;
}

}  // namespace crasp::python
