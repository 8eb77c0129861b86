// Prefix classes from a prefix x suffix table of answers (classes.hpp).
#include "communication/classes.hpp"

#include <algorithm>
#include <set>

namespace crasp::comm_detail {

class_count distinguishable(const answer_rows& rows) {
  class_count out;
  // Identical rows are one class whatever else holds; rows with no valid suffix tell nothing
  // apart (and would block every later row in the greedy set), so they are left out.
  std::set<std::vector<std::int32_t>> distinct;
  for (const auto& r : rows) {
    const bool any = std::any_of(r.begin(), r.end(), [](std::int32_t v) { return v >= 0; });
    if (!any) continue;
    if (std::find(r.begin(), r.end(), -1) != r.end()) out.open_pairs = true;
    distinct.insert(r);
  }
  if (!out.open_pairs) {
    out.classes = distinct.size();
    return out;
  }
  // Rows with the most valid suffixes first: a row with few is compatible with many others and,
  // taken early, would keep them out of the set.
  std::vector<const std::vector<std::int32_t>*> order;
  for (const auto& r : distinct) order.push_back(&r);
  const auto valid = [](const std::vector<std::int32_t>* r) {
    return std::count_if(r->begin(), r->end(), [](std::int32_t v) { return v >= 0; });
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](const auto* x, const auto* y) { return valid(x) > valid(y); });
  std::vector<const std::vector<std::int32_t>*> reps;
  for (const auto* rp : order) {
    const auto& r = *rp;
    const bool apart_from_all = std::all_of(reps.begin(), reps.end(), [&](const auto* t) {
      for (std::size_t q = 0; q < r.size(); ++q)
        if (r[q] >= 0 && (*t)[q] >= 0 && r[q] != (*t)[q]) return true;
      return false;
    });
    if (apart_from_all) reps.push_back(&r);
  }
  out.classes = reps.size();
  return out;
}

}  // namespace crasp::comm_detail
