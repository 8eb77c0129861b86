// See campaign.hpp.
#include "campaign.hpp"

#include <cstdlib>
#include <random>
#include <sstream>
#include <stdexcept>

#include "regression.hpp"
#include "shrink.hpp"
#include "sanitized.hpp"

namespace rnd {

namespace {

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

// A checker rejection is kept while shrinking only if it is the same error (locations aside):
// otherwise any candidate broken in a new way would count as "still failing".
std::string first_error(const std::string& diagnostics) {
  const auto at = diagnostics.find("error: ");
  return at == std::string::npos ? diagnostics : diagnostics.substr(at, diagnostics.find('\n', at) - at);
}

}  // namespace

campaign_options campaign_options::from_environment() {
  campaign_options o;
#if CRASP_TEST_SANITIZED
  o.programs = 40;  // ~10x slower per operation under ASan + UBSan
#endif
  o.programs = env_or("CRASP_RANDOM_PROGRAMS", o.programs);
  o.seed = env_or("CRASP_RANDOM_SEED", o.seed);
  o.random_inputs = env_or("CRASP_RANDOM_INPUTS", o.random_inputs);
  o.shape.max_statements = static_cast<int>(env_or("CRASP_RANDOM_STATEMENTS", 5));
  o.shape.max_depth = static_cast<int>(env_or("CRASP_RANDOM_DEPTH", 3));
  o.max_failures = env_or("CRASP_RANDOM_MAX_FAILURES", o.max_failures);
  o.max_len = static_cast<int>(env_or("CRASP_RANDOM_MAX_LEN", static_cast<std::uint64_t>(o.max_len)));
  const char* dir = std::getenv("CRASP_RANDOM_REGRESSIONS");
  o.regressions_dir = dir && *dir ? dir : CRASP_SOURCE_DIR "/tests/random/regressions";
  return o;
}

std::vector<std::vector<std::string>> inputs_for(const program& p, const campaign_options& o,
                                                 std::uint64_t seed) {
  const auto sigma = input_alphabet(p);
  std::size_t length = 1, total = sigma.size();
  while (length < 6 && total * sigma.size() <= o.exhaustive_budget) ++length, total *= sigma.size();
  std::vector<std::vector<std::string>> out;
  for (std::size_t code = 0; code < total; ++code) {
    std::vector<std::string> w;
    for (std::size_t k = 0, c = code; k < length; ++k, c /= sigma.size()) w.push_back(sigma[c % sigma.size()]);
    out.push_back(std::move(w));
  }
  std::mt19937_64 rng(seed);
  const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  for (std::size_t r = 0; r < o.random_inputs && static_cast<int>(length) < o.max_len; ++r) {
    const std::size_t n = length + 1 + pick(static_cast<std::size_t>(o.max_len) - length);
    std::vector<std::string> sub = sigma;
    if (r % 2 == 1) sub = {sigma[pick(sigma.size())], sigma[pick(sigma.size())]};  // counts come close
    std::vector<std::string> w;
    for (std::size_t k = 0; k < n; ++k) w.push_back(sub[pick(sub.size())]);
    out.push_back(std::move(w));
  }
  return out;
}

campaign_result run_campaign(const campaign_options& o) {
  campaign_result result;
  for (std::size_t k = 0; k < o.programs && result.failures.size() < o.max_failures; ++k) {
    const std::uint64_t seed = o.seed + k;
    const program p = generate(seed, o.shape);
    run_options opts;
    opts.max_len = o.max_len;
    opts.exact_booleans = (seed % 2) == 1;  // both constructions, deterministically
    ++result.programs;
    result.exact_boolean_programs += opts.exact_booleans;
    std::optional<disagreement> found;
    auto c = prepare(p, opts);
    if (auto* d = std::get_if<disagreement>(&c)) found = *d;
    else
      for (const auto& w : inputs_for(p, o, seed)) {
        if ((found = run_input(std::get<prepared>(c), w, opts, &result.counts))) break;
      }
    if (!found) continue;
    failure f{seed, *found, print(p), {}, {}, {}};
    // Shrink while the same engine keeps failing; then save the case for the replay test.
    run_options narrow = opts;
    narrow.only = found->engine;
    const auto s = shrink(p, found->input.empty() ? std::vector<std::string>{input_alphabet(p)[0]} : found->input,
                          [&](const program& q, const std::vector<std::string>& w) {
                            const auto d = compare_case(q, w, narrow);
                            return d && d->engine == found->engine &&
                                   (d->engine != "check" || first_error(d->what) == first_error(found->what));
                          });
    f.shrunk_source = print(s.prog);
    f.shrunk_input = s.input;
    const auto d = compare_case(s.prog, s.input, narrow);
    try {
      if (d) f.file = write_regression(o.regressions_dir, s.prog, s.input, *d);
    } catch (const std::logic_error&) {  // the reference cannot evaluate it: report unsaved
    }
    result.failures.push_back(std::move(f));
  }
  return result;
}

std::string campaign_result::summary() const {
  std::ostringstream out;
  out << programs << " programs (" << exact_boolean_programs << " compiled with exact Booleans), "
      << failures.size() << " failures\n";
  for (const auto& [engine, t] : counts)
    out << "  " << engine << ": " << t.inputs << " inputs, " << t.positions
        << " positions compared; " << t.uncertified << " positions past the certificate, "
        << t.uncertified_mismatches << " of them different\n";
  return out.str();
}

}  // namespace rnd
