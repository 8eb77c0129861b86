// Validators for the numeric, enumerated and file-name options of every subcommand. Each rejects
// an out-of-range value while the command line is parsed, so a bad value is a usage error (exit 2)
// naming the flag and the accepted range, never a value that wraps around (a size_t given -1)
// or saturates (a seed past 2^64) and then runs for ever.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace crasp::cli {

/// Decimal digits only (no sign, no spaces, no exponent), a value in [lo, hi]:
/// "expected an integer from LO to HI, got 'S'". Also applied to every element of a list option.
CLI::Validator integer_in(std::uint64_t lo, std::uint64_t hi);

/// A finite decimal number in [lo, hi] (rejects nan and inf, which a plain CLI::Range lets
/// through or prints as a 300-digit bound).
CLI::Validator number_in(double lo, double hi);

/// One of `names`; the message lists them the way the docs do ("nope, ape or rope").
CLI::Validator one_of(std::vector<std::string> names);

/// A file or directory name: any string but the empty one ("expected a file name, got an empty
/// string"). The commands read an empty name as "not given", so `--trace ''` would silently write
/// nothing; every option that names a file takes this check.
CLI::Validator file_name();

}  // namespace crasp::cli
