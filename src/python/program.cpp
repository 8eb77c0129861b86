// crasp.Program: loading (text or file, alphabet overrides), what a program is (statements,
// vocabulary, class, declared alphabets) and its expansion (bindings.hpp).
#include <pybind11/stl.h>

#include <variant>

#include "crasp/ast.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

using load_answer = std::pair<std::optional<py_program>, std::vector<py_diagnostic>>;

check_options options_of(const std::map<std::string, std::vector<std::string>>& alphabets) {
  check_options o;
  o.alphabet_overrides = alphabets;
  return o;
}

load_answer answer_of(load_result r, std::string name,
                      const std::map<std::string, std::vector<std::string>>& alphabets) {
  auto diags = to_python(r.diags);
  if (!r.ok()) return {std::nullopt, std::move(diags)};
  py_program p;
  p.program = std::make_shared<const ir::program>(std::move(*r.program));
  p.syntax = std::move(r.syntax);
  p.name = std::move(name);
  p.overrides = alphabets;
  p.warnings = diags;
  return {std::move(p), std::move(diags)};
}

const char* type_text(ir::type t) { return t == ir::type::boolean ? "bool" : "count"; }

// Declared alphabets in declaration order, with the overrides the program was loaded with (the
// AST keeps what the text says, so ranges expand here).
py::list alphabets_of(const py_program& p) {
  py::list out;
  if (!p.syntax) return out;
  for (const ast::statement& st : p.syntax->statements) {
    const auto* decl = std::get_if<ast::alphabet_decl>(&st.node);
    if (!decl) continue;
    std::vector<std::string> items;
    if (auto o = p.overrides.find(decl->name); o != p.overrides.end()) {
      out.append(py::make_tuple(decl->name, o->second));
      continue;
    }
    for (const ast::alphabet_item& item : decl->items) {
      std::optional<std::vector<std::string>> range;
      if (item.last) range = expand_range(item.first, *item.last);
      if (range) {
        items.insert(items.end(), range->begin(), range->end());
      } else {
        items.push_back(item.first);
        if (item.last) items.push_back(*item.last);
      }
    }
    out.append(py::make_tuple(decl->name, items));
  }
  return out;
}

}  // namespace

void bind_program(py::module_& m) {
  py::class_<py_program>(m, "Program", "A parsed and checked C-RASP program (crasp.parse).")
      .def_property_readonly("name", [](const py_program& p) { return p.name; })
      .def_property_readonly(
          "statements",
          [](const py_program& p) {
            py::list out;
            for (const auto& s : p.program->statements)
              out.append(py::make_tuple(s.name, type_text(s.result)));
            return out;
          },
          "(name, 'bool' | 'count') per statement, in order; the last is the output")
      .def_property_readonly("vocabulary", [](const py_program& p) { return p.program->vocabulary; },
                             "every token the program names or declares")
      .def_property_readonly("closed_vocabulary",
                             [](const py_program& p) { return p.program->closed_vocabulary; },
                             "True when tokens outside the vocabulary are errors")
      .def_property_readonly("is_generator", [](const py_program& p) { return p.program->is_generator(); },
                             "True for a next-token program (next rules)")
      .def_property_readonly(
          "next_tokens",
          [](const py_program& p) {
            std::vector<std::string> out;
            for (const auto& r : p.program->next) out.push_back(p.program->vocabulary.at(r.token));
            return out;
          },
          "the tokens that have a next rule")
      .def_property_readonly(
          "program_class",
          [](const py_program& p) {
            return p.program->klass == ir::program_class::crasp ? "C-RASP" : "C-RASP[pos]";
          },
          "'C-RASP' (no positions: NoPE) or 'C-RASP[pos]'")
      .def_property_readonly("depth", [](const py_program& p) { return p.program->depth; },
                             "longest chain of nested counts")
      .def_property_readonly("size", [](const py_program& p) { return p.program->nodes.size(); },
                             "operations after expansion")
      .def_property_readonly("alphabets", &alphabets_of,
                             "(name, items) per declared alphabet, in declaration order")
      .def_property_readonly("warnings", [](const py_program& p) { return p.warnings; })
      .def("expand", [](const py_program& p) { return print_expanded(*p.program); },
           "the program as plain .crasp statements, families expanded (crasp expand)");

  m.def(
      "load_text",
      [](std::string name, std::string text,
         const std::map<std::string, std::vector<std::string>>& alphabets) {
        return answer_of(load_text(name, std::move(text), options_of(alphabets)), name, alphabets);
      },
      py::arg("name"), py::arg("text"), py::arg("alphabets"));
  m.def(
      "load_file",
      [](std::string path, const std::map<std::string, std::vector<std::string>>& alphabets) {
        return answer_of(load_file(path, options_of(alphabets)), path, alphabets);
      },
      py::arg("path"), py::arg("alphabets"));
  m.def(
      "expand_alphabet",
      [](const std::string& spec) {
        diagnostics d;
        auto items = expand_alphabet_spec(spec, d);
        return std::make_pair(items, to_python(d));
      },
      py::arg("spec"));
}

}  // namespace crasp::python
