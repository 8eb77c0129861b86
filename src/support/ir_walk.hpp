// Private helper shared by the interpreter and the compiler: the operands of an IR operation.
#pragma once

#include <type_traits>
#include <variant>

#include "crasp/ir.hpp"

namespace crasp::ir {

/// Calls f(id) for every operand of `op`, in field order (cond before branches).
template <class F>
void for_each_operand(const op& operation, F&& f) {
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, not_> || std::is_same_v<T, scale>) {
          f(n.a);
        } else if constexpr (std::is_same_v<T, count>) {
          f(n.body);
        } else if constexpr (std::is_same_v<T, select>) {
          f(n.cond);
          f(n.a);
          f(n.b);
        } else if constexpr (requires { n.a; n.b; }) {
          f(n.a);
          f(n.b);
        }
      },
      operation);
}

}  // namespace crasp::ir
