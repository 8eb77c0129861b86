// check(): the checker's pipeline, one pass after another over a shared context.
#include "check/context.hpp"

namespace crasp {

check_result check_program(const ast::program& program, const check_options& options) {
  checker::context cx(program, options);
  cx.info.resize(program.exprs.size());
  checker::collect_alphabets(cx);   // alphabets (with overrides) are global to the file
  checker::collect_vocabulary(cx);  // declared and named tokens, in first-seen order
  checker::check_statements(cx);    // names, types, positional predicates, in statement order
  check_result r;
  {
    // Expansion runs even after errors (failed statements are skipped silently), so that
    // instance errors in the other statements are reported in the same run.
    auto p = checker::expand(cx);  // families, quantifiers, hash-consed DAG
    if (p && !cx.diags.has_errors()) {
      if (p->statements.empty() && p->next.empty()) {
        cx.error(span{}, "program has no statements");
      } else {
        checker::prune(*p);     // nodes left unused by folding
        checker::classify(*p);  // C-RASP or C-RASP[pos], depth
        r.program = std::move(p);
      }
    }
  }
  r.diags = std::move(cx.diags);
  if (r.diags.has_errors()) r.program.reset();
  return r;
}

}  // namespace crasp
