// Painted areas in the scene format (core/scene/scene_parse_areas.cpp, convex_ring.cpp): a floor plan's
// areas take a cost, a level's areas are convex volumes with a height range and a cost; one cost per
// name; every refusal names its JSON pointer; what is read is what is written back.
#include <gtest/gtest.h>

#include <string>

#include "convex_ring.h"
#include "scene.h"

namespace navlab {
namespace {

std::string mesh_scene(const std::string& areas) {
  return R"({"navlab": 1, "mesh": {"obj": "level.obj", "areas": )" + areas + "}}";
}
std::string floor_scene(const std::string& areas) {
  return R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]], "areas": )" + areas + "}}";
}

// The error of `text`, which must be refused, from its pointer on ("t.json:1:99: /mesh/..." -> "/mesh/...").
std::string refusal(const std::string& text) {
  auto s = parse_scene(text, "t.json");
  EXPECT_FALSE(s.ok()) << text;
  if (s.ok()) return "";
  const size_t at = s.error().find(": /");
  return at == std::string::npos ? s.error() : s.error().substr(at + 2);
}

TEST(SceneAreas, AVolumeReadsItsCornersHeightRangeAndCost) {
  auto s = parse_scene(mesh_scene(R"([{"name": "mud", "polygon": [[0, 1, 0], [4, 1.5, 0], [4, 1, -4]],
                                       "height": [0.5, 3], "cost": 2.5}])"),
                       "t.json");
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_NE(s->mesh_source(), nullptr);
  ASSERT_EQ(s->mesh_source()->areas.size(), 1u);
  const AreaVolume& v = s->mesh_source()->areas[0];
  EXPECT_EQ(v.name, "mud");
  ASSERT_EQ(v.polygon.size(), 3u);
  EXPECT_EQ(v.polygon[2].plane, (Vec2{4, 4}));  // (x, -z)
  EXPECT_EQ(v.polygon[1].height, 1.5);
  EXPECT_EQ(v.height_min, 0.5);
  EXPECT_EQ(v.height_max, 3.0);
  EXPECT_EQ(v.cost, 2.5);
}

// No height: RecastDemo's convex volume tool's range, from 1 m below the lowest corner to 6 m above that.
TEST(SceneAreas, AVolumeWithoutHeightsGetsTheConvexVolumeToolsRange) {
  auto s = parse_scene(mesh_scene(R"([{"name": "mud", "polygon": [[0, 2, 0], [4, 1.5, 0], [4, 3, -4]]}])"), "t.json");
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_NE(s->mesh_source(), nullptr);
  const AreaVolume& v = s->mesh_source()->areas.at(0);
  EXPECT_EQ(v.height_min, 0.5);
  EXPECT_EQ(v.height_max, 6.5);
  EXPECT_EQ(v.cost, 1.0);
  // The names are the scene's areas: the agent may exclude them.
  auto excluded = parse_scene(R"({"navlab": 1, "mesh": {"obj": "l.obj", "areas": [{"name": "mud",
                                  "polygon": [[0, 0, 0], [1, 0, 0], [1, 0, -1]]}]}, "agent": {"excluded_areas": ["mud"]}})",
                              "t.json");
  EXPECT_TRUE(excluded.ok()) << excluded.error();
}

TEST(SceneAreas, EveryRefusalNamesItsPointer) {
  struct Case {
    std::string text, starts;
  };
  const Case cases[] = {
      // A dart: corner 2 turns the other way.
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [2, 0, -1], [2, 0, -4]]}])"),
       "/mesh/areas/0/polygon/2: expected a convex polygon (Recast marks convex areas), got a polygon that turns the "
       "other way at corner 2"},
      // A pentagram turns the same way at every corner, twice around.
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, -10], [6, 0, 8], [-9.5, 0, -3], [9.5, 0, -3], [-6, 0, 8]]}])"),
       "/mesh/areas/0/polygon: expected a convex polygon (Recast marks convex areas), got a polygon that winds around "
       "more than once"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0]]}])"),
       "/mesh/areas/0/polygon: expected a convex polygon [[x, y, z], ...] of 3 to 2000 points"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [8, 0, 0]]}])"),
       "/mesh/areas/0/polygon: expected a convex polygon (Recast marks convex areas), got a polygon that has zero "
       "area"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0], [4, 0, -4]]}])"),
       "/mesh/areas/0/polygon/1: expected a point [x, y, z]"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]], "height": [2, 1]}])"),
       "/mesh/areas/0/height/1: expected a height above height[0] (2.0), got 1"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]], "height": [2]}])"),
       "/mesh/areas/0/height: expected a height range [min_y, max_y] in m"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]], "cost": -1}])"),
       "/mesh/areas/0/cost: expected a cost multiplier >= 0, got -1"},
      {mesh_scene(R"([{"polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]]}])"), "/mesh/areas/0/name: expected an area name"},
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]], "depth": 2}])"),
       "/mesh/areas/0/depth: expected one of the area volume keys"},
      // One cost per name: the second area of a name that differs is the one named.
      {mesh_scene(R"([{"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]], "cost": 3},
                      {"name": "b", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]]},
                      {"name": "a", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0, -4]], "cost": 2}])"),
       "/mesh/areas/2/cost: expected cost 3.0, the cost area \"a\" has at /mesh/areas/0/cost (one cost per area name), "
       "got 2"},
      {floor_scene(R"([{"name": "mud", "polygon": [[1, 1], [2, 1], [2, 2]], "cost": 5},
                       {"name": "mud", "polygon": [[5, 5], [6, 5], [6, 6]]}])"),
       "/floorplan/areas/1: expected cost 5.0, the cost area \"mud\" has at /floorplan/areas/0/cost (one cost per area "
       "name), got no cost (1)"},
      {floor_scene(R"([{"name": "mud", "polygon": [[1, 1], [2, 1], [2, 2]], "cost": -0.5}])"),
       "/floorplan/areas/0/cost: expected a cost multiplier >= 0, got -0.5"},
      {floor_scene(R"([{"name": "default", "polygon": [[1, 1], [2, 1], [2, 2]], "cost": 2}])"),
       "/floorplan/areas/0/cost: expected cost 1 for \"default\""},
      // A floor plan is flat: its areas take no height range.
      {floor_scene(R"([{"name": "mud", "polygon": [[1, 1], [2, 1], [2, 2]], "height": [0, 1]}])"),
       "/floorplan/areas/0/height: expected one of the painted area keys (name, polygon, cost)"},
  };
  for (const Case& c : cases) {
    const std::string e = refusal(c.text);
    EXPECT_EQ(e.rfind(c.starts, 0), 0u) << "got:      " << e << "\nexpected: " << c.starts << "...";
  }
}

TEST(SceneAreas, CostsAndVolumesAreWrittenBackAsRead) {
  for (const std::string& text :
       {floor_scene(R"([{"name": "mud", "polygon": [[1, 1], [2, 1], [2, 2]], "cost": 5},
                        {"name": "mud", "polygon": [[5, 5], [6, 5], [6, 6]], "cost": 5},
                        {"name": "rug", "polygon": [[7, 7], [8, 7], [8, 8]], "cost": 0}])"),
        mesh_scene(R"([{"name": "a", "polygon": [[0, 0.3, 0], [4, 0, 0], [4, 0, -4], [0, 0, -4]], "cost": 0.25},
                       {"name": "b", "polygon": [[1, 0, -1], [3, 0, -1], [3, 0, -3]], "height": [-1e-3, 0.1]}])")}) {
    auto s = parse_scene(text, "t.json");
    ASSERT_TRUE(s.ok()) << s.error();
    auto back = parse_scene(scene_to_json(s.value()), "t.json");
    ASSERT_TRUE(back.ok()) << back.error() << "\n" << scene_to_json(s.value());
    EXPECT_TRUE(back.value() == s.value()) << scene_to_json(s.value());
  }
}

TEST(ConvexRing, TheHullOfClickedPointsIsConvexCounterClockwise) {
  // Clicks in any order, one inside, one repeated, one on an edge: the hull is the square's four corners.
  const std::vector<Vec2> hull = convex_hull({{4, 4}, {1, 1}, {0, 4}, {2, 2}, {4, 0}, {0, 0}, {4, 4}, {2, 0}});
  ASSERT_EQ(hull.size(), 4u);
  const std::vector<Vec2> expected{{0, 0}, {4, 0}, {4, 4}, {0, 4}};
  EXPECT_EQ(hull, expected);
  EXPECT_TRUE(check_convex(hull).ok());
  std::vector<Vec2> clockwise(hull.rbegin(), hull.rend());
  EXPECT_TRUE(check_convex(clockwise).ok());                            // either winding
  EXPECT_LT(convex_hull({{0, 0}, {1, 1}, {2, 2}}).size(), 3u);          // collinear: no polygon
  EXPECT_EQ(check_convex({{0, 0}, {4, 0}, {4, 0}, {0, 4}}).corner, 2);  // a repeated corner
}

}  // namespace
}  // namespace navlab
