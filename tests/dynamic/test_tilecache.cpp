#include "tilecache.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <queue>
#include <random>
#include <tuple>

#include "corridor_version.h"
#include "paths.h"

namespace navlab {
namespace {

// A 40 m x 12 m hall with two pillars, baked in 8 m tiles (cell 0.25 m, tile 32 cells).
Scene hall() {
  Scene s;
  s.source = Scene::Floorplan{{{0, 0}, {40, 0}, {40, 12}, {0, 12}},
                              {{{10, 4}, {12, 4}, {12, 8}, {10, 8}}, {{26, 3}, {28, 3}, {28, 9}, {26, 9}}},
                              {}};
  s.bake.cell_size = 0.25;
  s.bake.agent_radius = 0.5;
  return s;
}

bool inside(const NavMesh& m, int p, Vec2 q) {
  const auto& v = m.polys[p].verts;
  for (size_t i = 0; i < v.size(); ++i)
    if (orient(m.verts[v[i]], m.verts[v[(i + 1) % v.size()]], q) < -1e-9) return false;
  return true;
}
int locate(const NavMesh& m, Vec2 q) {
  for (int p = 0; p < m.size(); ++p)
    if (inside(m, p, q)) return p;
  return -1;
}
// Breadth-first corridor over polygon neighbours (empty when unreachable).
std::vector<int> bfs(const NavMesh& m, int from, int to) {
  std::vector<int> parent(m.polys.size(), -2);
  std::queue<int> q;
  q.push(from);
  parent[from] = -1;
  while (!q.empty()) {
    const int p = q.front();
    q.pop();
    if (p == to) break;
    for (int n : m.polys[p].neighbours)
      if (n >= 0 && parent[n] == -2) parent[n] = p, q.push(n);
  }
  std::vector<int> path;
  if (parent[to] == -2) return path;
  for (int p = to; p != -1; p = parent[p]) path.push_back(p);
  std::reverse(path.begin(), path.end());
  return path;
}

TEST(TileCache, BakesTilesAndConvertsThemToOneConsistentMesh) {
  auto tc = TileCache::build(hall());
  ASSERT_TRUE(tc) << tc.error();
  const TileCache& c = *tc.value();
  EXPECT_EQ(c.tiles_x(), 5);
  EXPECT_EQ(c.tiles_y(), 2);
  EXPECT_GE(c.tile_count(), 8);
  const NavMesh& m = c.navmesh().mesh;
  ASSERT_GT(m.size(), 10);
  EXPECT_EQ(c.navmesh().keys.size(), m.polys.size());
  EXPECT_EQ(m.baked, nullptr);
  // Every polygon is counter-clockwise and every neighbour link is mutual over the same two vertices.
  int cross_tile = 0;
  for (int p = 0; p < m.size(); ++p) {
    const NavPoly& poly = m.polys[p];
    double area2 = 0;
    for (size_t i = 0; i < poly.verts.size(); ++i)
      area2 += cross(m.verts[poly.verts[i]], m.verts[poly.verts[(i + 1) % poly.verts.size()]]);
    EXPECT_GT(area2, 0.0) << p;
    for (size_t i = 0; i < poly.verts.size(); ++i) {
      const int n = poly.neighbours[i];
      if (n < 0) continue;
      const int a = poly.verts[i], b = poly.verts[(i + 1) % poly.verts.size()];
      const NavPoly& q = m.polys[n];
      bool back = false;
      for (size_t j = 0; j < q.verts.size(); ++j)
        if (q.verts[j] == b && q.verts[(j + 1) % q.verts.size()] == a && q.neighbours[j] == p) back = true;
      EXPECT_TRUE(back) << "polygon " << p << " edge " << i << " -> " << n;
      cross_tile += c.navmesh().tile_of[p] != c.navmesh().tile_of[n];
    }
  }
  EXPECT_GT(cross_tile, 0);
  // The hall is one connected piece: the west end reaches the east end.
  const int w = locate(m, {2, 6}), e = locate(m, {38, 6});
  ASSERT_GE(w, 0);
  ASSERT_GE(e, 0);
  EXPECT_FALSE(bfs(m, w, e).empty());
}

// Moving a carved obstacle across the corridor: the plan's read set is invalidated, the rebuilt tiles
// are exactly the tiles the obstacle touched (before and after), and a new corridor goes around it.
// A door across the hall at x = 20 (segment), baked in tiles.
Scene hall_with_door(Vec2 a, Vec2 b) {
  Scene s = hall();
  Door d;
  d.id = "gate";
  d.shape.resize(2);
  d.shape[0].plane = a;
  d.shape[1].plane = b;
  s.doors.push_back(d);
  return s;
}

// Breadth-first over polygon neighbours, never entering a polygon of door `door` (-1: none barred).
bool reachable_without(const NavMesh& m, int from, int to, int door) {
  std::vector<char> seen(m.polys.size(), 0);
  std::queue<int> q;
  q.push(from);
  seen[size_t(from)] = 1;
  while (!q.empty()) {
    const int p = q.front();
    q.pop();
    if (p == to) return true;
    for (int n : m.polys[size_t(p)].neighbours)
      if (n >= 0 && !seen[size_t(n)] && (door < 0 || m.polys[size_t(n)].door != door)) seen[size_t(n)] = 1, q.push(n);
  }
  return false;
}

TEST(TileCache, DoorsAreBakedIntoTheirTilesAsPolygonsOfTheirOwn) {
  auto built = TileCache::build(hall_with_door({20, 0}, {20, 12}));
  ASSERT_TRUE(built) << built.error();
  const NavMesh& m = built.value()->navmesh().mesh;
  ASSERT_EQ(m.door_ids, (std::vector<std::string>{"gate"}));
  int door_polys = 0;
  for (int p = 0; p < m.size(); ++p)
    if (m.polys[size_t(p)].door == 0) {
      ++door_polys;
      EXPECT_NEAR(m.centroid(p).x, 20.0, 0.6) << "polygon " << p;  // inside the footprint box
    }
  EXPECT_GT(door_polys, 0);
  // The door spans the hall: west and east meet only through its polygons.
  const int west = locate(m, {2, 6}), east = locate(m, {38, 6});
  ASSERT_GE(west, 0);
  ASSERT_GE(east, 0);
  EXPECT_TRUE(reachable_without(m, west, east, -1));
  EXPECT_FALSE(reachable_without(m, west, east, 0));
}

TEST(TileCache, MovingADoorRebuildsOnlyTheTilesUnderItsOldAndNewFootprints) {
  const Vec2 a{20, 0}, b{20, 12}, a2{36, 0}, b2{36, 12};
  auto built = TileCache::build(hall_with_door(a, b));
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  Door moved = hall_with_door(a2, b2).doors[0];
  const TileUpdate u = c.move_door(moved);
  // Tiles are 8 m wide (x from 0): the door's box (x ± 0.5 m) at x = 20 lies in tile column 2, at x = 36 in
  // column 4; with the border cells each tile bakes (agent radius + 3 cells = 1.25 m) column 2 reaches
  // 14.75..25.25 m, column 3 22.75..33.25 m and column 4 30.75..41.25 m: no other column is touched.
  std::vector<int> columns;
  for (int t : u.rebuilt_tiles) columns.push_back(t % c.tiles_x());
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  EXPECT_EQ(columns, (std::vector<int>{2, 4})) << u.describe();
  // The same mesh as a tile cache baked from scratch with the door there.
  auto fresh = TileCache::build(hall_with_door(a2, b2));
  ASSERT_TRUE(fresh) << fresh.error();
  const NavMesh& m = c.navmesh().mesh;
  const NavMesh& f = fresh.value()->navmesh().mesh;
  ASSERT_EQ(m.polys.size(), f.polys.size());
  for (size_t p = 0; p < m.polys.size(); ++p) {
    EXPECT_EQ(m.polys[p].door, f.polys[p].door) << p;
    EXPECT_LT(distance(m.centroid(int(p)), f.centroid(int(p))), 1e-6) << p;
  }
  for (int p = 0; p < m.size(); ++p) {
    if (m.polys[size_t(p)].door == 0) {
      EXPECT_NEAR(m.centroid(p).x, 36.0, 0.6) << "polygon " << p;
    }
  }
}

TEST(TileCache, AnObstacleOverATileRebuiltForADoorStaysCarved) {
  auto built = TileCache::build(hall_with_door({20, 0}, {20, 12}));
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  ObstacleShape crate;
  crate.kind = ObstacleShape::Kind::Box;
  crate.center = {21.5, 6};
  crate.half_extents = {0.5, 0.5};
  ASSERT_EQ(c.set_obstacle("crate", crate).error(), "");
  c.update();
  ASSERT_LT(locate(c.navmesh().mesh, {21.5, 6}), 0);  // carved
  c.move_door(hall_with_door({19, 0}, {19, 12}).doors[0]);
  EXPECT_LT(locate(c.navmesh().mesh, {21.5, 6}), 0);  // still carved after its tile was baked again
  EXPECT_TRUE(c.has_obstacle("crate"));
}

TEST(TileCache, MovingAnObstacleAcrossTheCorridorRebuildsOnlyTouchedTilesAndInvalidates) {
  auto built = TileCache::build(hall());
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  const Vec2 start{2, 6}, goal{38, 6};
  auto plan_through = [&]() {
    const NavMesh& m = c.navmesh().mesh;
    return bfs(m, locate(m, start), locate(m, goal));
  };
  std::vector<int> corridor = plan_through();
  ASSERT_FALSE(corridor.empty());
  ReadSet reads = make_read_set(corridor, {}, {}, &c.navmesh().keys, &c.navmesh().tile_of);

  // A box far from the corridor's tiles (north-east corner region of tile row 1 only if the plan
  // avoids it): park it first at the hall's south-west corner, then drag it across x = 19..21.
  ObstacleShape box;
  box.kind = ObstacleShape::Kind::Box;
  box.half_extents = {0.3, 1.2};
  box.center = {20, 1.2};
  ASSERT_EQ(c.set_obstacle("crate", box).error(), "");
  TileUpdate u = c.update();
  ASSERT_FALSE(u.rebuilt_tiles.empty());
  // Only tiles whose rectangle meets the inflated box were rebuilt.
  auto touched = [&](Vec2 centre, Vec2 half) {
    std::vector<int> ids;
    const double r = 0.5 + 0.25 * 3;  // inflation by agent radius, plus a margin of a few cells
    for (int t = 0; t < c.tiles_x() * c.tiles_y(); ++t) {
      auto [lo, hi] = c.tile_bounds(t);
      if (centre.x + half.x + r >= lo.x && centre.x - half.x - r <= hi.x && centre.y + half.y + r >= lo.y &&
          centre.y - half.y - r <= hi.y)
        ids.push_back(t);
    }
    return ids;
  };
  for (int t : u.rebuilt_tiles) {
    const auto ok = touched(box.center, box.half_extents);
    EXPECT_TRUE(std::find(ok.begin(), ok.end(), t) != ok.end()) << "tile " << t << " rebuilt needlessly";
  }
  EXPECT_LT(int(u.rebuilt_tiles.size()), c.tiles_x() * c.tiles_y());

  // Drag it north in steps: a big rotated-free wall that closes the gap between the pillars' rows.
  box.half_extents = {0.3, 6.5};
  box.center = {20, 6};
  ASSERT_EQ(c.set_obstacle("crate", box).error(), "");
  u = c.update();
  NavChange change{NavChange::Kind::TilesRebuilt, "", {}, {}, u.rebuilt_tiles, "crate"};
  EXPECT_TRUE(touches(reads, change).touched) << change.describe();
  // Wall across the whole hall: no corridor any more.
  EXPECT_TRUE(plan_through().empty());

  // Shorter crate across the middle of the corridor: the re-plan goes around it.
  box.half_extents = {0.3, 1.5};
  box.center = {20, 6};
  ASSERT_EQ(c.set_obstacle("crate", box).error(), "");
  u = c.update();
  corridor = plan_through();
  ASSERT_FALSE(corridor.empty());
  const NavMesh& m = c.navmesh().mesh;
  EXPECT_EQ(locate(m, {20, 6}), -1) << "the crate is carved";
  for (int p : corridor) EXPECT_FALSE(inside(m, p, {20, 6}));

  // Removing it rebuilds the same tiles and restores the straight corridor.
  ASSERT_EQ(c.remove_obstacle("crate").error(), "");
  EXPECT_FALSE(c.has_obstacle("crate"));
  u = c.update();
  EXPECT_FALSE(u.rebuilt_tiles.empty());
  EXPECT_GE(locate(c.navmesh().mesh, {20, 6}), 0);
}

// Keys are stable: polygons in tiles that were not rebuilt keep their keys.
TEST(TileCache, KeysOfUntouchedTilesSurviveARebuild) {
  auto built = TileCache::build(hall());
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  const auto before = c.navmesh();
  ObstacleShape cyl;
  cyl.center = {36, 10};
  cyl.radius = 0.5;
  ASSERT_EQ(c.set_obstacle("barrel", cyl).error(), "");
  const TileUpdate u = c.update();
  ASSERT_FALSE(u.rebuilt_tiles.empty());
  const auto& after = c.navmesh();
  for (size_t i = 0; i < before.keys.size(); ++i) {
    const int tile = before.tile_of[i];
    if (std::binary_search(u.rebuilt_tiles.begin(), u.rebuilt_tiles.end(), tile)) continue;
    EXPECT_NE(std::find(after.keys.begin(), after.keys.end(), before.keys[i]), after.keys.end());
  }
}

// Property: after each of a series of random obstacle adds, moves and removals, the incrementally
// patched mesh (only rebuilt tiles and their neighbours converted again) equals a full conversion of
// the same Detour mesh: same polygons in the same order, vertices, heights, neighbours, areas, keys.
void expect_same_mesh(const TiledNavMesh& a, const TiledNavMesh& b, const std::string& when) {
  ASSERT_EQ(a.keys, b.keys) << when;
  ASSERT_EQ(a.tile_of, b.tile_of) << when;
  ASSERT_EQ(a.mesh.polys.size(), b.mesh.polys.size()) << when;
  for (size_t p = 0; p < a.mesh.polys.size(); ++p) {
    const NavPoly &pa = a.mesh.polys[p], &pb = b.mesh.polys[p];
    ASSERT_EQ(pa.verts, pb.verts) << when << ": polygon " << p;
    ASSERT_EQ(pa.neighbours, pb.neighbours) << when << ": polygon " << p;
    ASSERT_EQ(pa.area, pb.area) << when << ": polygon " << p;
    ASSERT_EQ(pa.cost, pb.cost) << when << ": polygon " << p;
  }
  ASSERT_EQ(a.mesh.verts, b.mesh.verts) << when;
  ASSERT_EQ(a.mesh.heights, b.mesh.heights) << when;
  ASSERT_EQ(a.mesh.is3d, b.mesh.is3d) << when;
  ASSERT_EQ(a.mesh.area_names, b.mesh.area_names) << when;
}

TEST(TileCache, IncrementalConversionEqualsAFullConversionAfterRandomMoves) {
  auto built = TileCache::build(hall());
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  expect_same_mesh(c.navmesh(), c.full_conversion(), "after the bake");
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> x(0.0, 40.0), y(0.0, 12.0), size(0.2, 2.5), angle(0.0, 3.14159);
  std::uniform_int_distribution<int> pick(0, 3), kind(0, 2);
  int partial = 0, moves = 0;
  for (int step = 0; step < 60; ++step) {
    const std::string id = "o" + std::to_string(pick(rng));
    const int k = kind(rng);
    if (k == 2 && c.has_obstacle(id)) {
      ASSERT_EQ(c.remove_obstacle(id).error(), "");
    } else {
      ObstacleShape s;
      s.kind = k == 0 ? ObstacleShape::Kind::Cylinder : ObstacleShape::Kind::Box;
      s.center = {x(rng), y(rng)};
      s.radius = size(rng) * 0.5;
      s.half_extents = {size(rng), size(rng) * 0.5};
      s.angle = angle(rng);
      ASSERT_EQ(c.set_obstacle(id, s).error(), "");
    }
    const TileUpdate u = c.update();
    ++moves;
    partial += u.converted_polygons < c.navmesh().mesh.size();
    expect_same_mesh(c.navmesh(), c.full_conversion(), "step " + std::to_string(step) + ": " + u.describe());
  }
  EXPECT_EQ(moves, 60);
  EXPECT_GT(partial, 30) << "most updates convert only part of the mesh";
}

// The same on the 3D OBJ level (a step and a ramp: vertices with heights), with cylinders dragged
// over the ramp in small tiles so that most moves cross a tile border.
TEST(TileCache, IncrementalConversionEqualsAFullConversionOnA3DLevel) {
  auto scene = load_scene(test::scene_path("mesh_level.json"));
  ASSERT_TRUE(scene) << scene.error();
  TileCacheDef def;
  def.tile_size = 16;
  auto built = TileCache::build(scene.value(), def);
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  ASSERT_TRUE(c.navmesh().mesh.is3d);
  expect_same_mesh(c.navmesh(), c.full_conversion(), "after the bake");
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> x(0.0, 20.0), y(0.0, 12.0), r(0.3, 1.5);
  int partial = 0;
  for (int step = 0; step < 30; ++step) {
    ObstacleShape s;
    s.center = {x(rng), y(rng)};
    s.radius = r(rng);
    s.base = -1.0;
    s.height = 5.0;
    ASSERT_EQ(c.set_obstacle(step % 2 ? "a" : "b", s).error(), "");
    const TileUpdate u = c.update();
    partial += u.converted_polygons > 0 && u.converted_polygons < c.navmesh().mesh.size();
    expect_same_mesh(c.navmesh(), c.full_conversion(), "step " + std::to_string(step) + ": " + u.describe());
  }
  EXPECT_GT(partial, 15) << partial << " partial; " << c.navmesh().mesh.size() << " polygons; " << c.tiles_x() << "x"
                         << c.tiles_y() << " tiles";
}

// Painted areas in the tile cache as in the single-tile bake: the hall's floor painted with mud (cost 5)
// and scenes/mesh_level.json's ground with a convex water volume (cost 10); their polygons carry the area
// and its cost, every other polygon costs 1, and a rebuilt tile keeps them.
TEST(TileCache, PaintedAreasAndVolumesCarryTheirCosts) {
  Scene plan = hall();
  plan.floorplan_source()->areas = {{"mud", {{14, 2}, {22, 2}, {22, 10}, {14, 10}}, 5.0}};
  auto level = load_scene(test::scene_path("mesh_level.json"));
  ASSERT_TRUE(level) << level.error();
  Scene mesh = level.value();
  AreaVolume water{"water", {}, -1.0, 5.0, 10.0};
  for (const Vec3 w : {Vec3{5, 0, 0.5}, Vec3{9, 0, 0.5}, Vec3{9, 0, -4.5}, Vec3{5, 0, -4.5}})
    water.polygon.push_back(ScenePoint{"", to_plane(w), w.y, true});
  mesh.mesh_source()->areas = {water};
  for (const auto& [scene, area, cost] : {std::tuple<Scene, std::string, double>{plan, "mud", 5.0},
                                          std::tuple<Scene, std::string, double>{mesh, "water", 10.0}}) {
    TileCacheDef def;
    def.tile_size = 16;
    auto built = TileCache::build(scene, def);
    ASSERT_TRUE(built) << built.error();
    TileCache& c = *built.value();
    auto check = [&, area = area, cost = cost](const std::string& when) {
      const NavMesh& m = c.navmesh().mesh;
      const int a = m.area_index(area);
      ASSERT_GE(a, 1) << when;
      int painted = 0;
      for (const NavPoly& p : m.polys) {
        EXPECT_EQ(p.cost, p.area == a ? cost : 1.0) << when;
        painted += p.area == a;
      }
      EXPECT_GT(painted, 0) << when;
    };
    check(area + " after the bake");
    ObstacleShape s;
    s.center = area == "mud" ? Vec2{16, 6} : Vec2{6, 2};
    s.radius = 0.5;
    s.base = -1.0;
    s.height = 5.0;
    ASSERT_EQ(c.set_obstacle("crate", s).error(), "");
    c.update();
    check(area + " after a rebuild");
  }
}

TEST(TileCache, TilesAreTheScenesTiledBakeSizeClampedToTheTileCachesRange) {
  Scene s = hall();
  EXPECT_EQ(tile_cache_def(s).tile_size, 32);  // one-tile bake: the default
  s.bake.tile_size = 64;
  EXPECT_EQ(tile_cache_def(s).tile_size, 64);
  s.bake.tile_size = 1024;
  EXPECT_EQ(tile_cache_def(s).tile_size, 255);
  s.bake.tile_size = 16;
  EXPECT_EQ(tile_cache_def(s).tile_size, 16);

  // The hall is 160 x 48 cells (0.25 m): 5 x 2 tiles of 32 cells, 3 x 1 of 64.
  s.bake.tile_size = 64;
  auto tc = TileCache::build(s, tile_cache_def(s));
  ASSERT_TRUE(tc) << tc.error();
  EXPECT_EQ(tc.value()->tiles_x(), 3);
  EXPECT_EQ(tc.value()->tiles_y(), 1);
}

TEST(TileCache, ALevelOfMoreThanItsTilesNeedsALargerTileSize) {
  // 700 m x 700 m at 0.3 m cells: 2,334 cells a side, 73 x 73 tiles of 32 cells (four layers each:
  // 21,316 > 16,384). The check comes before any tile is baked.
  Scene s;
  s.source = Scene::Floorplan{{{0, 0}, {700, 0}, {700, 700}, {0, 700}}, {}, {}};
  s.bake.cell_size = 0.3;
  auto too_many = TileCache::build(s);
  ASSERT_FALSE(too_many);
  EXPECT_NE(too_many.error().find("21316 tiles; raise tile_size"), std::string::npos) << too_many.error();
}

// The scene's links are baked into the tile cache's tiles as into a tiled bake, and survive the
// incremental conversion: after a rebuild of tiles before theirs (their polygons' indices shift) they
// are what a full conversion reads.
TEST(TileCache, LinksAreBakedAndSurviveRebuilds) {
  Scene s = hall();
  LinkDef across, near;
  across.from.plane = {6, 2};  // tile (0, 1), landing in tile (1, 0): a diagonal neighbour
  across.to.plane = {9, 10};
  across.bidirectional = false;
  near.from.plane = {2, 6};
  near.to.plane = {4, 6};
  s.links = {across, near};
  auto built = TileCache::build(s);
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  auto expect_attached = [&](const NavMesh& m) {
    ASSERT_EQ(m.links.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
      const NavLink& l = m.links[i];
      ASSERT_GE(l.from_poly, 0) << "link " << i;
      ASSERT_GE(l.to_poly, 0) << "link " << i;
      EXPECT_TRUE(inside(m, l.from_poly, l.from)) << "link " << i;
      EXPECT_TRUE(inside(m, l.to_poly, l.to)) << "link " << i;
      EXPECT_NEAR(distance(l.from, s.links[i].from.plane), 0.0, 1e-4);
      EXPECT_NEAR(distance(l.to, s.links[i].to.plane), 0.0, 1e-4);
    }
    EXPECT_FALSE(m.links[0].bidirectional);
    EXPECT_EQ(m.links[0].land_state, 3) << "Detour's side 7 (x+, z-) of the start's tile, halved";
  };
  expect_attached(c.navmesh().mesh);
  ObstacleShape box;
  box.kind = ObstacleShape::Kind::Box;
  box.half_extents = {0.4, 0.4};
  box.center = {3, 10};  // tile (0, 0): the tiles holding the links come after it
  ASSERT_EQ(c.set_obstacle("crate", box).error(), "");
  ASSERT_FALSE(c.update().rebuilt_tiles.empty());
  expect_attached(c.navmesh().mesh);
  EXPECT_EQ(c.navmesh().mesh.links, c.full_conversion().mesh.links);

  s.links[0].to.plane = {20, 10};  // two tiles on: Detour cannot join it
  auto far = TileCache::build(s);
  ASSERT_FALSE(far);
  EXPECT_NE(far.error().find("/links/0/to: link 0's to point is on no polygon of the tile cache"), std::string::npos)
      << far.error();
}

// The bake counts its tiles in a BakeProgress as build_navmesh's tiled bake does, and a cancel stops it
// before its next tile with an error saying after how many (the follower's own tile cache is cancelled so).
TEST(TileCache, CountsItsTilesAndACancelStopsItBeforeTheNextOne) {
  BakeProgress p;
  auto tc = TileCache::build(hall(), {}, &p);
  ASSERT_TRUE(tc) << tc.error();
  EXPECT_EQ(p.tiles_total.load(), tc.value()->tiles_x() * tc.value()->tiles_y());
  EXPECT_EQ(p.tiles_done.load(), p.tiles_total.load());

  BakeProgress stop;
  stop.cancel.store(true);
  auto cancelled = TileCache::build(hall(), {}, &stop);
  ASSERT_FALSE(cancelled);
  EXPECT_EQ(cancelled.error(), "the tile cache's bake was cancelled after 0 of 10 tiles");
  EXPECT_EQ(stop.tiles_done.load(), 0);
}

TEST(TileCache, RejectsSourcesThatAreNotBaked) {
  Scene s;
  s.source = Scene::Navmesh{};
  EXPECT_FALSE(TileCache::build(s));
}

}  // namespace
}  // namespace navlab
