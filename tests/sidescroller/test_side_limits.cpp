// The side-scroller's work limits: the reader's caps on enemies, solids and enemy-solid pairs (so the
// app's and a lesson's run of kLabSeconds stays within seconds), and run_limits on a longer run's
// records and enemy-solid checks, each message naming the limit and what to change.
#include <gtest/gtest.h>

#include <string>

#include "input_limits.h"
#include "scene.h"
#include "side_sim.h"

namespace navlab {
namespace {

SideScrollerDef side_scene(int enemies, int solids) {
  SideScrollerDef s;
  s.solids.push_back({-1, 0, 1e5, 1});
  for (int i = 1; i < solids; ++i) s.solids.push_back({3.0 * i, -3, 3.0 * i + 1, -2});
  for (int i = 0; i < enemies; ++i) {
    SideEnemyDef e;
    e.id = "e" + std::to_string(i);
    e.pos = {2.0 * i, 1};
    s.enemies.push_back(e);
  }
  return s;
}

side::SideSimDef run_of(double seconds) {
  side::SideSimDef def;
  def.max_time = seconds;
  return def;
}

TEST(SideLimits, RecordsAreCountedAsTheRunKeepsThem) {
  // 4975 enemies x 201 ticks (10 s at 0.05 s, and the spawn record) = 999,975 records: within 1e6.
  EXPECT_EQ(side::run_limits(side_scene(4975, 1), run_of(10)).error(), "");
  EXPECT_EQ(side::run_limits(side_scene(4976, 1), run_of(10)).error(),
            "4976 enemies x 201 ticks is 1000176 records, more than the limit of 1000000 (each is kept and printed); "
            "use a shorter --max-time or a longer --dt");
}

TEST(SideLimits, EnemySolidChecksBoundALongRun) {
  // 100 enemies against 10,000 solids for 1,001 ticks: 100 x 10,000 x 1,000 steps = 1e9 checks, the limit.
  EXPECT_EQ(side::run_limits(side_scene(100, 10000), run_of(50)).error(), "");
  EXPECT_EQ(side::run_limits(side_scene(100, 10000), run_of(50.05)).error(),
            "100 enemies x 1002 ticks against 10000 solids is 1001000000 enemy-solid checks, more than the limit of "
            "1000000000; use a shorter --max-time, a longer --dt or fewer solids");
}

std::string scene_text(int enemies, int solids) {
  std::string text = R"({"navlab": 1, "sidescroller": {"solids": [[-1, 0, 100000, 1])";
  for (int i = 1; i < solids; ++i)
    text += ", [" + std::to_string(3 * i) + ", -3, " + std::to_string(3 * i + 1) + ", -2]";
  text += R"(], "enemies": [)";
  for (int i = 0; i < enemies; ++i)
    text += std::string(i ? ", " : "") + R"({"id": "e)" + std::to_string(i) + R"(", "pos": [)" + std::to_string(2 * i) +
            R"(, 1], "strategy": {"kind": "pace"}})";
  return text + "]}}";
}

TEST(SideLimits, TheReaderCapsEnemySolidPairs) {
  // 1000 x 1000 = 1e6 pairs: the limit; one more enemy passes it.
  EXPECT_TRUE(parse_scene(scene_text(1000, 1000), "s.json").ok());
  const Result<Scene> r = parse_scene(scene_text(1001, 1000), "s.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(
      r.error().find(": /sidescroller/enemies: expected at most 1000000.0 enemy-solid pairs (enemies x solids, the "
                     "side-scroller work limit: every enemy checks every solid on every tick), got 1001 enemies "
                     "and 1000 solids"),
      std::string::npos)
      << r.error();
}

}  // namespace
}  // namespace navlab
