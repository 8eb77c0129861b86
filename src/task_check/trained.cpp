// crasp check --trained: the metrics.json of `python3 -m crasp_model train` read back as series
// beside the verdicts (internal.hpp). The file is checked field by field, so a hand-edited or
// truncated file is refused with the reason rather than shown wrong.
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "task_check/internal.hpp"

namespace crasp::check_detail {
namespace {

using json = nlohmann::json;

std::optional<std::size_t> length_of(const json& v) {
  if (!v.is_number_integer() || v.get<std::int64_t>() < 1) return std::nullopt;
  return static_cast<std::size_t>(v.get<std::int64_t>());
}

}  // namespace

std::optional<trained_metrics> read_trained_metrics(const std::string& path, diagnostics& diags) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    diags.error(path, "cannot read the training metrics");
    return std::nullopt;
  }
  std::stringstream text;
  text << f.rdbuf();
  const json doc = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  const auto bad = [&](const std::string& what) {
    diags.error(path, fmt::format("not a crasp_model train metrics file: {}", what));
    return std::nullopt;
  };
  if (doc.is_discarded() || !doc.is_object()) return bad("not a JSON object");
  if (doc.value("format", json()) != "crasp-training-metrics")
    return bad("\"format\" is not \"crasp-training-metrics\"");
  if (doc.value("format_version", json()) != 1)
    return bad("unsupported \"format_version\" (this crasp reads version 1)");
  const json& task = doc.value("task", json());
  const json& configs = doc.value("configs", json());
  if (!task.is_string() || task.get<std::string>().empty()) return bad("no \"task\" name");
  if (!configs.is_array() || configs.empty()) return bad("no \"configs\"");
  trained_metrics out{path, task.get<std::string>(), {}};
  for (std::size_t c = 0; c < configs.size(); ++c) {
    const json& r = configs[c];
    const std::string where = fmt::format("configs[{}]", c);
    if (!r.is_object() || !r.value("label", json()).is_string())
      return bad(where + " has no \"label\"");
    const json& runs = r.value("runs", json());
    const json& mean = r.value("mean", json());
    const json& bins = mean.is_object() ? mean.value("bins", json()) : json();
    if (!runs.is_array() || runs.empty()) return bad(where + " has no \"runs\"");
    if (!bins.is_array() || bins.empty()) return bad(where + " has no \"mean\".\"bins\"");
    published_series s;
    s.source = "crasp_model train";
    s.pe = fmt::format("{} ({} seed{})", r["label"].get<std::string>(), runs.size(),
                       runs.size() == 1 ? "" : "s");
    for (std::size_t b = 0; b < bins.size(); ++b) {
      const json& bin = bins[b];
      const auto lo = bin.is_object() ? length_of(bin.value("lo", json())) : std::nullopt;
      const auto hi = bin.is_object() ? length_of(bin.value("hi", json())) : std::nullopt;
      const json& acc = bin.is_object() ? bin.value("accuracy", json()) : json();
      if (!lo || !hi || *hi < *lo || !acc.is_number() || !(acc.get<double>() >= 0) ||
          !(acc.get<double>() <= 1))
        return bad(fmt::format("{}.mean.bins[{}] is not {{lo, hi, accuracy}} with 1 <= lo <= hi "
                               "and 0 <= accuracy <= 1", where, b));
      s.points.push_back({*lo, *hi, acc.get<double>()});
    }
    out.series.push_back(std::move(s));
  }
  return out;
}

}  // namespace crasp::check_detail
