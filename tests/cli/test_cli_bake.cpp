// `navlab bake` end to end for tiled scenes: --progress prints the tiles done and the total time on
// stderr only, the JSON on stdout or in the file is the same as without it, and --detour-out writes
// every tile.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "paths.h"

namespace navlab {
namespace {

// A 60 x 40 m hall with a row of pillars, baked in tiles of 32 cells (9.6 m): 7 x 5 tiles.
std::string tiled_scene() {
  const std::string dir = test::temp_dir() + "/bake_cli";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/tiled.json";
  test::write_text(path, R"({"navlab": 1, "floorplan": {
      "outline": [[0, 0], [60, 0], [60, 40], [0, 40]],
      "holes": [[[10, 10], [12, 10], [12, 12], [10, 12]], [[30, 20], [32, 20], [32, 22], [30, 22]],
                [[45, 25], [47, 25], [47, 35], [45, 35]]]},
    "bake": {"tile_size": 32}})");
  return path;
}

using test::lines;

TEST(CliBake, ProgressGoesToStderrAndEndsWithTheTime) {
  const std::string scene = tiled_scene();
  const test::RunResult r = test::run_navlab("bake '" + scene + "' --out - --progress");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> err = lines(r.err);
  ASSERT_GE(err.size(), 2u) << r.err;
  const std::regex tiles_line(R"(navlab bake: (\d+)/35 tiles)");
  int last = -1;
  for (size_t i = 0; i + 1 < err.size(); ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(err[i], m, tiles_line)) << err[i];
    const int done = std::stoi(m[1]);
    EXPECT_GT(done, last) << "each line reports more tiles than the one before";
    last = done;
  }
  EXPECT_EQ(last, 35) << "the last count is every tile";
  EXPECT_TRUE(std::regex_match(err.back(), std::regex(R"(navlab bake: built in \d+\.\d ms)"))) << err.back();
  // stdout holds the JSON alone, the same polygons as without --progress.
  const auto with = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(with.is_discarded()) << r.out.substr(0, 200);
  const test::RunResult plain = test::run_navlab("bake '" + scene + "' --out -");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.err, "");
  const auto without = nlohmann::json::parse(plain.out);
  EXPECT_EQ(with["polygons"], without["polygons"]);
  EXPECT_EQ(with["neighbours"], without["neighbours"]);
}

TEST(CliBake, ProgressOfASingleTileBakeIsItsTime) {
  const test::RunResult r =
      test::run_navlab("bake '" + test::scene_path("floorplan_basic.json") + "' --out - --progress");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> err = lines(r.err);
  ASSERT_EQ(err.size(), 1u) << r.err;
  EXPECT_TRUE(std::regex_match(err[0], std::regex(R"(navlab bake: built in \d+\.\d ms)"))) << err[0];
}

TEST(CliBake, DetourOutWritesEveryTile) {
  const std::string bin = test::temp_dir() + "/bake_cli/tiled.bin";
  const test::RunResult r = test::run_navlab("bake '" + tiled_scene() + "' --detour-out '" + bin + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(bin, std::ios::binary);
  char head[12] = {};
  in.read(head, sizeof head);
  int tiles = 0;
  std::memcpy(&tiles, head + 8, sizeof tiles);
  EXPECT_EQ(tiles, 35);
}

}  // namespace
}  // namespace navlab
