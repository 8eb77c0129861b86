// Statements: one converter per statement kind; expressions go through expr_parser.
#include "parse/convert.hpp"

#include "parse/precedence.hpp"

namespace crasp::parsing {
namespace {

ast::family_param to_param(const context& cx, const x::param& p) {
  ast::family_param r;
  if (p.literal) {
    r.literal = p.var;
  } else {
    r.var = p.var;
    r.alphabet = p.alphabet;
  }
  r.where = cx.sp(p.b, p.e);
  return r;
}

struct converter {
  using result_type = bool;
  context& cx;
  ast::statement out;

  bool operator()(const x::import_stmt& s) {
    out.node = ast::import_stmt{s.name.text, cx.sp(s.name.b, s.name.e)};
    return true;
  }
  bool operator()(const x::alphabet_stmt& s) {
    ast::alphabet_decl d{s.name.text, cx.sp(s.name.b, s.name.e), {}};
    for (const x::alpha_item& it : s.items) {
      ast::alphabet_item item{it.first, std::nullopt, cx.sp(it.b, it.e)};
      if (it.last) item.last = *it.last;
      d.items.push_back(std::move(item));
    }
    out.node = std::move(d);
    return true;
  }
  bool operator()(const x::predicate_stmt& s) {
    const ast::expr_id body = expr_parser(cx, s.body).parse_all(true);
    if (!body.valid()) return false;
    out.node = ast::predicate_def{s.name.text, cx.sp(s.name.b, s.name.e), s.binary, body};
    return true;
  }
  bool operator()(const x::next_stmt& s) {
    const ast::expr_id value = expr_parser(cx, s.value).parse_all(true);
    if (!value.valid()) return false;
    ast::next_decl d;
    if (s.target.literal) {
      d.token = s.target.var;
    } else {
      d.param = to_param(cx, s.target);
    }
    d.token_where = cx.sp(s.target.b, s.target.e);
    d.value = value;
    out.node = std::move(d);
    return true;
  }
  bool operator()(const x::assign_stmt& s) {
    const ast::expr_id value = expr_parser(cx, s.value).parse_all(true);
    if (!value.valid()) return false;
    ast::assign a{s.name.text, cx.sp(s.name.b, s.name.e), {}, value};
    for (const x::param& p : s.params) a.params.push_back(to_param(cx, p));
    out.node = std::move(a);
    return true;
  }
};

struct statement_span {
  using result_type = span;
  const context& cx;
  template <typename S>
  span operator()(const S& s) const {
    return cx.sp(s.b, s.e);
  }
};

}  // namespace

bool convert_statement(context& cx, const x::statement& st) {
  converter c{cx, {}};
  if (!boost::apply_visitor(c, st)) return false;
  c.out.where = boost::apply_visitor(statement_span{cx}, st);
  cx.prog.statements.push_back(std::move(c.out));
  return true;
}

}  // namespace crasp::parsing
