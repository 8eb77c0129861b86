// Running a program from Python: one input with its full trace (numpy arrays per statement) and
// greedy generation (bindings.hpp; many inputs at once: batch.cpp). Errors come back as diagnostics beside the result; python/crasp raises them.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "crasp/interpret.hpp"
#include "crasp/trace.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

using tokens = std::vector<std::string>;

/// A trace: the tokens and every statement's values at every position.
struct py_trace {
  trace_table table;
  std::shared_ptr<const ir::program> program;  ///< keeps the names' owner alive
};

py::array values_array(const std::vector<std::int64_t>& v, ir::type t) {
  if (t == ir::type::count) return py::array_t<std::int64_t>(static_cast<py::ssize_t>(v.size()), v.data());
  py::array_t<bool> out(static_cast<py::ssize_t>(v.size()));
  auto w = out.mutable_unchecked<1>();
  for (std::size_t i = 0; i < v.size(); ++i) w(static_cast<py::ssize_t>(i)) = v[i] != 0;
  return out;
}

py::object output_of(const trace_table& t) {
  if (t.values.empty() || t.values.back().empty()) return py::none();
  const std::int64_t v = t.values.back().back();
  if (t.statement_types.back() == ir::type::boolean) return py::bool_(v != 0);
  return py::int_(v);
}

}  // namespace

void bind_run(py::module_& m) {
  py::class_<py_trace>(m, "Trace", "Every statement's value at every position of one input.")
      .def_property_readonly("tokens", [](const py_trace& t) { return t.table.tokens; })
      .def_property_readonly(
          "statements",
          [](const py_trace& t) {
            py::list out;
            for (std::size_t s = 0; s < t.table.statement_names.size(); ++s)
              out.append(py::make_tuple(t.table.statement_names[s],
                                        values_array(t.table.values[s], t.table.statement_types[s])));
            return out;
          },
          "(name, values) per statement in order; values a numpy array (bool or int64), one per "
          "position")
      .def("__getitem__",
           [](const py_trace& t, const std::string& name) {
             // The latest statement of that name: a later one shadows an earlier one.
             for (std::size_t s = t.table.statement_names.size(); s-- > 0;)
               if (t.table.statement_names[s] == name)
                 return values_array(t.table.values[s], t.table.statement_types[s]);
             throw py::key_error(name);
           })
      .def_property_readonly("output", [](const py_trace& t) { return output_of(t.table); },
                             "the last statement's value at the last position (bool or int)")
      .def("text", [](const py_trace& t) { return format_trace_text(t.table); },
           "the trace as crasp run --trace prints it")
      .def("json", [](const py_trace& t) { return format_trace_json(t.table); })
      .def("_repr_html_", [](const py_trace& t) { return format_trace_html(t.table); })
      .def("__repr__", [](const py_trace& t) {
        const auto out = output_of(t.table);
        return "<crasp.Trace " + std::to_string(t.table.tokens.size()) + " tokens, " +
               std::to_string(t.table.statement_names.size()) + " statements, output " +
               py::str(out).cast<std::string>() + ">";
      });

  m.def(
      "trace",
      [](const py_program& p, const tokens& input) {
        diagnostics d;
        auto t = trace(*p.program, input, "<input>", d);
        std::optional<py_trace> out;
        if (t) out = py_trace{std::move(*t), p.program};
        return std::make_pair(std::move(out), to_python(d));
      },
      py::arg("program"), py::arg("tokens"));

  m.def(
      "generate",
      [](const py_program& p, const tokens& prefix, std::size_t max_new) {
        diagnostics d;
        std::optional<generate_output> g;
        {
          py::gil_scoped_release unlocked;
          g = generate(*p.program, prefix, max_new, "<prefix>", d);
        }
        std::optional<std::pair<tokens, std::string>> out;
        if (g) {
          const char* why = g->reason == stop_reason::no_next    ? "no_next"
                            : g->reason == stop_reason::max_new  ? "max_new"
                            : g->reason == stop_reason::ambiguous ? "ambiguous"
                                                                  : "max_len";
          out = std::make_pair(g->continuation, std::string(why));
        }
        return std::make_pair(out, to_python(d));
      },
      py::arg("program"), py::arg("prefix"), py::arg("max_new"));
}

}  // namespace crasp::python
