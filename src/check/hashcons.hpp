// Builds the IR DAG: every node is created once (hash-consed on its operation), operands always
// precede users, and simple constant folding keeps the semantics exact (it never folds a value
// that would overflow: the interpreter reports such overflows at run time).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "check/positional.hpp"
#include "crasp/ir.hpp"

namespace crasp::checker {

class builder {
 public:
  std::vector<ir::node> nodes;

  ir::node_id boolean(bool v);
  ir::node_id integer(std::int64_t v);
  ir::node_id token(std::uint32_t t);
  ir::node_id not_(ir::node_id a);
  ir::node_id and_(ir::node_id a, ir::node_id b);
  ir::node_id or_(ir::node_id a, ir::node_id b);
  ir::node_id periodic(const std::vector<bool>& residues);
  ir::node_id compare(ir::cmp op, ir::node_id a, ir::node_id b);
  ir::node_id count(ir::node_id body, const guard_result& g);
  ir::node_id add(ir::node_id a, ir::node_id b);
  ir::node_id sub(ir::node_id a, ir::node_id b);
  ir::node_id scale(std::int64_t k, ir::node_id a);
  ir::node_id min_(ir::node_id a, ir::node_id b);
  ir::node_id max_(ir::node_id a, ir::node_id b);
  ir::node_id select(ir::node_id c, ir::node_id a, ir::node_id b);

 private:
  std::unordered_map<std::string, ir::node_id> table_;
  ir::node_id make(ir::op o, ir::type t);
  [[nodiscard]] const std::int64_t* int_value(ir::node_id n) const;
  [[nodiscard]] const bool* bool_value(ir::node_id n) const;
};

/// A byte string identifying an operation (equal operations, equal keys).
std::string node_key(const ir::op& o);

}  // namespace crasp::checker
