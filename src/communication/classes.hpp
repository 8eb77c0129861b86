// Private to src/communication: counting prefixes that answers tell apart.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace crasp::comm_detail {

/// rows[p][q]: the id of the answer (>= 0) on prefix p then suffix q, or -1 where the input is
/// outside the task (an open pair: any program may answer anything there).
using answer_rows = std::vector<std::vector<std::int32_t>>;

struct class_count {
  std::size_t classes = 0;  ///< prefixes pairwise told apart
  bool open_pairs = false;  ///< some pair was open: classes is a greedy lower bound
};

/// Prefixes pairwise told apart by some suffix valid after both. Without open pairs this is the
/// number of distinct rows (exact); with them it is a greedy set of pairwise distinguishable
/// rows, a lower bound on every program's classes (the exact minimum is a clique cover).
class_count distinguishable(const answer_rows& rows);

}  // namespace crasp::comm_detail
