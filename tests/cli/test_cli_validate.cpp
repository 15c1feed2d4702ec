// `navlab validate` end to end: exit codes 0/1/2, one line per file, every error of every file on stderr.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "paths.h"

namespace navlab {
namespace {

std::string write_scene(const std::string& name, const std::string& text) {
  const std::string dir = test::temp_dir() + "/validate";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

using test::lines;

const char* const kTriangle =
    R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]}})";

#define REQUIRE_BINARY() \
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built"

TEST(CliValidate, EverySceneInTheProjectIsValid) {
  REQUIRE_BINARY();
  std::string args;
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::source_dir() + "/scenes")) {
    if (entry.path().extension() != ".json") continue;
    args += " '" + entry.path().string() + "'";
    ++count;
  }
  ASSERT_GT(count, 0);
  const auto r = test::run_navlab("validate" + args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto out = lines(r.out);
  ASSERT_EQ(int(out.size()), count);
  for (const auto& line : out) EXPECT_NE(line.find(": ok ("), std::string::npos) << line;
}

TEST(CliValidate, ErrorsInSeveralSectionsOfOneFileAreAllPrintedInFileOrder) {
  REQUIRE_BINARY();
  const std::string bad = write_scene("several.json", R"({"navlab": 1,
 "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
 "agent": {"max_speed": -1},
 "queries": [{"start": [0.2, 0.1]}],
 "bake": {"cell_size": "x"}})");
  const auto r = test::run_navlab("validate '" + bad + "'");
  EXPECT_EQ(r.exit_code, 1);
  const auto err = lines(r.err);
  ASSERT_EQ(err.size(), 3u) << r.err;
  EXPECT_EQ(err[0].rfind(bad + ":3:", 0), 0u) << err[0];
  EXPECT_NE(err[0].find("/agent/max_speed: expected a speed in m/s > 0, got -1"), std::string::npos) << err[0];
  EXPECT_EQ(err[1].rfind(bad + ":4:", 0), 0u) << err[1];
  EXPECT_NE(err[1].find("/queries/0/goal: expected a point"), std::string::npos) << err[1];
  EXPECT_EQ(err[2].rfind(bad + ":5:", 0), 0u) << err[2];
  EXPECT_NE(err[2].find("/bake/cell_size: expected a cell size in m > 0, got \"x\""), std::string::npos) << err[2];
}

TEST(CliValidate, AGoodFilePrintsItsPolygonOrNodeCount) {
  REQUIRE_BINARY();
  const std::string tri = write_scene("triangle.json", kTriangle);
  const std::string graph = write_scene(
      "graph.json", R"({"navlab": 1, "graph": {"nodes": [{"id": "A", "pos": [0, 0]}, {"id": "B", "pos": [1, 0]}]}})");
  const auto r = test::run_navlab("validate '" + tri + "' '" + graph + "'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, tri + ": ok (1 polygon)\n" + graph + ": ok (2 nodes)\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliValidate, ABadFileExitsOneWithItsMessageOnStderr) {
  REQUIRE_BINARY();
  const std::string bad = write_scene("speed.json", R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"max_speed": 0}
})");
  const auto r = test::run_navlab("validate '" + bad + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, bad +
                       ":4:26: /agent/max_speed: expected a speed in m/s > 0, got 0 (an agent that cannot move can "
                       "follow no path)\n");
}

TEST(CliValidate, SeveralFilesWithSeveralErrorsAreAllReported) {
  REQUIRE_BINARY();
  const std::string good = write_scene("good.json", kTriangle);
  const std::string syntax = write_scene("syntax.json", "{\n  \"navlab\": 1,\n  \"navmesh\": [1, 2,]\n}\n");
  const std::string typo = write_scene("typo.json", R"({"navlab": 1, "grpah": {}})");
  const std::string clockwise = write_scene(
      "clockwise.json", R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [0, 1], [1, 0]], "polygons": [[0, 1, 2]]}})");
  const std::string missing = test::temp_dir() + "/validate/missing.json";
  const auto r =
      test::run_navlab("validate '" + syntax + "' '" + good + "' '" + typo + "' '" + clockwise + "' '" + missing + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, good + ": ok (1 polygon)\n");
  const auto err = lines(r.err);
  ASSERT_EQ(err.size(), 5u) << r.err;
  EXPECT_EQ(err[0], syntax + ":3:20: /navmesh/2: expected '[', '{', or a literal, got ']'");
  EXPECT_EQ(err[1], typo + ":1:15: /grpah: expected one of the scene keys, got \"grpah\" (did you mean \"graph\"?)");
  // Geometry is checked when the navmesh is built: the message names the polygon.
  EXPECT_EQ(err[2].rfind(clockwise + ": ", 0), 0u) << err[2];
  EXPECT_NE(err[2].find("polygon 0 is clockwise"), std::string::npos) << err[2];
  EXPECT_EQ(err[3], missing + ": cannot read the file (No such file or directory)");
  EXPECT_EQ(err[4], "navlab validate: 4 of 5 files failed");
}

TEST(CliValidate, UsageErrorsExitTwo) {
  REQUIRE_BINARY();
  auto r = test::run_navlab("validate");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "navlab validate: no scene file given\nTry 'navlab validate --help'.\n");
  r = test::run_navlab("validate --strict '" + write_scene("t.json", kTriangle) + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(lines(r.err).at(0), "navlab validate: unknown option --strict");
  r = test::run_navlab("validate --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("Usage: navlab validate SCENE.json...", 0), 0u) << r.out;
}

}  // namespace
}  // namespace navlab
