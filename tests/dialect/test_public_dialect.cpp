// Every construct of the public .cr dialect, run end to end (parse → check → interpret) and
// compared at every position with a direct, quadratic reading of the public interpreter's
// semantics written here independently. Inputs: every string over {a, b, c} up to length 6.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "crasp/frontend.hpp"
#include "crasp/interpret.hpp"

namespace {

using word = std::vector<std::string>;
// Expected value of the last statement at position i of w (Booleans as 0/1).
using oracle = std::function<long long(const word& w, long long i)>;

std::vector<word> all_words(std::size_t max_len) {
  std::vector<word> out, layer{{}};
  for (std::size_t n = 1; n <= max_len; ++n) {
    std::vector<word> next;
    for (const word& w : layer)
      for (const char* t : {"a", "b", "c"}) {
        word v = w;
        v.push_back(t);
        next.push_back(v);
      }
    out.insert(out.end(), next.begin(), next.end());
    layer = std::move(next);
  }
  return out;
}

// #{j <= i : pred(j)} computed directly.
long long count_upto(long long i, const std::function<bool(long long)>& pred) {
  long long c = 0;
  for (long long j = 0; j <= i; ++j) c += pred(j) ? 1 : 0;
  return c;
}

void check_program(const std::string& text, const oracle& expected) {
  INFO(text);
  crasp::load_result loaded = crasp::load_text("test.cr", text);
  REQUIRE(loaded.ok());
  for (const word& w : all_words(6)) {
    crasp::diagnostics diags;
    auto table = crasp::trace(*loaded.program, w, "<test>", diags);
    REQUIRE(table);
    // The statement rows come first, in definition order; the last statement is the answer.
    const std::size_t last = loaded.program->statements.size() - 1;
    for (std::size_t i = 0; i < w.size(); ++i) {
      const long long want = expected(w, static_cast<long long>(i));
      if (table->values[last][i] != want) {
        std::string s;
        for (const auto& t : w) s += t + " ";
        FAIL("input '" << s << "' position " << i << ": got " << table->values[last][i]
                       << ", expected " << want);
      }
    }
  }
}

bool is(const word& w, long long j, const char* t) { return j >= 0 && w[j] == t; }

}  // namespace

TEST_CASE("token tests, counts and every comparison operator") {
  check_program("A = # \"a\"\n", [](const word& w, long long i) {
    return count_upto(i, [&](long long j) { return is(w, j, "a"); });
  });
  const char* ops[] = {"<", "<=", "==", "!=", ">=", ">"};
  for (int k = 0; k < 6; ++k) {
    check_program(std::string("A = # \"a\"\nB = # \"b\"\nX = A ") + ops[k] + " B\n",
                  [k](const word& w, long long i) -> long long {
                    long long a = count_upto(i, [&](long long j) { return is(w, j, "a"); });
                    long long b = count_upto(i, [&](long long j) { return is(w, j, "b"); });
                    switch (k) {
                      case 0: return a < b;
                      case 1: return a <= b;
                      case 2: return a == b;
                      case 3: return a != b;
                      case 4: return a >= b;
                      default: return a > b;
                    }
                  });
  }
}

TEST_CASE("Boolean connectives, constants, names and parentheses") {
  check_program("P = \"a\" || \"b\"\nQ = !(P && \"b\")\nT = true && Q || false\n",
                [](const word& w, long long i) -> long long {
                  bool p = is(w, i, "a") || is(w, i, "b");
                  return !(p && is(w, i, "b"));
                });
}

TEST_CASE("arithmetic: +, -, INT *, max, min, if-else, integer constants") {
  check_program("A = # \"a\"\nB = # \"b\"\nX = max(A, B) - min(A, 1) + 3 * (B + 2)\n",
                [](const word& w, long long i) -> long long {
                  long long a = count_upto(i, [&](long long j) { return is(w, j, "a"); });
                  long long b = count_upto(i, [&](long long j) { return is(w, j, "b"); });
                  // '+' binds tighter than '-' in the public grammar.
                  return std::max(a, b) - (std::min(a, 1LL) + 3 * (b + 2));
                });
  check_program("A = # \"a\"\nB = # \"b\"\nX = A if \"c\" else B\n",
                [](const word& w, long long i) -> long long {
                  long long a = count_upto(i, [&](long long j) { return is(w, j, "a"); });
                  long long b = count_upto(i, [&](long long j) { return is(w, j, "b"); });
                  return is(w, i, "c") ? a : b;
                });
}

TEST_CASE("the public interpreter's precedence is kept in .cr files") {
  // 2 * A + 1 is 2 * (A + 1); A - B + C is A - (B + C); !P && Q is !(P && Q).
  check_program("A = # \"a\"\nX = 2 * A + 1\n", [](const word& w, long long i) -> long long {
    return 2 * (count_upto(i, [&](long long j) { return is(w, j, "a"); }) + 1);
  });
  check_program("A = # \"a\"\nB = # \"b\"\nC = # \"c\"\nX = A - B + C\n",
                [](const word& w, long long i) -> long long {
                  auto n = [&](const char* t) {
                    return count_upto(i, [&](long long j) { return is(w, j, t); });
                  };
                  return n("a") - (n("b") + n("c"));
                });
  check_program("X = !\"a\" && \"b\"\n", [](const word& w, long long i) -> long long {
    return !(is(w, i, "a") && is(w, i, "b"));
  });
}

TEST_CASE("#import pred, pred4 and pos_even use 0-based positions") {
  check_program("#import pred\nX = #[pred] \"a\"\n", [](const word& w, long long i) -> long long {
    return is(w, i - 1, "a");
  });
  check_program("#import pred4\nX = #[pred4] \"a\"\n", [](const word& w, long long i) -> long long {
    return is(w, i - 4, "a");
  });
  check_program("#import pos_even\nX = # (pos_even && \"a\")\n",
                [](const word& w, long long i) -> long long {
                  return count_upto(i, [&](long long j) { return j % 2 == 0 && is(w, j, "a"); });
                });
}

TEST_CASE("the reference's example programs: Dyck-1 and contains 'ab'") {
  check_program(
      "// Dyck-1\nC_open = # \"a\"\nC_close = # \"b\"\nV = C_open < C_close\n"
      "D = (# V == 0) && (C_open == C_close)\n",
      [](const word& w, long long i) -> long long {
        long long depth = 0;
        bool ok = true;
        for (long long j = 0; j <= i; ++j) {
          depth += is(w, j, "a") ? 1 : is(w, j, "b") ? -1 : 0;
          ok = ok && depth >= 0;
        }
        return ok && depth == 0;
      });
  check_program("#import pred\nafter_a = (#[pred] \"a\") >= 1\nL = (# (\"b\" && after_a)) >= 1\n",
                [](const word& w, long long i) -> long long {
                  for (long long j = 1; j <= i; ++j)
                    if (is(w, j - 1, "a") && is(w, j, "b")) return 1;
                  return 0;
                });
}

TEST_CASE("a redefined name shadows the earlier one, with a warning") {
  crasp::load_result loaded = crasp::load_text("s.cr", "A = # \"a\"\nA = # \"b\"\nX = A\n");
  REQUIRE(loaded.ok());
  CHECK(loaded.diags.warning_count() == 1);
  check_program("A = # \"a\"\nA = # \"b\"\nX = A\n", [](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return is(w, j, "b"); });
  });
}

// Programs the public interpreter runs although a conventional reading would reject them: the
// only well-formed reading is taken, with a warning that shows it.
TEST_CASE("a count whose body cannot stop before a comparison swallows it") {
  auto n = [](const word& w, long long i, const char* t) {
    return count_upto(i, [&](long long j) { return is(w, j, t); });
  };
  // `# (C + 1) > 0` is #((C + 1) > 0): every position.
  check_program("C = # \"a\"\nP = # (C + 1) > 0\n",
                [](const word&, long long i) -> long long { return i + 1; });
  check_program("P = # (1) > 0\n", [](const word&, long long i) -> long long { return i + 1; });
  check_program("C = # \"a\"\nP = # (C - 2) >= 0\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return n(w, j, "a") >= 2; });
  });
  // `# "a" && (# "b") == 1` is #("a" && ((# "b") == 1)).
  check_program("P = # \"a\" && (# \"b\") == 1\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return is(w, j, "a") && n(w, j, "b") == 1; });
  });
  // `# Z < 1 <= 3` is (#(Z < 1)) <= 3.
  check_program("Z = # \"a\"\nP = # Z < 1 <= 3\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return n(w, j, "a") < 1; }) <= 3;
  });
  // A count over a count followed by two comparisons: the inner count cannot be the outer one's
  // body, so the outer body takes the first comparison and the second compares the outer count.
  // The public grammar admits no other reading (a count there cannot be a Boolean).
  // `## H != 1 <= 1` (H a Boolean) is (#((# H) != 1)) <= 1.
  check_program("H = \"a\"\nc = ## H != 1 <= 1\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return n(w, j, "a") != 1; }) <= 1;
  });
  // `# # "a" <= 1 < 2` is (#((# "a") <= 1)) < 2.
  check_program("L = # # \"a\" <= 1 < 2\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return n(w, j, "a") <= 1; }) < 2;
  });
  // `#(# "a") < 1 > 0` is (#((# "a") < 1)) > 0.
  check_program("L = #(# \"a\") < 1 > 0\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) { return n(w, j, "a") < 1; }) > 0;
  });
  // Three levels: `# # # "a" == 1 >= 1 < 3` is (#((#((# "a") == 1)) >= 1)) < 3.
  check_program("L = # # # \"a\" == 1 >= 1 < 3\n", [&](const word& w, long long i) -> long long {
    return count_upto(i, [&](long long j) {
             return count_upto(j, [&](long long k) { return n(w, k, "a") == 1; }) >= 1;
           }) < 3;
  });
  // Each of these reads with one warning (the outer count's body holds a comparison), in both
  // dialects.
  for (const char* name : {"w.cr", "w.crasp"}) {
    crasp::load_result loaded = crasp::load_text(name, "L = # # \"a\" <= 1 < 2\n");
    INFO(name << "\n" << crasp::render(loaded.diags));
    REQUIRE(loaded.ok());
    CHECK(loaded.diags.warning_count() == 1);
  }
}

TEST_CASE("an import applies to the whole program, as the public interpreter applies it first") {
  const std::string text = "after_a = (#[pred] \"a\") >= 1\n#import pred\nL = (# (\"b\" && after_a)) >= 1\n";
  crasp::load_result loaded = crasp::load_text("late.cr", text);
  REQUIRE(loaded.ok());
  CHECK(loaded.diags.warning_count() == 1);
  check_program(text, [](const word& w, long long i) -> long long {
    for (long long j = 1; j <= i; ++j)
      if (is(w, j - 1, "a") && is(w, j, "b")) return 1;
    return 0;
  });
  // A unary import used as a Boolean, twice: one warning per name.
  crasp::load_result twice =
      crasp::load_text("late.cr", "X = # (pos_even && \"a\")\nY = # pos_even\n#import pos_even\n");
  REQUIRE(twice.ok());
  CHECK(twice.diags.warning_count() == 1);
  // .crasp keeps "defined before use", and says where the import is.
  crasp::load_result strict = crasp::load_text("late.crasp", text);
  CHECK_FALSE(strict.ok());
}
