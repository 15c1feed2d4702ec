// The command line on bad numbers and bad --events / --queries files: exit code 2 and a clear message,
// never a runaway (DESIGN §5: 0 ok, 1 planning failure, 2 usage or input error).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "paths.h"

namespace navlab {
namespace {

#define REQUIRE_BINARY() \
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built"

const char* const kSquare =
    R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [10, 0], [10, 10], [0, 10]], "polygons": [[0, 1, 2, 3]]},
"doors": [{"id": "door1", "segment": [[5, 0], [5, 10]]}],
"queries": [{"start": [1, 1], "goal": [9, 9]}]})";

std::string write(const std::string& name, const std::string& text) {
  const std::string dir = test::temp_dir() + "/cli_robust";
  std::filesystem::create_directories(dir);
  test::write_text(dir + "/" + name, text);
  return dir + "/" + name;
}

TEST(CliRobust, NanAndHugeStartPointsAreBothInputErrors) {
  REQUIRE_BINARY();
  const std::string scene = write("square.json", kSquare);
  const test::RunResult nan = test::run_navlab("plan '" + scene + "' --start nan,nan --goal 9,9");
  EXPECT_EQ(nan.exit_code, 2);
  EXPECT_EQ(test::first_line(nan.err),
            "navlab plan: --start 'nan,nan' is not a point with coordinates within ±1e6 (x,y or x,y,z)");
  const test::RunResult huge = test::run_navlab("plan '" + scene + "' --start 1e400,0 --goal 9,9");
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_EQ(test::first_line(huge.err), "navlab plan: --start '1e400,0' is not a point (x,y or x,y,z)");
  const test::RunResult big = test::run_navlab("plan '" + scene + "' --start 1e7,0 --goal 9,9");
  EXPECT_EQ(big.exit_code, 2);
  EXPECT_EQ(test::first_line(big.err),
            "navlab plan: --start '1e7,0' is not a point with coordinates within ±1e6 (x,y or x,y,z)");
}

TEST(CliRobust, HugeTimeStepIsRefused) {
  REQUIRE_BINARY();
  const std::string scene = write("square.json", kSquare);
  const test::RunResult r = test::run_navlab("simulate '" + scene + "' --dt 1e300");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(test::first_line(r.err), "navlab simulate: --dt 1e300 is longer than the 1 s limit for a time step");
  EXPECT_EQ(r.out, "");
}

TEST(CliRobust, TinyTimeStepIsRefusedAtTheStepLimit) {
  REQUIRE_BINARY();
  const std::string scene = write("square.json", kSquare);
  const test::RunResult r = test::run_navlab("simulate '" + scene + "' --dt 1e-6");
  EXPECT_EQ(r.exit_code, 2);
  // 120 s / 1e-6 s = 1.2e8 steps; 120 s / 2e5 steps = 6e-4 s.
  EXPECT_EQ(test::first_line(r.err),
            "navlab simulate: --max-time 120.0 s at --dt 1e-06 s is 120000000.0 steps, more than the limit of "
            "200000.0; use --dt 0.0006 or more");
  EXPECT_EQ(r.out, "");
}

TEST(CliRobust, DoorMoveToAHugeCoordinateIsRefused) {
  REQUIRE_BINARY();
  const std::string scene = write("square.json", kSquare);
  const std::string events = write("events.json", R"([{"t": 1, "move": "door1", "to": [[1e308, 0], [1e308, 1]]}])");
  const test::RunResult r = test::run_navlab("simulate '" + scene + "' --events '" + events + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(test::first_line(r.err), events + ": /0/to/0: expected coordinates within ±1e6, got 1e+308");
}

TEST(CliRobust, BadJsonInEventsGivesLineAndColumn) {
  REQUIRE_BINARY();
  const std::string scene = write("square.json", kSquare);
  const std::string events = write("bad_events.json", "[\n  {\"t\": 1, \"close\" \"door1\"}\n]\n");
  const test::RunResult r = test::run_navlab("simulate '" + scene + "' --events '" + events + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(test::first_line(r.err), events + ":2:20: /0/close: expected ':', got string literal");
}

TEST(CliRobust, BadJsonInQueriesGivesLineAndColumn) {
  REQUIRE_BINARY();
  const std::string scene = write("square.json", kSquare);
  const std::string queries = write("bad_queries.json", "[{\"start\": [1, 1],\n \"goal\": [9, 9,]}]");
  const test::RunResult r = test::run_navlab("plan '" + scene + "' --queries '" + queries + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(test::first_line(r.err),
            "navlab plan: " + queries + ":2:16: /0/goal/2: expected '[', '{', or a literal, got ']'");
}

}  // namespace
}  // namespace navlab
