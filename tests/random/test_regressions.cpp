// Replays every shrunk failure saved under tests/random/regressions/ (none is fine: the folder
// holds only what a random run found and a developer chose to keep).
#include <catch2/catch.hpp>

#include "regression.hpp"

TEST_CASE("saved random-program regressions replay clean", "[random]") {
  const auto r = rnd::replay_folder(CRASP_SOURCE_DIR "/tests/random/regressions");
  for (const auto& message : r.failures) FAIL_CHECK(message);
  SUCCEED(r.files << " regression files replayed");
}
