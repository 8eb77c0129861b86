// `crasp info MODEL.safetensors`: what a saved model is (architecture, designed range, rotary
// frequencies) and what it was checked to keep (the compile-time check in its metadata).
#include <algorithm>
#include <ostream>
#include <set>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "engine_options.hpp"
#include "crasp/model.hpp"
#include "crasp/model_io.hpp"
#include "crasp/transformer.hpp"
#include "load.hpp"
#include "output.hpp"

namespace crasp::cli {
namespace {

/// Distinct rotary frequencies over all heads, ascending.
std::set<double> frequencies(const model::model& m) {
  std::set<double> out;
  for (const auto& l : m.layers)
    for (const auto& h : l.heads) out.insert(h.rotary.begin(), h.rotary.end());
  return out;
}

}  // namespace

exit_code info_model_command(const info_options& opts, io& io) {
  if (!opts.common.alphabets.empty())
    return usage_error(io, "--alphabet applies to programs, not to a saved model");
  const model::load_result loaded = model::load(opts.common.program);
  print_diagnostics(loaded.diags, io);
  if (!loaded.ok()) return exit_code::failure;
  const model::model& m = *loaded.value;
  const model::summary s = model::summarize(m);
  const auto freqs = frequencies(m);
  if (opts.common.json) {
    json j;
    j["model"] = opts.common.program;
    j["output"] = output_kind_name(m);
    j["outputs"] = m.output_labels;
    j["pe"] = std::string(model::to_string(m.pe));
    j["max_len"] = m.max_len - 1;
    j["layers"] = s.layers;
    j["heads"] = s.heads;
    j["d_model"] = s.d_model;
    j["max_d_ff"] = s.max_d_ff;
    j["vocab"] = s.vocab;
    j["parameters"] = s.parameters;
    j["rotary_frequencies"] = std::vector<double>(freqs.begin(), freqs.end());
    j["info"] = m.info;
    io.out << dump_json(j);
    return exit_code::ok;
  }
  std::string out;
  auto field = [&out](const std::string& key, const std::string& value) {
    out += fmt::format("{:<15}{}\n", key, value);
  };
  field("model", opts.common.program);
  out += architecture_text(m);
  if (!freqs.empty()) {
    std::string list;
    for (double f : freqs) list += fmt::format("{}{:.6g}", list.empty() ? "" : " ", f);
    field("rotary", list);
  }
  for (const auto& [key, value] : m.info) field(key, value);
  io.out << out;
  return exit_code::ok;
}

}  // namespace crasp::cli
