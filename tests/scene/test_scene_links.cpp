// The scene's `links` block: read with its defaults, written back (load(save(scene)) == scene), every
// bad value one message with its JSON pointer, and a link end on no polygon named when the mesh is built.
#include <gtest/gtest.h>

#include <string>

#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

// A square floor plan (10 x 10 m) with `links` spliced in.
std::string floorplan_with(const std::string& links) {
  return R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]]},
  "links": )" +
         links + "}";
}

TEST(SceneLinks, ReadWithDefaults) {
  const Result<Scene> s = parse_scene(floorplan_with(R"([{"from": [2, 2], "to": [8, 8]},
    {"from": [1, 5], "to": [9, 5], "radius": 0.25, "bidirectional": false, "cost": 12}])"),
                                      "links.json");
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(s->links.size(), 2u);
  const LinkDef& a = s->links[0];
  EXPECT_EQ(a.from.plane, (Vec2{2, 2}));
  EXPECT_EQ(a.to.plane, (Vec2{8, 8}));
  EXPECT_FALSE(a.radius);
  EXPECT_DOUBLE_EQ(a.radius_or(s->bake), 0.6);  // the bake's agent radius
  EXPECT_TRUE(a.bidirectional);
  EXPECT_FALSE(a.cost);
  const LinkDef& b = s->links[1];
  EXPECT_DOUBLE_EQ(*b.radius, 0.25);
  EXPECT_FALSE(b.bidirectional);
  EXPECT_DOUBLE_EQ(*b.cost, 12.0);
}

TEST(SceneLinks, WrittenBackAndReadAgainUnchanged) {
  const Result<Scene> s = parse_scene(floorplan_with(R"([{"from": [2, 2], "to": [8, 8]},
    {"from": [1, 5], "to": [9, 5], "radius": 0.25, "bidirectional": false, "cost": 12}])"),
                                      "links.json");
  ASSERT_TRUE(s.ok()) << s.error();
  const std::string text = scene_to_json(s.value());
  EXPECT_NE(text.find("\"links\""), std::string::npos);
  EXPECT_EQ(text.find("\"radius\": 0.6"), std::string::npos) << "an absent radius stays absent";
  const Result<Scene> again = parse_scene(text, "links.json");
  ASSERT_TRUE(again.ok()) << again.error() << "\n" << text;
  EXPECT_EQ(again.value(), s.value());
  // A scene without links writes no block.
  const Result<Scene> none = parse_scene(floorplan_with("[]"), "none.json");
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(scene_to_json(none.value()).find("\"links\""), std::string::npos);
}

struct BadLink {
  const char* links;
  const char* message;
};

TEST(SceneLinks, BadValuesNameTheirPointer) {
  const BadLink bad[] = {
      {R"([{"to": [8, 8]}])", "/links/0/from: expected a point [x, y], got nothing (the key is missing)"},
      {R"([{"from": [2, 2], "to": [8]}])", "/links/0/to: expected a point [x, y]"},
      {R"([{"from": [2, 2], "to": [8, 8], "radius": 0}])", "/links/0/radius: expected a radius in m > 0"},
      {R"([{"from": [2, 2], "to": [8, 8]}, {"from": [2, 2], "to": [8, 8], "cost": -1}])",
       "/links/1/cost: expected a cost in m of path >= 0"},
      {R"([{"from": [2, 2], "to": [8, 8], "bidirectional": "yes"}])", "/links/0/bidirectional: expected"},
      {R"([{"from": [2, 2], "to": [8, 8], "jump": 1}])", "/links/0/jump"},
      {R"({"from": [2, 2]})", "/links: expected an array of links"},
  };
  for (const BadLink& b : bad) {
    const Result<Scene> s = parse_scene(floorplan_with(b.links), "bad.json");
    ASSERT_FALSE(s.ok()) << b.links;
    EXPECT_NE(s.error().find(b.message), std::string::npos) << s.error();
  }
}

TEST(SceneLinks, AGraphSceneHasNoLinks) {
  const Result<Scene> s = parse_scene(R"({"navlab": 1, "graph": {"nodes": [{"id": "A", "pos": [0, 0]}]},
  "links": [{"from": [0, 0], "to": [1, 1]}]})",
                                      "graph.json");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("/links: expected no \"links\" in a graph scene"), std::string::npos) << s.error();
}

TEST(SceneLinks, ASideScrollerSceneHasNoLinks) {
  const Result<Scene> s = parse_scene(R"({"navlab": 1, "sidescroller": {"solids": [[0, 0, 10, 1]]},
  "links": [{"from": [0, 0], "to": [1, 1]}]})",
                                      "side.json");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("/links: expected no \"links\" in a side-scroller scene"), std::string::npos) << s.error();
}

TEST(SceneLinks, AnEndOnNoPolygonIsAnErrorNamingIt) {
  const std::string dir = test::temp_dir();
  // The floor is cut at cell centres (cell 0.3 m from x = -0.6): the last floor cell ends at x 9.9, and
  // eroding by 0.6 m leaves x <= 9.3. (9.9, 5) lies 0.6 m beyond it (within the default radius 0.6 m;
  // Detour moves it onto the edge), (12, 5) 2.7 m (beyond its radius 1 m).
  const std::string near = dir + "/near.json", far = dir + "/far.json";
  test::write_text(near, floorplan_with(R"([{"from": [2, 5], "to": [9.9, 5]}])"));
  test::write_text(far, floorplan_with(R"([{"from": [2, 5], "to": [8, 5]},
    {"from": [2, 5], "to": [12, 5], "radius": 1}])"));
  const Result<Scene> ok_scene = load_scene(near);
  ASSERT_TRUE(ok_scene.ok()) << ok_scene.error();
  const Result<NavMesh> ok_mesh = build_navmesh(ok_scene.value());
  ASSERT_TRUE(ok_mesh.ok()) << ok_mesh.error();
  EXPECT_NEAR(ok_mesh->links[0].to.x, 9.3, 1e-4);  // Detour moved the end onto the eroded floor

  const Result<Scene> bad_scene = load_scene(far);
  ASSERT_TRUE(bad_scene.ok()) << bad_scene.error();
  const Result<NavMesh> bad_mesh = build_navmesh(bad_scene.value());
  ASSERT_FALSE(bad_mesh.ok());
  EXPECT_NE(bad_mesh.error().find(far + ":3:"), std::string::npos) << bad_mesh.error();
  EXPECT_NE(bad_mesh.error().find("/links/1/to: link 1's to point (12, 5) is on no polygon"), std::string::npos)
      << bad_mesh.error();
}

// A tiled bake takes a scene's links as the single-tile bake does: the same ends on the floor.
TEST(SceneLinks, ATiledBakeTakesTheLinksAsTheSingleTileBake) {
  const std::string file = test::temp_dir() + "/tiled.json";
  test::write_text(file, R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]]},
  "bake": {"tile_size": 16}, "links": [{"from": [2, 5], "to": [6, 5], "cost": 1.5}]})");
  const Result<Scene> scene = load_scene(file);
  ASSERT_TRUE(scene.ok()) << scene.error();
  const Result<NavMesh> tiled = build_navmesh(scene.value());
  ASSERT_TRUE(tiled.ok()) << tiled.error();
  Scene solo = scene.value();
  solo.bake.tile_size = 0;
  const Result<NavMesh> baked = build_navmesh(solo);
  ASSERT_TRUE(baked.ok()) << baked.error();
  ASSERT_EQ(tiled->links.size(), 1u);
  ASSERT_EQ(baked->links.size(), 1u);
  EXPECT_NEAR(tiled->links[0].from.x, 2.0, 1e-4);
  EXPECT_NEAR(tiled->links[0].to.x, 6.0, 1e-4);
  EXPECT_EQ(tiled->links[0].cost, 1.5);
  EXPECT_EQ(tiled->links[0].bidirectional, baked->links[0].bidirectional);
  EXPECT_GE(tiled->links[0].from_poly, 0);
  EXPECT_GE(tiled->links[0].to_poly, 0);
}

TEST(SceneLinks, HandAuthoredMeshLinksAttachToTheirPolygons) {
  const std::string text = R"({"navlab": 1,
  "navmesh": {"vertices": [[0, 0], [2, 0], [2, 2], [0, 2], [4, 0], [6, 0], [6, 2], [4, 2]],
              "polygons": [[0, 1, 2, 3], [4, 5, 6, 7]]},
  "links": [{"from": [1.5, 1], "to": [4.5, 1]}, {"from": [1, 1], "to": [3, 1]}]})";
  const Result<Scene> s = parse_scene(text, "hand.json");
  ASSERT_TRUE(s.ok()) << s.error();
  Scene one = s.value();
  one.links.pop_back();
  const Result<NavMesh> mesh = build_navmesh(one);
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_EQ(mesh->links.size(), 1u);
  EXPECT_EQ(mesh->links[0].from_poly, 0);
  EXPECT_EQ(mesh->links[0].to_poly, 1);
  EXPECT_DOUBLE_EQ(mesh->links[0].cost, 3.0);
  const Result<NavMesh> bad = build_navmesh(s.value());
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("/links/1/to: link 1's to point (3, 1) is on no polygon: no polygon contains it"),
            std::string::npos)
      << bad.error();
}

}  // namespace
}  // namespace navlab
