// Private to src/reduction: the short inputs both checks enumerate.
#pragma once

#include <string>
#include <vector>

namespace crasp {

/// Appends every word over `symbols` of lengths 1 .. `upto` to `out`, shortest first (each
/// length in the tasks module's word order).
void all_words(const std::vector<std::string>& symbols, std::size_t upto,
               std::vector<std::vector<std::string>>& out);

/// The largest L <= cap such that the words of lengths 1 .. L over `symbols` symbols number at
/// most `budget`.
std::size_t longest_within(std::size_t symbols, std::size_t budget, std::size_t cap);

}  // namespace crasp
