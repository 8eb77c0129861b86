// The analysis driver: at each length, one prefix x suffix table of answers per split, its class
// count, what that rules out, the growth over the lengths and the verdict words
// (include/crasp/communication.hpp, docs/communication.md).
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <set>
#include <unordered_map>

#include "communication/classes.hpp"
#include "communication/source.hpp"
#include "crasp/task_spec.hpp"

namespace crasp {
namespace {

using comm_detail::tokens;

// Every word of length `len` over `symbols`, in lexicographic order of indices.
std::vector<tokens> all_words(const std::vector<std::string>& symbols, std::size_t len) {
  std::vector<tokens> out{tokens{}};
  for (std::size_t p = 0; p < len; ++p) {
    std::vector<tokens> next;
    next.reserve(out.size() * symbols.size());
    for (const auto& w : out)
      for (const auto& s : symbols) {
        next.push_back(w);
        next.back().push_back(s);
      }
    out = std::move(next);
  }
  return out;
}

// K^len, or SIZE_MAX when it would overflow.
std::size_t power(std::size_t k, std::size_t len) {
  std::size_t r = 1;
  for (std::size_t i = 0; i < len; ++i) {
    if (k != 0 && r > SIZE_MAX / k) return SIZE_MAX;
    r *= k;
  }
  return r;
}

// Prefixes and suffixes for a sampled split: the task's own instances split at a (a member's
// second half is the suffix that tells its first half apart), then random words.
bool sample_sides(const comm_detail::answer_source& src, std::size_t n, std::size_t a,
                  std::size_t per_side, std::mt19937_64& rng, std::vector<tokens>& prefixes,
                  std::vector<tokens>& suffixes, diagnostics& diags) {
  std::set<tokens> ps, ss;
  if (src.sample) {
    // A source with no instance of this length returns none; only a failing one is an error.
    std::vector<spec_detail::task_instance> got;
    if (!src.sample(n, per_side, rng, got, diags)) return false;
    for (const auto& inst : got) {
      const tokens c = comm_detail::content_of(src.shape, inst.input);
      if (c.size() != n) continue;
      ps.insert(tokens(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(a)));
      ss.insert(tokens(c.begin() + static_cast<std::ptrdiff_t>(a), c.end()));
    }
  }
  const auto fill = [&](std::set<tokens>& side, std::size_t len) {
    const std::size_t space = power(src.content.size(), len);
    for (std::size_t tries = 0; side.size() < std::min(per_side, space) && tries < 20 * per_side;
         ++tries) {
      tokens w(len);
      for (auto& t : w) t = src.content[rng() % src.content.size()];
      side.insert(std::move(w));
    }
  };
  fill(ps, a);
  fill(ss, n - a);
  prefixes.assign(ps.begin(), ps.end());
  suffixes.assign(ss.begin(), ss.end());
  return true;
}

bool measure(const comm_detail::answer_source& src, const communication_options& options,
             std::size_t n, std::size_t a, std::mt19937_64& rng, split_measure& m,
             diagnostics& diags) {
  m.n = n, m.a = a;
  if (!comm_detail::frame_input(src.shape, tokens(n, src.content.front()))) {
    m.skipped = "the frame does not fit this length";
    return true;
  }
  m.alice = comm_detail::alice_positions(src.shape, n, a);
  std::vector<tokens> prefixes, suffixes;
  const bool exhaustive = power(src.content.size(), n) <= options.budget;
  if (exhaustive) {
    prefixes = all_words(src.content, a);
    suffixes = all_words(src.content, n - a);
  } else {
    const auto per_side = static_cast<std::size_t>(std::sqrt(static_cast<double>(options.budget)));
    if (!sample_sides(src, n, a, per_side, rng, prefixes, suffixes, diags)) return false;
  }
  m.prefixes = prefixes.size(), m.suffixes = suffixes.size();
  comm_detail::answer_rows rows(prefixes.size(), std::vector<std::int32_t>(suffixes.size(), -1));
  std::unordered_map<std::string, std::int32_t> ids;
  // One batch per prefix: a spec's oracle answers a batch per round trip.
  std::vector<tokens> batch;
  std::vector<std::optional<spec_detail::task_instance>> answers;
  for (std::size_t p = 0; p < prefixes.size(); ++p) {
    batch.clear();
    for (const auto& s : suffixes) {
      tokens content = prefixes[p];
      content.insert(content.end(), s.begin(), s.end());
      batch.push_back(*comm_detail::frame_input(src.shape, content));
    }
    if (!src.answer(batch, answers, diags)) return false;
    for (std::size_t q = 0; q < answers.size() && q < suffixes.size(); ++q) {
      if (!answers[q]) continue;
      ++m.queries;
      std::string key;
      for (const auto& t : comm_detail::bob_part(src.format, answers[q]->expected, m.alice))
        key += t + '\x1f';
      rows[p][q] = ids.emplace(key, static_cast<std::int32_t>(ids.size())).first->second;
    }
  }
  if (m.queries == 0) {
    m.skipped = "no input of this length is in the task";
    return true;
  }
  const comm_detail::class_count c = comm_detail::distinguishable(rows);
  m.classes = c.classes;
  m.exact = exhaustive && !c.open_pairs;
  const double per_count = std::log2(static_cast<double>(m.alice) + 1);
  const double need = std::log2(static_cast<double>(m.classes));
  // Largest S with (alice + 1)^S < classes.
  while (static_cast<double>(m.ruled_out_counts + 1) * per_count < need - 1e-9) ++m.ruled_out_counts;
  return true;
}

// Least-squares slope of ys against xs.
double slope(const std::vector<double>& xs, const std::vector<double>& ys, double& residual) {
  const double n = static_cast<double>(xs.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) mx += xs[i] / n, my += ys[i] / n;
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < xs.size(); ++i)
    sxy += (xs[i] - mx) * (ys[i] - my), sxx += (xs[i] - mx) * (xs[i] - mx);
  const double b = sxx == 0 ? 0 : sxy / sxx;
  residual = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double e = ys[i] - (my + b * (xs[i] - mx));
    residual += e * e;
  }
  return b;
}

void classify(communication_report& r) {
  // One point per split size a. A sampled count that equals the prefixes asked is capped by
  // the sample, not by the task: left out of the fit.
  std::vector<const split_measure*> series;
  for (const auto& m : r.splits) {
    if (!m.skipped.empty() || m.classes == 0) continue;
    if (!m.exact && m.classes >= m.prefixes) continue;
    // The length with the most classes for this a (ww has one class at every odd length).
    if (!series.empty() && series.back()->a == m.a) {
      if (m.classes >= series.back()->classes) series.back() = &m;
    } else {
      series.push_back(&m);
    }
  }
  // Instances that run out: every length from some point on has none (three in a row at the
  // end at least: a task with inputs at every third length only skips two).
  std::size_t ran_out = 0, trailing = 0;
  for (auto it = r.splits.rbegin(); it != r.splits.rend() && !it->skipped.empty(); ++it)
    ran_out = it->n, ++trailing;
  if (trailing >= 3) {
    r.growth = class_growth::inconclusive;
    r.growth_reason = fmt::format("instances run out at length {} (over {} symbols): growth that "
                                  "stops there rules nothing out", ran_out, r.symbols.size());
    return;
  }
  if (series.size() < 4) {
    r.growth = class_growth::inconclusive;
    r.growth_reason = fmt::format("{} split size(s) measured exactly enough to fit; a fit needs 4 "
                                  "(longer --max-length, a larger --budget or a smaller --vocab)",
                                  series.size());
    return;
  }
  // log2 classes against a (exponential: a straight line) and against log2(alice + 1)
  // (polynomial: a straight line); the better fit names the growth.
  std::vector<double> as, logs, bits;
  for (const auto* m : series) {
    as.push_back(static_cast<double>(m->a));
    logs.push_back(std::log2(static_cast<double>(m->alice) + 1));
    bits.push_back(std::log2(static_cast<double>(m->classes)));
  }
  double res_exp = 0, res_poly = 0;
  const double rate = slope(as, bits, res_exp);
  const double deg = slope(logs, bits, res_poly);
  const std::string range = fmt::format("a = {}..{} (n = {}..{})", series.front()->a,
                                        series.back()->a, series.front()->n, series.back()->n);
  // Exponential needs every step to gain at least half a bit per prefix token: a fit alone
  // is fooled by a few jumpy lower bounds (a task with instances at every third length only).
  bool every_step = true;
  for (std::size_t i = 1; i < series.size(); ++i)
    every_step = every_step && bits[i] - bits[i - 1] >= 0.5 * (as[i] - as[i - 1]) - 1e-9;
  if (every_step && rate >= 0.5 && res_exp < res_poly) {
    r.growth = class_growth::exponential;
    r.growth_reason = fmt::format("{}: log2 classes rises {:.2f} bits per prefix token, a straight "
                                  "line in a (squared residual {:.3f}; as a polynomial {:.3f})",
                                  range, rate, res_exp, res_poly);
  } else if (res_poly <= res_exp || rate < 0.25) {
    r.growth = class_growth::polynomial;
    r.growth_reason = fmt::format("{}: classes fit a polynomial of degree {:.2f} in a + 1 (squared "
                                  "residual {:.3f}; as an exponential {:.3f})",
                                  range, deg, res_poly, res_exp);
  } else {
    r.growth = class_growth::inconclusive;
    r.growth_reason = fmt::format("{}: {:.2f} bits per prefix token on average, closer to an "
                                  "exponential, but {}", range, rate,
                                  every_step ? "under the 0.5 that counts as one"
                                             : "not every step gains half a bit per token");
  }
}

void decide(communication_report& r) {
  const split_measure* best = strongest(r);
  const std::string exact_line =
      best && best->ruled_out_counts > 0
          ? fmt::format("no program with <= {} counts (and no local guard) at n = {}{}",
                        best->ruled_out_counts, best->n, best->exact ? "" : " (a lower bound's)")
          : "";
  if (r.bound) {
    r.outcome = r.within_bound ? communication_outcome::within_bound
                               : communication_outcome::bound_violated;
    r.verdict = r.within_bound ? fmt::format("the program itself: every measurement within its "
                                             "bound ({} counts, {} local bits)",
                                             r.bound->counts, r.bound->local_bits)
                               : "BOUND VIOLATED: a bug in the analysis or the interpreter";
    return;
  }
  if (r.published_value == tasks::expressible::yes) {
    r.outcome = communication_outcome::published_yes;
    // A witness settles it; exponential growth beside one would be a bug here.
    r.verdict = r.published + (r.growth == class_growth::exponential
                                   ? "; THE ANALYSIS CONTRADICTS IT: a bug"
                                   : "");
    return;
  }
  if (r.growth == class_growth::exponential && !exact_line.empty()) {
    r.outcome = communication_outcome::no;
    r.verdict = fmt::format("no (communication: prefix classes grow exponentially, {}; {})",
                            r.growth_reason.substr(0, r.growth_reason.find(':')), exact_line);
    return;
  }
  std::string why = r.growth == class_growth::polynomial
                        ? "communication cannot rule this out: classes grow polynomially"
                        : "communication rules nothing out over this range";
  r.outcome = communication_outcome::unknown;
  r.verdict = "unknown (" + why + (exact_line.empty() ? "" : "; " + exact_line) + ")";
}

}  // namespace

namespace {

bool lengths_ok(const communication_options& options, diagnostics& diags) {
  if (options.min_length >= 2 && options.max_length >= options.min_length) return true;
  diags.error("communication", fmt::format("lengths {}..{}: need 2 <= min <= max",
                                           options.min_length, options.max_length));
  return false;
}

std::optional<communication_report> run(const comm_detail::answer_source* src,
                                        const communication_options& options,
                                        diagnostics& diags);

}  // namespace

std::optional<communication_report> analyze_communication(const communication_options& options,
                                                          diagnostics& diags) {
  if (!lengths_ok(options, diags)) return std::nullopt;
  const auto src = comm_detail::open_source(options, diags);
  if (!src) return std::nullopt;
  return run(&*src, options, diags);
}

const split_measure* strongest(const communication_report& report) {
  const split_measure* best = nullptr;
  for (const auto& m : report.splits)
    if (m.skipped.empty() && (!best || m.ruled_out_counts > best->ruled_out_counts)) best = &m;
  return best;
}

std::optional<communication_report> analyze_communication(const ir::program& program,
                                                          const communication_options& options,
                                                          diagnostics& diags) {
  if (!lengths_ok(options, diags)) return std::nullopt;
  if (program.statements.empty() && !program.is_generator()) {
    diags.error(options.task.empty() ? "<program>" : options.task,
                "the program has no statement: it answers nothing");
    return std::nullopt;
  }
  const auto src = comm_detail::program_as_task(std::make_shared<const ir::program>(program),
                                                options.task.empty() ? "<program>" : options.task);
  return run(&src, options, diags);
}

namespace {

std::optional<communication_report> run(const comm_detail::answer_source* src,
                                        const communication_options& options,
                                        diagnostics& diags) {
  const auto start = std::chrono::steady_clock::now();
  communication_report r;
  r.task = options.task;
  r.source = src->kind;
  r.format = std::string(answer_format_name(src->format));
  r.symbols = src->content;
  r.shape = src->shape.empty() ? "" : src->shape.describe();
  if (src->program) r.bound = bound_of(*src->program);
  if (const tasks::task_spec* t = tasks::find(options.task)) {
    const tasks::verdict& v = t->ape;
    r.published = fmt::format("{} ({})", tasks::expressible_name(v.value), v.reason);
    r.published_value = v.value;
  }
  std::mt19937_64 rng(options.seed);
  for (std::size_t n = options.min_length; n <= options.max_length; ++n) {
    std::vector<std::size_t> splits;
    for (std::size_t a : options.splits)
      if (a >= 1 && a < n) splits.push_back(a);
    if (options.splits.empty()) splits.push_back(n / 2);
    for (std::size_t a : splits) {
      if (options.progress) options.progress(fmt::format("n = {}, a = {}", n, a));
      split_measure m;
      if (!measure(*src, options, n, a, rng, m, diags)) return std::nullopt;
      if (r.bound && m.skipped.empty() &&
          std::log2(static_cast<double>(m.classes)) > r.bound->log2_classes(m.alice) + 1e-9)
        r.within_bound = false;
      r.splits.push_back(std::move(m));
    }
  }
  classify(r);
  decide(r);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace

}  // namespace crasp
