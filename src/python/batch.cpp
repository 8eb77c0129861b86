// Program.run_batch: many inputs, outputs as one numpy array (bindings.hpp). Turning a million
// Python strings into std::strings would cost more than evaluating them, so tokens go straight
// to vocabulary indices: a direct-mapped cache keyed by the string object (inputs drawn from one
// vocabulary share their str objects), then the UTF-8 text. An input whose token the program
// does not know (a declared alphabet), or that is empty, takes the slow path through run(),
// which words the error exactly as the CLI does. Evaluation runs without the GIL, split over
// threads.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "crasp/interpret.hpp"
#include "bindings.hpp"

namespace crasp::python {
namespace {

constexpr std::size_t max_input_bytes = std::size_t{64} << 20;  // the CLI's line limit

class token_ids {
 public:
  explicit token_ids(const ir::program& p) : p_(p) {
    for (std::uint32_t k = 0; k < p.vocabulary.size(); ++k) by_text_.emplace(p.vocabulary[k], k);
  }
  // The index of str object `s`, other_token for a token an open vocabulary does not name,
  // nullopt for one a declared alphabet does not have. Sets `bytes` += its UTF-8 length.
  std::optional<std::uint32_t> of(PyObject* s, std::size_t& bytes) {
    slot& c = cache_[(reinterpret_cast<std::uintptr_t>(s) >> 4) % cache_.size()];
    if (c.object == s) {
      bytes += c.bytes;
      return c.id;
    }
    Py_ssize_t n = 0;
    const char* text = PyUnicode_AsUTF8AndSize(s, &n);
    if (text == nullptr) throw py::error_already_set();  // not encodable as UTF-8
    const auto it = by_text_.find(std::string_view(text, static_cast<std::size_t>(n)));
    std::optional<std::uint32_t> id;
    if (it != by_text_.end()) id = it->second;
    else if (!p_.closed_vocabulary) id = other_token;
    c = {s, id, static_cast<std::size_t>(n)};
    bytes += c.bytes;
    return id;
  }

 private:
  struct slot {
    PyObject* object = nullptr;
    std::optional<std::uint32_t> id;
    std::size_t bytes = 0;
  };
  const ir::program& p_;
  std::unordered_map<std::string_view, std::uint32_t> by_text_;  // views into p_.vocabulary
  std::vector<slot> cache_ = std::vector<slot>(4096);
};

struct prepared {
  std::vector<std::vector<std::uint32_t>> ids;
  std::vector<std::optional<std::vector<std::string>>> slow;  // set: run() words its error
};

std::vector<std::string> strings_of(const py::handle& input) {
  std::vector<std::string> out;
  for (const auto& t : input) out.push_back(t.cast<std::string>());
  return out;
}

prepared prepare(const ir::program& p, const py::list& inputs) {
  prepared r;
  r.ids.resize(inputs.size());
  r.slow.resize(inputs.size());
  token_ids index(p);
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const py::handle input = inputs[k];
    if (!PyList_Check(input.ptr())) throw py::type_error("run_batch: each input must be a list of str");
    const Py_ssize_t n = PyList_GET_SIZE(input.ptr());
    auto& ids = r.ids[k];
    ids.reserve(static_cast<std::size_t>(n));
    std::size_t bytes = 0;
    bool known = n > 0;
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* t = PyList_GET_ITEM(input.ptr(), i);
      if (!PyUnicode_Check(t))
        throw py::type_error(std::string("run_batch: every token must be a str, not ") +
                             Py_TYPE(t)->tp_name);
      const auto id = index.of(t, bytes);
      if (!id) known = false;
      else ids.push_back(*id);
    }
    if (n > 0 && bytes + static_cast<std::size_t>(n) - 1 > max_input_bytes)
      throw py::value_error("run_batch: input " + std::to_string(k) + " is longer than " +
                            std::to_string(max_input_bytes) +
                            " bytes (the limit of an input line of the crasp command)");
    if (!known) r.slow[k] = strings_of(input);
  }
  return r;
}

// Inputs [begin, end) on one evaluator; the first error stops this share.
void run_share(const ir::program& p, const prepared& in, std::size_t begin, std::size_t end,
               std::vector<std::int64_t>& out, diagnostics& diags) {
  evaluator ev(p);
  const ir::node_id output = p.statements.back().value;
  for (std::size_t k = begin; k < end; ++k) {
    const std::string origin = "input " + std::to_string(k);
    if (in.slow[k]) {
      const auto r = run(ev, *in.slow[k], origin, diags);
      if (!r) return;
      out[k] = r->value;
      continue;
    }
    ev.reset();
    ev.reserve(in.ids[k].size());
    if (!ev.append(in.ids[k], diags)) return;
    out[k] = ev.last(output);
  }
}

}  // namespace

void bind_batch(py::module_& m) {
  m.def(
      "run_batch",
      [](const py_program& p, const py::list& inputs, unsigned threads) {
        diagnostics d;
        const ir::program& program = *p.program;
        std::vector<std::int64_t> values(inputs.size(), 0);
        if (program.statements.empty()) {
          d.error("run_batch", "the program has no statement: it answers nothing");
        } else {
          const prepared in = prepare(program, inputs);
          py::gil_scoped_release unlocked;  // from here on only C++ values
          const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
          const std::size_t n = std::min<std::size_t>(threads == 0 ? hw : threads,
                                                      std::max<std::size_t>(1, inputs.size() / 64));
          std::vector<diagnostics> shares(n);
          std::vector<std::thread> pool;
          for (std::size_t t = 0; t < n; ++t)
            pool.emplace_back(run_share, std::cref(program), std::cref(in),
                              inputs.size() * t / n, inputs.size() * (t + 1) / n, std::ref(values),
                              std::ref(shares[t]));
          for (auto& th : pool) th.join();
          for (auto& s : shares) d.append(s);
        }
        const bool boolean = !program.statements.empty() &&
                             program.statements.back().result == ir::type::boolean;
        py::array out;
        if (boolean) {
          py::array_t<bool> b(static_cast<py::ssize_t>(values.size()));
          auto w = b.mutable_unchecked<1>();
          for (std::size_t i = 0; i < values.size(); ++i) w(static_cast<py::ssize_t>(i)) = values[i] != 0;
          out = std::move(b);
        } else {
          out = py::array_t<std::int64_t>(static_cast<py::ssize_t>(values.size()), values.data());
        }
        return std::make_pair(out, to_python(d));
      },
      py::arg("program"), py::arg("inputs"), py::arg("threads"));
}

}  // namespace crasp::python
