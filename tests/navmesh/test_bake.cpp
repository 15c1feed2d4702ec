// Recast bakes: floor plans and OBJ soups, eroded area, Detour polygon ids, neighbours, errors.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>

#include <cmath>
#include <fstream>

#include "bake.h"
#include "bake_check.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "obj.h"
#include "paths.h"

namespace navlab {
namespace {

TEST(BakeFloorplan, RectangleRoomAreaIsErodedByTheAgentRadius) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {20, 0}, {20, 12}, {0, 12}};
  BakeDef def;
  auto r = bake_floorplan(f, def);
  ASSERT_TRUE(r.ok()) << r.error();
  const double expected = (20 - 2 * def.agent_radius) * (12 - 2 * def.agent_radius);  // 203.04 m²
  EXPECT_NEAR(test::polygon_area(r.value()), expected, 0.05 * expected);
  EXPECT_FALSE(r->is3d);
  EXPECT_TRUE(r->heights.empty());
  ASSERT_TRUE(r->baked);
  EXPECT_GT(r->baked->bake_ms, 0.0);
}

TEST(BakeFloorplan, RoomsWithPillarsMatchARasterOfTheErodedFloor) {
  // An L-shaped hall with two pillars and a wider wing.
  Scene::Floorplan f;
  f.outline = {{0, 0}, {30, 0}, {30, 10}, {14, 10}, {14, 24}, {0, 24}};
  f.holes = {{{5, 4}, {7, 4}, {7, 6}, {5, 6}}, {{20, 3}, {22, 5}, {20, 7}, {18, 5}}};
  BakeDef def;
  auto r = bake_floorplan(f, def);
  ASSERT_TRUE(r.ok()) << r.error();
  const double expected = test::eroded_area_raster(f, def.agent_radius, 0.05);
  EXPECT_NEAR(test::polygon_area(r.value()), expected, 0.05 * expected);
  // Nothing of the mesh lies inside a pillar.
  for (size_t i = 0; i < r->polys.size(); ++i) {
    const Vec2 c = r->centroid(int(i));
    for (const auto& h : f.holes) EXPECT_FALSE(point_in_ring(c, h)) << "polygon " << i;
  }
}

TEST(BakeFloorplan, EveryPartitionCoversTheErodedFloorWithItsOwnPolygons) {
  // The same L-shaped hall with pillars: each partition splits the floor its own way, and every split
  // covers the floor measured on a raster (an independent value).
  Scene::Floorplan f;
  f.outline = {{0, 0}, {30, 0}, {30, 10}, {14, 10}, {14, 24}, {0, 24}};
  f.holes = {{{5, 4}, {7, 4}, {7, 6}, {5, 6}}, {{20, 3}, {22, 5}, {20, 7}, {18, 5}}};
  const double expected = test::eroded_area_raster(f, BakeDef{}.agent_radius, 0.05);
  std::vector<std::vector<std::vector<int>>> layouts;
  for (const Partition p : {Partition::Watershed, Partition::Monotone, Partition::Layers}) {
    BakeDef def;
    def.partition = p;
    auto r = bake_floorplan(f, def);
    ASSERT_TRUE(r.ok()) << to_string(p) << ": " << r.error();
    EXPECT_NEAR(test::polygon_area(r.value()), expected, 0.05 * expected) << to_string(p);
    std::vector<std::vector<int>> layout;
    for (const NavPoly& poly : r->polys) layout.push_back(poly.verts);
    layouts.push_back(layout);
  }
  EXPECT_NE(layouts[0], layouts[1]) << "monotone made the watershed's polygons";
  EXPECT_NE(layouts[0], layouts[2]) << "layers made the watershed's polygons";
}

TEST(BakeFloorplan, TheWatershedPartitionHasAGridLimitTheOthersDoNot) {
  // A 700 m square at 0.3 m: about 2333 cells a side plus the bake's margins, 5.5e6 cells, above the
  // watershed's 4e6 and below the grid limit. It is refused before Recast runs.
  Scene::Floorplan f;
  f.outline = {{0, 0}, {700, 0}, {700, 700}, {0, 700}};
  auto r = bake_floorplan(f, BakeDef{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("bake.partition \"watershed\""), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("raise bake.cell_size to at least 0.36 m"), std::string::npos) << r.error();
  // The checks alone (baking 4e6 cells takes seconds): the suggested cell size passes, and so do the
  // other partitions at 0.3 m; 2000 x 2000 cells is the limit itself.
  BakeDef def;
  const BakeGridSize grid{700.0, 700.0, 0.0, 701.0, 701.0};
  EXPECT_FALSE(check_partition(def, grid).ok());
  def.cell_size = 0.36;
  EXPECT_EQ(check_partition(def, grid).error(), "");
  def.cell_size = 0.3;
  for (const Partition p : {Partition::Monotone, Partition::Layers}) {
    def.partition = p;
    EXPECT_EQ(check_partition(def, grid).error(), "") << to_string(p);
  }
  def.partition = Partition::Watershed;
  def.cell_size = 1.0;
  EXPECT_EQ(check_partition(def, BakeGridSize{1999.0, 1999.0, 0.0, 1999.5, 1999.5}).error(), "");
  EXPECT_FALSE(check_partition(def, BakeGridSize{2001.0, 1999.0, 0.0, 2001.5, 1999.5}).ok());
}

TEST(BakeFloorplan, PolygonsAreCounterClockwiseWithSymmetricNeighbours) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {16, 0}, {16, 16}, {0, 16}};
  f.holes = {{{6, 6}, {10, 6}, {10, 10}, {6, 10}}};
  auto r = bake_floorplan(f, BakeDef{});
  ASSERT_TRUE(r.ok()) << r.error();
  const NavMesh& m = r.value();
  ASSERT_GT(m.polys.size(), 3u);
  int links = 0;
  for (size_t i = 0; i < m.polys.size(); ++i) {
    const NavPoly& p = m.polys[i];
    const size_t n = p.verts.size();
    for (size_t j = 0; j < n; ++j) {
      EXPECT_GE(orient(m.verts[p.verts[j]], m.verts[p.verts[(j + 1) % n]], m.verts[p.verts[(j + 2) % n]]), -1e-6)
          << "polygon " << i << " turns clockwise at corner " << (j + 1) % n;
      const int nb = p.neighbours[j];
      if (nb < 0) continue;
      ++links;
      // The neighbour has the same edge reversed, pointing back at us.
      const NavPoly& q = m.polys[nb];
      bool found = false;
      for (size_t k = 0; k < q.verts.size(); ++k)
        if (q.verts[k] == p.verts[(j + 1) % n] && q.verts[(k + 1) % q.verts.size()] == p.verts[j])
          found = q.neighbours[k] == int(i);
      EXPECT_TRUE(found) << "polygon " << i << " edge " << j;
    }
  }
  EXPECT_GT(links, 0);
}

TEST(BakeFloorplan, DetourPolygonIndexIsOurPolygonIndex) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {24, 0}, {24, 6}, {10, 6}, {10, 18}, {0, 18}};
  f.holes = {{{3, 3}, {5, 3}, {5, 5}, {3, 5}}};
  auto r = bake_floorplan(f, BakeDef{});
  ASSERT_TRUE(r.ok()) << r.error();
  const NavMesh& m = r.value();
  const dtNavMesh& nav = *m.baked->detour;
  for (size_t i = 0; i < m.polys.size(); ++i) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    ASSERT_TRUE(dtStatusSucceed(nav.getTileAndPolyByRef(m.baked->base_ref | unsigned(i), &tile, &poly)));
    ASSERT_EQ(int(poly->vertCount), int(m.polys[i].verts.size()));
    ASSERT_EQ(poly->flags, 1) << "baked polygons need a non-zero flag for Detour's default filter";
    // Same vertex positions, as a cyclic sequence in either direction.
    std::vector<Vec2> ours, theirs;
    for (int v : m.polys[i].verts) ours.push_back(m.verts[v]);
    for (int k = 0; k < poly->vertCount; ++k) {
      const float* w = &tile->verts[poly->verts[k] * 3];
      theirs.push_back(to_plane({w[0], w[1], w[2]}));
    }
    std::vector<Vec2> reversed(theirs.rbegin(), theirs.rend());
    bool same = false;
    for (const auto* seq : {&theirs, &reversed})
      for (size_t s = 0; s < seq->size(); ++s) {
        bool all = true;
        for (size_t k = 0; k < ours.size(); ++k) all = all && distance(ours[k], (*seq)[(k + s) % seq->size()]) < 1e-9;
        same = same || all;
      }
    EXPECT_TRUE(same) << "polygon " << i;
  }
}

TEST(BakeFloorplan, PaintedAreasNamePolygons) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {20, 0}, {20, 10}, {0, 10}};
  f.areas = {{"water", {{10, -1}, {21, -1}, {21, 11}, {10, 11}}}};
  auto r = bake_floorplan(f, BakeDef{});
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->area_names, (std::vector<std::string>{"default", "water"}));
  int water = 0, floor = 0;
  for (size_t i = 0; i < r->polys.size(); ++i) {
    const Vec2 c = r->centroid(int(i));
    const int expected = c.x > 10 ? 1 : 0;
    EXPECT_EQ(r->polys[i].area, expected) << "polygon " << i << " centroid x " << c.x;
    (expected ? water : floor)++;
  }
  EXPECT_GT(water, 0);
  EXPECT_GT(floor, 0);
}

TEST(BakeFloorplan, TooNarrowGivesNoPolygonsError) {
  Scene s;
  s.path = "narrow.json";
  // 1 m wide, agent radius 0.6 m. Cell centres (0.3 m cells) inside: 67 along x times 3 along y.
  s.source = Scene::Floorplan{{{0, 0}, {20, 0}, {20, 1}, {0, 1}}, {}, {}};
  auto r = build_navmesh(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(),
            "narrow.json: the bake produced no polygons: no walkable cell is left after eroding 201 walkable cells "
            "by agent_radius 0.6 m (the floor is narrower than twice the agent radius, or no triangle is walkable)");
}

TEST(BakeFloorplan, BadBakeParameters) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  BakeDef def;
  def.verts_per_poly = 7;
  EXPECT_EQ(bake_floorplan(f, def).error(), "bake.verts_per_poly must be in 3..6, got 7");
}

TEST(BakeFloorplan, TraceDescribesEveryPhase) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  std::vector<BakeStep> trace;
  auto r = bake_floorplan(f, BakeDef{}, &trace);
  ASSERT_TRUE(r.ok());
  std::vector<std::string> phases;
  for (const auto& s : trace) phases.push_back(s.phase);
  EXPECT_EQ(phases, (std::vector<std::string>{"rasterize", "filter", "erode", "regions", "contours", "polygons",
                                              "detail", "detour"}));
  EXPECT_EQ(trace[5].count, long(r->polys.size()));
  EXPECT_NE(trace[5].describe().find(std::to_string(r->polys.size()) + " polygons"), std::string::npos);
}

// ---- OBJ levels. ----

// A 12 x 12 floor (one quad, negative indices, v/vt/vn tokens), a 2 m high platform reached by a ramp.
std::string level_obj() {
  return "# test level\n"
         "o floor\n"
         "v 0 0 0\nv 12 0 0\nv 12 0 -12\nv 0 0 -12\n"
         "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvn 0 1 0\n"
         "f -4/1/1 -3/2/1 -2/3/1 -1/4/1\n"
         "o platform\n"
         "v 12 2 0\nv 20 2 0\nv 20 2 -12\nv 12 2 -12\n"
         "f 5//1 6//1 7//1 8//1\n"
         "o ramp\n"
         "v 6 0 -4\nv 12 2 -4\nv 12 2 -8\nv 6 0 -8\n"
         "f 9/1 10/2 11/3 12/4\n";
}

TEST(Obj, ParsesNegativeIndicesTexturedTokensAndQuads) {
  auto r = parse_obj(level_obj(), "level.obj");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->verts.size(), 12u);
  ASSERT_EQ(r->tris.size(), 6u);  // three quads, fan-triangulated
  EXPECT_EQ(r->tris[0], (std::array<int, 3>{0, 1, 2}));
  EXPECT_EQ(r->tris[1], (std::array<int, 3>{0, 2, 3}));
  EXPECT_EQ(r->tris[5], (std::array<int, 3>{8, 10, 11}));
}

TEST(Obj, Errors) {
  EXPECT_EQ(parse_obj("v 0 0 0\nv 1 0 0\n\nf 1 2 3\n", "a.obj").error(),
            "a.obj:4: face index 3 is out of range (2 vertices defined so far)");
  EXPECT_EQ(parse_obj("v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 -4\n", "a.obj").error(),
            "a.obj:4: face index -4 is out of range (3 vertices defined so far)");
  EXPECT_EQ(parse_obj("v 0 0\n", "a.obj").error(), "a.obj:1: vertex needs 3 coordinates");
  EXPECT_EQ(parse_obj("v 0 x 0\n", "a.obj").error(), "a.obj:1: vertex coordinate 'x' is not a number");
  EXPECT_EQ(parse_obj("v 0 0 0\nv 1 0 0\nf 1 2\n", "a.obj").error(), "a.obj:3: face has 2 vertices, needs at least 3");
  EXPECT_EQ(parse_obj("v 0 0 0\nv 1 0 0\nv 1 1 0\nf 0 1 2\n", "a.obj").error(),
            "a.obj:4: face token '0' has no valid vertex index");
  EXPECT_EQ(parse_obj("v 0 0 0\n", "a.obj").error(), "a.obj: OBJ file has no faces");
  EXPECT_EQ(read_obj("/nonexistent/level.obj").error(),
            "/nonexistent/level.obj: cannot read the OBJ file (No such file or directory)");
  EXPECT_EQ(read_obj(test::temp_dir()).error(),
            test::temp_dir() + ": cannot read the OBJ file (it is a directory, not a regular file)");
}

TEST(Obj, RasterWorkCountsEveryTriangleOnItsOwn) {
  // A right triangle with 3 m legs in x and z at cell size 1 m: 3 + 3 rows and columns, 2 edge cells
  // and 4.5 cells of area = 12.5 cells (hand computation); y (up) does not count.
  const std::vector<float> verts = {0, 0, 0, 3, 5, 0, 0, 9, 3};
  EXPECT_DOUBLE_EQ(raster_work(verts, {0, 1, 2}, 1.0), 12.5);
  EXPECT_DOUBLE_EQ(raster_work(verts, {0, 1, 2, 0, 1, 2}, 1.0), 25.0);
  EXPECT_DOUBLE_EQ(raster_work(verts, {0, 1, 2}, 0.5), 6.0 / 0.5 + 2.0 + 4.5 / 0.25);
}

TEST(Obj, ALevelOfRepeatedHugeTrianglesIsRefusedBeforeRasterising) {
  // A 300 m square floor written 101 times: 202 triangles of about 5e5 cells each at 0.3 m.
  std::string text = "v 0 0 0\nv 300 0 0\nv 300 0 -300\nv 0 0 -300\n";
  for (int i = 0; i < 101; ++i) text += "f 1 2 3\nf 1 3 4\n";
  const Result<ObjMesh> soup = parse_obj(text, "repeated.obj");
  ASSERT_TRUE(soup.ok()) << soup.error();
  const Result<NavMesh> r = bake_triangles(soup.value(), BakeDef{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("the 202 triangles cover"), std::string::npos) << r.error();
  const std::string hint = "raise bake.cell_size to at least ";
  const size_t at = r.error().find(hint);
  ASSERT_NE(at, std::string::npos) << r.error();
  BakeDef suggested;
  suggested.cell_size = std::stod(r.error().substr(at + hint.size()));
  EXPECT_GT(suggested.cell_size, 0.3);
  std::vector<float> verts;
  std::vector<int> tris;
  for (const Vec3& v : soup->verts) verts.insert(verts.end(), {float(v.x), float(v.y), float(v.z)});
  for (const auto& t : soup->tris) tris.insert(tris.end(), t.begin(), t.end());
  EXPECT_EQ(check_raster_work(verts, tris, suggested).error(), "");
}

TEST(Obj, MeshSceneBakesTheGeneratedLevel) {
  const std::string dir = test::temp_dir();
  {
    std::ofstream out(dir + "/level.obj");
    out << level_obj();
  }
  Scene s;
  s.path = dir + "/level.json";
  s.source.emplace<Scene::Mesh>().obj = "level.obj";  // relative to the scene file
  auto r = build_navmesh(s);
  ASSERT_TRUE(r.ok()) << r.error();
  const NavMesh& m = r.value();
  EXPECT_TRUE(m.is3d);
  ASSERT_EQ(m.heights.size(), m.verts.size());
  ASSERT_FALSE(m.polys.empty());
  double lo = 1e9, hi = -1e9;
  for (double h : m.heights) lo = std::min(lo, h), hi = std::max(hi, h);
  EXPECT_NEAR(lo, 0.0, 0.3);
  EXPECT_NEAR(hi, 2.0, 0.3);
  // Floor and platform are one connected walkable region through the ramp: walk the neighbour graph.
  std::vector<int> seen(m.polys.size(), 0), stack{0};
  seen[0] = 1;
  while (!stack.empty()) {
    const int p = stack.back();
    stack.pop_back();
    for (int nb : m.polys[p].neighbours)
      if (nb >= 0 && !seen[nb]) seen[nb] = 1, stack.push_back(nb);
  }
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_TRUE(seen[i]) << "polygon " << i << " is not connected";
  // The plane view is to_plane(world): the floor spans x in [0, 20], plane y = -z in [0, 12].
  for (const Vec2& v : m.verts) {
    EXPECT_GE(v.x, -1e-3);
    EXPECT_LE(v.x, 20 + 1e-3);
    EXPECT_GE(v.y, -1e-3);
    EXPECT_LE(v.y, 12 + 1e-3);
  }
}

TEST(Obj, MissingObjIsAnError) {
  Scene s;
  s.path = "levels/missing.json";
  s.source.emplace<Scene::Mesh>().obj = "nowhere.obj";
  EXPECT_EQ(build_navmesh(s).error(), "levels/nowhere.obj: cannot read the OBJ file (No such file or directory)");
}

}  // namespace
}  // namespace navlab
