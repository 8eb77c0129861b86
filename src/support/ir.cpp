// The IR's one out-of-line member (crasp/ir.hpp).
#include <cstdint>
#include <string>

#include "crasp/ir.hpp"

namespace crasp {

std::uint32_t ir::program::token_index(const std::string& tok) const {
  for (std::size_t k = 0; k < vocabulary.size(); ++k)
    if (vocabulary[k] == tok) return static_cast<std::uint32_t>(k);
  return UINT32_MAX;
}

}  // namespace crasp
