// The interpreter and every applicable compiled model on a task's bins.
#include <fmt/format.h>

#include "crasp/compile.hpp"
#include "task_check/engines.hpp"
#include "task_check/internal.hpp"

namespace crasp {

std::string_view encoding_name(model::positional pe) {
  switch (pe) {
    case model::positional::ape:
      return "APE";
    case model::positional::rope:
      return "RoPE";
    case model::positional::nope:
      return "NoPE";
  }
  return "?";
}

std::string engine_name(engine_kind kind, model::positional pe, precision prec) {
  if (kind == engine_kind::interpreter) return "interpreter";
  return fmt::format("{} {}", encoding_name(pe), prec == precision::f64 ? "f64" : "f32");
}

namespace check_detail {
namespace {


// One bin of one engine: `answers(instance, got)` says whether the engine got it right.
template <class F>
bin_result judge(const bin_instances& b, F&& answers) {
  bin_result br;
  br.lo = b.lo, br.hi = b.hi;
  tokens got;
  for (const auto& inst : b.items) {
    ++br.total;
    if (answers(inst, got)) {
      ++br.correct;
    } else if (br.first_failure.empty()) {
      br.first_failure =
          join(inst.input) + " => " + join(got) + " (expected " + join(inst.expected) + ")";
    }
  }
  return br;
}

// `buffers` go from model to model: the encodings of one program are about equally wide, so
// the next model runs on the pages the last one faulted in.
template <class T>
void run_model(const model::basic_model<T>& m, tasks::answer_format format,
               const std::string& name, const std::vector<bin_instances>& bins,
               engine_result& e, const std::function<void(const std::string&)>& tick,
               model::forward_buffers<T>& buffers) {
  diagnostics diags;
  const auto kind = model_output_kind(m, "check", diags);
  model::prepared_model<T> prepared(m, std::move(buffers));  // once for every instance
  struct hand_back {  // also when a bin throws
    model::prepared_model<T>& from;
    model::forward_buffers<T>& to;
    ~hand_back() { to = from.release_buffers(); }
  } back{prepared, buffers};
  for (const auto& b : bins) {
    if (!kind) {
      e.bins.push_back({b.lo, b.hi, 0, 0, "model outputs follow no convention"});
    } else {
      e.bins.push_back(judge(b, [&](const task_instance& inst, tokens& got) {
        return model_answers(prepared, *kind, format, inst.input, inst.expected, got);
      }));
    }
    tick(name);
  }
}

// Attention pairs of one run of the model over every instance (one forward pass each, over the
// prompt plus, for a continuation judged by teacher forcing, the answer; BOS included).
double planned_pairs(const model::model& m, const std::vector<bin_instances>& bins,
                     bool continuation) {
  double total = 0;
  for (const auto& b : bins)
    for (const auto& inst : b.items)
      total += model::attention_pairs(
          m, inst.input.size() + (continuation ? inst.expected.size() : 0) + 1);
  return total;
}

}  // namespace

std::size_t work_units(const task_plan& plan, const task_check_options& options) {
  const std::size_t bins = check_bins(options).size();
  std::size_t units = 1 + bins;  // drawing the instances; verdicts and counterexample search
  if (plan.witness) units += bins * (1 + options.encodings.size() * options.precisions.size());
  return units;
}

void run_engines(const task_plan& plan, const ir::program& program,
                 const task_check_options& options, const std::vector<bin_instances>& bins,
                 task_result& r, const std::function<void(const std::string&)>& tick) {
  const std::string& name = plan.head.task;
  const auto format = plan.head.format;
  engine_result interp{"interpreter", true, "", {}};
  evaluator ev(program, "check");
  for (const auto& b : bins) {
    interp.bins.push_back(judge(b, [&](const task_instance& inst, tokens& got) {
      got = interpreter_answer(ev, format, inst.input, inst.expected.size() + 2);
      return got == inst.expected;
    }));
    interp.bins.back().certified = true;  // exact integer semantics
    tick(name + " interpreter");
  }
  r.engines.push_back(std::move(interp));

  // One model per encoding, built for the longest sequence it will see (the prompt, plus the
  // answer for a continuation judged by teacher forcing).
  const bool continuation = format == tasks::answer_format::continuation;
  std::size_t longest = 1;
  for (const auto& b : bins)
    for (const auto& inst : b.items)
      longest = std::max(longest, inst.input.size() + (continuation ? inst.expected.size() : 0));
  model::forward_buffers<double> buffers64;
  model::forward_buffers<float> buffers32;
  for (const auto pe : options.encodings) {
    const std::string label(encoding_name(pe));
    std::optional<compiled_program> compiled;
    std::string why;
    engine_skip skip = engine_skip::failed;
    if (pe == model::positional::nope && program.klass == ir::program_class::crasp_pos) {
      why = "not applicable: the program is C-RASP[pos] and NoPE has no positions";
      skip = engine_skip::not_applicable;
    } else {
      diagnostics diags;
      compile_options copts;
      copts.pe = pe;
      copts.max_len = static_cast<int>(longest);
      copts.max_model_bytes = options.max_model_bytes;
      compiled = compile(program, copts, diags);
      if (!compiled) {
        why = "compile failed: " + render(diags);
      } else if (const double pairs = planned_pairs(compiled->model, bins, continuation);
                 pairs > options.max_attention) {
        why = fmt::format("not run: its instances need {:.3g} attention query-key pairs, more "
                          "than the limit of {:.3g} (--max-attention)",
                          pairs, options.max_attention);
        compiled.reset();
      }
      if (!compiled) {
        r.problems.push_back(fmt::format("{} {}: {}", name, label, why));
        r.ok = false;
      }
    }
    for (const auto prec : options.precisions) {
      engine_result e;
      e.kind = engine_kind::compiled;
      e.pe = pe;
      e.prec = prec;
      e.name = engine_name(e.kind, pe, prec);
      if (!compiled) {
        e.applicable = false;
        e.skipped = skip;
        e.note = why;
        for (std::size_t b = 0; b < bins.size(); ++b) tick(name + " " + e.name);
        r.engines.push_back(std::move(e));
        continue;
      }
      const int certified =
          prec == precision::f64 ? compiled->stats.certified_f64 : compiled->stats.certified_f32;
      e.note = fmt::format("d_model {}, {} layers, designed for {} tokens, certified to {}",
                           compiled->model.d_model(), compiled->model.layers.size(), longest,
                           certified);
      const std::string unit = name + " " + e.name;
      if (prec == precision::f64) {
        run_model(compiled->model, format, unit, bins, e, tick, buffers64);
      } else {
        run_model(model::cast<float>(compiled->model), format, unit, bins, e, tick, buffers32);
      }
      // Certified cells: the longest sequence the model saw in the bin is in its range.
      for (std::size_t b = 0; b < bins.size() && b < e.bins.size(); ++b) {
        std::size_t seen = 0;
        for (const auto& inst : bins[b].items)
          seen = std::max(seen, inst.input.size() + (continuation ? inst.expected.size() : 0));
        e.bins[b].certified = seen <= static_cast<std::size_t>(certified);
      }
      r.engines.push_back(std::move(e));
    }
  }
}

}  // namespace check_detail
}  // namespace crasp
