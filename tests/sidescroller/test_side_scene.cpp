// The `sidescroller` scene kind: every field read, load(save(s)) == s, the scenes/ sample, exact
// FILE:LINE:COL errors with JSON pointers (line and column counted by hand in the texts below), and a
// clear error where a navmesh is expected.
#include <gtest/gtest.h>

#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

const char* const kRich = R"({
  "navlab": 1,
  "name": "side",
  "sidescroller": {
    "gravity": 25,
    "solids": [[0, 0, 10, 1], [12, 0, 20, 1], [19, 1, 20, 4]],
    "player": {"pos": [3, 1], "events": [{"t": 2, "pos": [14, 1]}, {"t": 5.5, "pos": [2, 1]}]},
    "enemies": [
      {"id": "p", "pos": [5, 1], "body": [0.8, 1.2], "navigator": "ground", "speed": 1.5,
       "stopping_distance": 0.2, "strategy": {"kind": "pace"}},
      {"id": "w", "pos": [15, 1], "strategy": {"kind": "wander", "min": 0.5, "max": 2, "pause": 0.25}},
      {"id": "k", "pos": [8, 1], "strategy": {"kind": "waypoints", "points": [[1, 1], [9, 1]]}},
      {"id": "a", "pos": [6, 5], "navigator": "flying", "strategy": {"kind": "approach"}},
      {"id": "r", "pos": [13, 1], "strategy": {"kind": "rush", "to": [18, 1]}},
      {"id": "n", "pos": [1, 1], "navigator": "none", "strategy": {"kind": "wander"}}
    ]
  }
})";

Scene parse_ok(const char* text) {
  auto s = parse_scene(text, "side.json");
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? s.value() : Scene{};
}

TEST(SideScene, EveryFieldIsRead) {
  const Scene s = parse_ok(kRich);
  ASSERT_EQ(s.kind(), Scene::Source::SideScroller);
  const SideScrollerDef& d = *s.sidescroller_source();
  EXPECT_EQ(d.gravity, 25.0);
  ASSERT_EQ(d.solids.size(), 3u);
  EXPECT_EQ(d.solids[2], (SideBox{19, 1, 20, 4}));
  EXPECT_TRUE(d.has_player);
  EXPECT_EQ(d.player, (Vec2{3, 1}));
  ASSERT_EQ(d.player_events.size(), 2u);
  EXPECT_EQ(d.player_events[1].t, 5.5);
  EXPECT_EQ(d.player_events[1].pos, (Vec2{2, 1}));
  ASSERT_EQ(d.enemies.size(), 6u);
  const SideEnemyDef& p = d.enemies[0];
  EXPECT_EQ(p.id, "p");
  EXPECT_EQ(p.body, (Vec2{0.8, 1.2}));
  EXPECT_EQ(p.speed, 1.5);
  EXPECT_EQ(p.stopping_distance, 0.2);
  EXPECT_EQ(p.strategy.kind, SideStrategyKind::Pace);
  const SideEnemyDef& w = d.enemies[1];  // defaults: body 1 × 1, ground, 2 m/s, 0.1 m
  EXPECT_EQ(w.body, (Vec2{1, 1}));
  EXPECT_EQ(w.navigator, SideNavigatorKind::Ground);
  EXPECT_EQ(w.speed, 2.0);
  EXPECT_EQ(w.stopping_distance, 0.1);
  EXPECT_EQ(w.strategy.kind, SideStrategyKind::Wander);
  EXPECT_EQ(w.strategy.min, 0.5);
  EXPECT_EQ(w.strategy.max, 2.0);
  EXPECT_EQ(w.strategy.pause, 0.25);
  EXPECT_EQ(d.enemies[2].strategy.points, (std::vector<Vec2>{{1, 1}, {9, 1}}));
  EXPECT_EQ(d.enemies[3].navigator, SideNavigatorKind::Flying);
  EXPECT_EQ(d.enemies[3].strategy.kind, SideStrategyKind::Approach);
  EXPECT_EQ(d.enemies[4].strategy.to, (Vec2{18, 1}));
  EXPECT_EQ(d.enemies[5].navigator, SideNavigatorKind::None);
}

TEST(SideScene, RoundTripsExactly) {
  const Scene s = parse_ok(kRich);
  const std::string path = test::temp_dir() + "/side.json";
  ASSERT_EQ(save_scene(s, path).error(), "");
  const auto back = load_scene(path);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << test::read_text(path);
  EXPECT_TRUE(back.value() == s) << test::read_text(path);
  EXPECT_EQ(scene_to_json(back.value()), scene_to_json(s));
  // Nothing about navmeshes is written into a side-scroller scene.
  for (const char* key : {"\"bake\"", "\"agent\"", "\"queries\"", "\"doors\""})
    EXPECT_EQ(test::read_text(path).find(key), std::string::npos) << key;
}

TEST(SideScene, TheSampleSceneHasEveryStrategy) {
  const auto s = load_scene(test::scene_path("sidescroller.json"));
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(s->kind(), Scene::Source::SideScroller);
  std::vector<bool> seen(5, false);
  for (const SideEnemyDef& e : s->sidescroller_source()->enemies) seen[size_t(e.strategy.kind)] = true;
  EXPECT_EQ(seen, std::vector<bool>(5, true));
}

TEST(SideScene, BuildingANavmeshIsAClearError) {
  Scene s = parse_ok(kRich);
  s.path = "side.json";
  const auto mesh = build_navmesh(s);
  ASSERT_FALSE(mesh.ok());
  EXPECT_EQ(mesh.error(),
            "side.json: a side-scroller scene has no navmesh (its enemies walk the solids: navlab simulate)");
}

struct BadFile {
  const char* label;
  const char* text;
  const char* message;
};

const BadFile kBadFiles[] = {
    {"inverted_solid",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, -1, 1]],
    "enemies": [{"id": "a", "pos": [5, 1], "strategy": {"kind": "pace"}}]
  }
})",
     "bad.json:4:23: /sidescroller/solids/0/2: expected x1 > x0 (0.0), got -1"},
    {"pace_for_a_flyer",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [{
      "id": "a", "pos": [5, 1], "navigator": "flying",
      "strategy": {"kind": "pace"}
    }]
  }
})",
     "bad.json:7:28: /sidescroller/enemies/0/strategy/kind: expected \"wander\", \"waypoints\" or \"approach\" for a "
     "flying enemy (pace and rush walk on the ground), got \"pace\""},
    {"approach_without_player",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [{
      "id": "a", "pos": [5, 1],
      "strategy": {"kind": "approach"}
    }]
  }
})",
     "bad.json:7:28: /sidescroller/enemies/0/strategy/kind: expected a scene with a player to approach "
     "(/sidescroller/player), got \"approach\""},
    {"inside_a_solid",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [{
      "id": "a", "pos": [5, 0.5],
      "strategy": {"kind": "pace"}
    }]
  }
})",
     "bad.json:6:25: /sidescroller/enemies/0/pos: expected a body [w, h] at the bottom centre [x, y] that overlaps no "
     "solid, got [5, 0.5] (it overlaps solid 0)"},
    {"navmesh_block_in_a_side_view",
     R"({
  "navlab": 1,
  "queries": [],
  "sidescroller": {"solids": [], "enemies": [{"id": "a", "pos": [0, 0], "strategy": {"kind": "pace"}}]}
})",
     "bad.json:3:3: /queries: expected no \"queries\" in a side-scroller scene (it has no navmesh), got \"queries\""},
    {"key_of_another_strategy",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [{
      "id": "a", "pos": [5, 1],
      "strategy": {"kind": "wander", "points": [[1, 1]]}
    }]
  }
})",
     "bad.json:7:38: /sidescroller/enemies/0/strategy/points: expected one of the wander strategy keys (kind, min, "
     "max, "
     "pause), got \"points\""},
    {"wander_max_below_min",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [{
      "id": "a", "pos": [5, 1],
      "strategy": {"kind": "wander", "min": 3, "max": 2}
    }]
  }
})",
     "bad.json:7:55: /sidescroller/enemies/0/strategy/max: expected at least min (3.0), got 2.0"},
    {"duplicate_enemy_id",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [
      {"id": "a", "pos": [2, 1], "strategy": {"kind": "pace"}},
      {"id": "a", "pos": [5, 1], "strategy": {"kind": "pace"}}
    ]
  }
})",
     "bad.json:7:14: /sidescroller/enemies/1/id: expected an enemy id not used before, got \"a\" (a second time)"},
    {"unknown_strategy",
     R"({
  "navlab": 1,
  "sidescroller": {
    "solids": [[0, 0, 10, 1]],
    "enemies": [{
      "id": "a", "pos": [5, 1],
      "strategy": {"kind": "patrol"}
    }]
  }
})",
     "bad.json:7:28: /sidescroller/enemies/0/strategy/kind: expected one of \"pace\", \"wander\", \"waypoints\", "
     "\"approach\", \"rush\", got \"patrol\""},
    {"no_gravity", R"({"navlab": 1, "sidescroller": {"gravity": 0, "solids": [], "enemies": []}})",
     "bad.json:1:43: /sidescroller/gravity: expected a gravity in m/s² > 0, got 0 (ground enemies would never come "
     "down)"},
    {"no_enemy", R"({"navlab": 1, "sidescroller": {"solids": []}})",
     "bad.json:1:31: /sidescroller/enemies: expected an array of at least 1 enemy, got nothing (the key is missing)"},
};

TEST(SideScene, EachBadFileGivesItsOneMessage) {
  for (const BadFile& b : kBadFiles) {
    SCOPED_TRACE(b.label);
    const auto s = parse_scene(b.text, "bad.json");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error(), b.message);
  }
}

}  // namespace
}  // namespace navlab
