// The tiled bake (core/navmesh/bake_tiled.h): the same walkable area as the single-tile bake, plans equal
// to Detour's findPath and findStraightPath on the same tiled dtNavMesh, the same mesh on any number of
// threads, progress and cancel, and tile_size checked in the scene.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>
#include <thread>

#include "bake_tiled.h"
#include "obj.h"
#include "funnel.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "portals.h"
#include "search.h"

namespace navlab {
namespace {

// The floor plan of tests/path/test_funnel_detour.cpp: 40 x 30 m, six pillars of several shapes.
Scene::Floorplan pillared_plan() {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {40, 0}, {40, 25}, {22, 25}, {22, 30}, {0, 30}};
  f.holes = {{{5, 5}, {9, 5}, {9, 8}, {5, 8}},       {{14, 3}, {16, 3}, {16, 20}, {14, 20}},
             {{20, 10}, {26, 6}, {28, 12}},          {{30, 14}, {35, 14}, {35, 22}, {33, 22}, {33, 16}, {30, 16}},
             {{4, 14}, {10, 14}, {10, 15}, {4, 15}}, {{6, 20}, {12, 24}, {8, 26}}};
  return f;
}

void expect_same_mesh(const NavMesh& a, const NavMesh& b);

BakeDef tiled_def(int tile_size) {
  BakeDef def;
  def.tile_size = tile_size;
  return def;
}

// Length of the mesh's walls (edges without a neighbour), m.
double wall_length(const NavMesh& m) {
  double total = 0.0;
  for (const NavPoly& p : m.polys)
    for (size_t i = 0; i < p.verts.size(); ++i)
      if (p.neighbours[i] < 0) total += distance(m.verts[p.verts[i]], m.verts[p.verts[(i + 1) % p.verts.size()]]);
  return total;
}

double distance_to_walls(const NavMesh& m, Vec2 q) {
  double best = 1e300;
  for (const NavPoly& p : m.polys)
    for (size_t i = 0; i < p.verts.size(); ++i)
      if (p.neighbours[i] < 0)
        best = std::min(best, distance_to_segment(q, m.verts[p.verts[i]], m.verts[p.verts[(i + 1) % p.verts.size()]]));
  return best;
}

bool inside(const NavMesh& m, Vec2 q) {
  for (int i = 0; i < m.size(); ++i)
    if (m.contains(i, q, 0.0)) return true;
  return false;
}

TEST(BakeTiled, CoversTheSameWalkableAreaAsTheSingleTileBake) {
  const Scene::Floorplan plan = pillared_plan();
  const BakeDef def = tiled_def(32);
  auto solo = bake_floorplan(plan, BakeDef{});
  auto tiled = bake_floorplan_tiled(plan, def);
  ASSERT_TRUE(solo.ok()) << solo.error();
  ASSERT_TRUE(tiled.ok()) << tiled.error();
  // Both meshes trace the same eroded cells; each simplifies its contours to within edge_max_error cells
  // of them, so along every wall the two may differ by at most twice that. The tiled bake only adds
  // contour vertices where tiles meet.
  const double slack = 2.0 * def.edge_max_error * def.cell_size * wall_length(solo.value());
  const double a_solo = test::polygon_area(solo.value()), a_tiled = test::polygon_area(tiled.value());
  std::printf("area: single tile %.3f m2 (%d polygons), tiled %.3f m2 (%d polygons), bound %.3f m2\n", a_solo,
              solo->size(), a_tiled, tiled->size(), slack);
  EXPECT_NEAR(a_tiled, a_solo, slack);
  // Both near the eroded floor measured on a fine raster, as tests/navmesh/test_bake.cpp checks the
  // single-tile bake (within 5 %).
  const double raster = test::eroded_area_raster(plan, def.agent_radius, 0.05);
  std::printf("eroded floor on a 5 cm raster: %.3f m2\n", raster);
  EXPECT_NEAR(a_tiled, raster, 0.02 * raster);

  // Away from the walls of both meshes (by the contour error and a cell) and from tile borders, a point
  // is inside one mesh exactly when it is inside the other.
  const double wall_clear = (def.edge_max_error + 1.0) * def.cell_size;
  const double side = def.tile_size * def.cell_size;
  const Vec2 origin{-2.0 * def.cell_size, 30.0 + 2.0 * def.cell_size};  // the slab's corner (x min, y max)
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> ux(0.0, 40.0), uy(0.0, 30.0);
  int compared = 0, in_both = 0;
  for (int k = 0; k < 3000; ++k) {
    const Vec2 q{ux(rng), uy(rng)};
    const double bx = std::fmod(q.x - origin.x, side), by = std::fmod(origin.y - q.y, side);
    if (std::min({bx, side - bx, by, side - by}) < def.cell_size) continue;
    if (distance_to_walls(solo.value(), q) < wall_clear || distance_to_walls(tiled.value(), q) < wall_clear) continue;
    ++compared;
    const bool a = inside(solo.value(), q), b = inside(tiled.value(), q);
    in_both += a && b;
    EXPECT_EQ(a, b) << "point (" << q.x << ", " << q.y << ")";
  }
  EXPECT_GT(compared, 1500);
  EXPECT_GT(in_both, 1000);
}

// A rolling 40 x 40 m terrain (slopes under 45 degrees) with two square holes, counter-clockwise seen
// from above.
ObjMesh terrain() {
  ObjMesh m;
  const int n = 40;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i)
      m.verts.push_back({double(i), 1.5 * std::sin(i * 0.15) + std::cos(j * 0.2), double(j)});
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if ((i >= 8 && i < 12 && j >= 6 && j < 20) || (i >= 20 && i < 32 && j >= 14 && j < 17)) continue;
      const int a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
      m.tris.push_back({a, c, b});
      m.tris.push_back({b, c, d});
    }
  return m;
}

TEST(BakeTiled, ALevelMeshBakesInTilesOverTheSameFloor) {
  const ObjMesh level = terrain();
  BakeDef def = tiled_def(32);
  auto solo = bake_triangles(level, BakeDef{});
  auto one = bake_triangles_tiled(level, def, TiledBakeRun{1, nullptr});
  auto two = bake_triangles_tiled(level, def, TiledBakeRun{2, nullptr});
  ASSERT_TRUE(solo.ok()) << solo.error();
  ASSERT_TRUE(one.ok()) << one.error();
  ASSERT_TRUE(two.ok()) << two.error();
  EXPECT_TRUE(one->is3d);
  EXPECT_EQ(one->heights.size(), one->verts.size());
  expect_same_mesh(one.value(), two.value());
  // The planning-plane area, bounded as for the floor plan above.
  const double slack = 2.0 * def.edge_max_error * def.cell_size * wall_length(solo.value());
  std::printf("level: single tile %.3f m2, tiled %.3f m2, bound %.3f m2\n", test::polygon_area(solo.value()),
              test::polygon_area(one.value()), slack);
  EXPECT_NEAR(test::polygon_area(one.value()), test::polygon_area(solo.value()), slack);
  EXPECT_GT(one->baked->refs.size(), solo->polys.size()) << "tile borders cut polygons";
  // Away from both meshes' walls (by the contour error and a cell), inside one iff inside the other.
  const double wall_clear = (def.edge_max_error + 1.0) * def.cell_size;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(0.0, 40.0);
  int compared = 0;
  for (int k = 0; k < 4000; ++k) {
    const Vec2 q{u(rng), -u(rng)};  // world (x, z) in 0..40 is the plane's (x, -z)
    if (distance_to_walls(solo.value(), q) < wall_clear || distance_to_walls(one.value(), q) < wall_clear) continue;
    ++compared;
    EXPECT_EQ(inside(solo.value(), q), inside(one.value(), q)) << "point (" << q.x << ", " << q.y << ")";
  }
  EXPECT_GT(compared, 2000);
}

TEST(BakeTiled, EveryPolygonMapsToItsDetourReference) {
  auto tiled = bake_floorplan_tiled(pillared_plan(), tiled_def(32));
  ASSERT_TRUE(tiled.ok()) << tiled.error();
  const NavMesh& m = tiled.value();
  ASSERT_TRUE(m.baked && m.baked->detour);
  const dtNavMesh& nav = *m.baked->detour;
  int tiles = 0, detour_polys = 0;
  for (int i = 0; i < nav.getMaxTiles(); ++i)
    if (const dtMeshTile* t = nav.getTile(i); t && t->header) {
      ++tiles;
      detour_polys += t->header->polyCount;
    }
  EXPECT_GT(tiles, 4) << "a 40 x 30 m plan in tiles of 9.6 m";
  EXPECT_EQ(detour_polys, m.size());
  for (int i = 0; i < m.size(); ++i) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    ASSERT_TRUE(dtStatusSucceed(nav.getTileAndPolyByRef(m.baked->ref(i), &tile, &poly))) << "polygon " << i;
    EXPECT_EQ(m.baked->poly_of(m.baked->ref(i)), i);
    // Detour's links are our neighbours and the other way round.
    std::vector<int> linked, ours;
    for (unsigned k = poly->firstLink; k != DT_NULL_LINK; k = tile->links[k].next)
      linked.push_back(m.baked->poly_of(tile->links[k].ref));
    for (int nb : m.polys[size_t(i)].neighbours)
      if (nb >= 0) ours.push_back(nb);
    std::sort(linked.begin(), linked.end());
    std::sort(ours.begin(), ours.end());
    ours.erase(std::unique(ours.begin(), ours.end()), ours.end());
    EXPECT_EQ(ours, linked) << "polygon " << i;
    // Each Detour corner is a corner of our polygon (ours may have more: border edges split).
    for (int c = 0; c < poly->vertCount; ++c) {
      const float* v = &tile->verts[poly->verts[c] * 3];
      const Vec2 p = to_plane({v[0], v[1], v[2]});
      double nearest = 1e300;
      for (int w : m.polys[size_t(i)].verts) nearest = std::min(nearest, distance(m.verts[size_t(w)], p));
      // A vertex shared by two tiles is welded to the first tile's float, one float step (2e-6 m here) off.
      EXPECT_LT(nearest, 1e-5) << "polygon " << i << " corner " << c << " at (" << p.x << ", " << p.y << ")";
    }
  }
}

struct Picked {
  int poly = -1;
  float world[3] = {0, 0, 0};
};

Picked random_point(const NavMesh& m, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.05, 1.0);
  Picked out;
  out.poly = int(rng() % uint64_t(m.size()));
  double wsum = 0.0;
  Vec2 acc{};
  for (int v : m.polys[size_t(out.poly)].verts) {
    const double w = u(rng);
    wsum += w;
    acc = acc + m.verts[size_t(v)] * w;
  }
  const Vec3 w = to_world(acc / wsum, 0.0);
  out.world[0] = float(w.x), out.world[1] = float(w.y), out.world[2] = float(w.z);
  return out;
}

// Drops points of a polyline that lie on the segment between their neighbours (see test_funnel_detour).
void drop_collinear(std::vector<Vec2>& pts) {
  for (size_t i = 1; i + 1 < pts.size();)
    if (distance_to_segment(pts[i], pts[i - 1], pts[i + 1]) <= 1e-4)
      pts.erase(pts.begin() + long(i));
    else
      ++i;
}

// Distance of p from the nearest tile border line of the tiled mesh.
double to_tile_border(const dtNavMesh& nav, Vec2 p) {
  const dtNavMeshParams& prm = *nav.getParams();
  const Vec3 w = to_world(p, 0.0);
  const double bx = std::fmod(w.x - prm.orig[0], prm.tileWidth), bz = std::fmod(w.z - prm.orig[2], prm.tileHeight);
  return std::min({bx, prm.tileWidth - bx, bz, prm.tileHeight - bz});
}

struct CrossCheck {
  int pairs = 0, corridors_equal = 0, corners = 0, border_corners = 0;
  double worst = 0.0;
};

// Random pairs: our search (edge midpoints) against findPath, our portals + funnel against
// findStraightPath on Detour's corridor.
void cross_check(const NavMesh& m, int want, unsigned seed, CrossCheck& out) {
  const dtNavMesh* nav = m.baked->detour.get();
  dtNavMeshQuery query;
  ASSERT_TRUE(dtStatusSucceed(query.init(nav, 8192)));
  dtQueryFilter filter;
  // Across a tile border Detour stores a portal's ends as fractions of the edge in 1/255 steps (dtLink
  // bmin/bmax), where our conversion cuts the edge at the neighbour's exact corners: a corner on a tile
  // border may move by up to an edge's length / 255, and a border edge is at most a tile side long.
  const double border_slack = nav->getParams()->tileWidth / 255.0;
  std::mt19937_64 rng(seed);
  for (int attempt = 0; out.pairs < want; ++attempt) {
    ASSERT_LT(attempt, want * 20);
    const Picked a = random_point(m, rng), b = random_point(m, rng);
    const dtPolyRef ra = m.baked->ref(a.poly), rb = m.baked->ref(b.poly);
    dtPolyRef path[1024];
    int npath = 0;
    const dtStatus st = query.findPath(ra, rb, a.world, b.world, &filter, path, &npath, 1024);
    if (dtStatusFailed(st) || npath == 0 || path[npath - 1] != rb) continue;
    ++out.pairs;
    std::vector<int> corridor;
    for (int i = 0; i < npath; ++i) corridor.push_back(m.baked->poly_of(path[i]));
    const Vec3 sw{a.world[0], a.world[1], a.world[2]}, gw{b.world[0], b.world[1], b.world[2]};
    SearchDef def;
    def.cost_model = CostModel::EdgeMidpoints;
    const SearchResult r = search(m, SearchQuery{a.poly, b.poly, sw, gw}, def);
    out.corridors_equal += r.corridor == corridor;

    float straight[3 * 1024];
    unsigned char flags[1024];
    dtPolyRef refs[1024];
    int nstraight = 0;
    ASSERT_TRUE(dtStatusSucceed(
        query.findStraightPath(a.world, b.world, path, npath, straight, flags, refs, &nstraight, 1024, 0)));
    const Vec2 start = to_plane(sw), goal = to_plane(gw);
    const PortalsResult portals = build_portals(m, corridor, start, goal, 0.0);
    ASSERT_TRUE(portals.ok()) << portals.failure->message;
    const FunnelResult f = funnel(start, portals.portals);
    ASSERT_TRUE(f.ok());
    std::vector<Vec2> ours{start}, theirs;
    for (const FunnelCorner& c : f.corners) ours.push_back(c.point);
    ours.push_back(goal);
    for (int i = 0; i < nstraight; ++i)
      theirs.push_back(to_plane({straight[3 * i], straight[3 * i + 1], straight[3 * i + 2]}));
    drop_collinear(ours);
    drop_collinear(theirs);
    std::ostringstream listing;
    for (Vec2 p : ours) listing << " (" << p.x << ", " << p.y << ")";
    listing << "\nDetour:";
    for (Vec2 p : theirs) listing << " (" << p.x << ", " << p.y << ")";
    ASSERT_EQ(ours.size(), theirs.size()) << "ours:" << listing.str();
    for (size_t i = 0; i < ours.size(); ++i) {
      const double err = distance(ours[i], theirs[i]);
      const bool on_border = to_tile_border(*nav, theirs[i]) < 1e-3;
      out.border_corners += on_border;
      if (!on_border) out.worst = std::max(out.worst, err);
      EXPECT_LE(err, on_border ? border_slack : 1e-4) << "ours:" << listing.str() << "\npoint " << i;
    }
    out.corners += int(ours.size()) - 2;
  }
}

// One tile of 1024 cells holds the whole plan: the tiled path (conversion, references) without links
// between tiles, where Detour's findPath and our search must agree exactly.
TEST(BakeTiled, PlansEqualDetoursOnOneLargeTile) {
  auto tiled = bake_floorplan_tiled(pillared_plan(), tiled_def(1024));
  ASSERT_TRUE(tiled.ok()) << tiled.error();
  ASSERT_EQ(tiled->baked->refs.size(), tiled->polys.size());
  CrossCheck c;
  cross_check(tiled.value(), 400, 98, c);
  EXPECT_EQ(c.corridors_equal, c.pairs);
  EXPECT_EQ(c.border_corners, 0);
  EXPECT_GT(c.corners, 200) << "the pairs must bend around the pillars";
}

// Twenty tiles: the corridor is Detour's and the straight path through it Detour's (corners on tile
// borders within the 1/255 portal steps). Across a tile border Detour's findPath gives the polygon
// entered a node of its own per side of entry, placed at the midpoint of its quantised portal; so does
// our search (BakedNavMesh::borders): without those nodes, 365 of these 400 corridors were Detour's.
TEST(BakeTiled, StraightPathsEqualDetoursOnTwentyTiles) {
  auto tiled = bake_floorplan_tiled(pillared_plan(), tiled_def(32));
  ASSERT_TRUE(tiled.ok()) << tiled.error();
  CrossCheck c;
  cross_check(tiled.value(), 400, 99, c);
  std::printf("%d pairs, %d corridors equal, %d corners (%d end points on tile borders), worst off-border %.3g m\n",
              c.pairs, c.corridors_equal, c.corners, c.border_corners, c.worst);
  EXPECT_GT(c.border_corners, 50) << "the pairs cross tile borders";
  EXPECT_EQ(c.corridors_equal, c.pairs);
  EXPECT_GT(c.corners, 200) << "the pairs must bend around the pillars";
}

void expect_same_mesh(const NavMesh& a, const NavMesh& b) {
  EXPECT_EQ(a.verts, b.verts);
  EXPECT_EQ(a.polys, b.polys);
  EXPECT_EQ(a.area_names, b.area_names);
  EXPECT_EQ(a.door_ids, b.door_ids);
  ASSERT_TRUE(a.baked && b.baked);
  EXPECT_EQ(a.baked->refs, b.baked->refs);
}

TEST(BakeTiled, OneAndTwoThreadsGiveTheSameMesh) {
  const BakeDef def = tiled_def(16);
  auto one = bake_floorplan_tiled(pillared_plan(), def, TiledBakeRun{1, nullptr});
  auto two = bake_floorplan_tiled(pillared_plan(), def, TiledBakeRun{2, nullptr});
  ASSERT_TRUE(one.ok()) << one.error();
  ASSERT_TRUE(two.ok()) << two.error();
  expect_same_mesh(one.value(), two.value());
}

TEST(BakeTiled, ProgressCountsEveryTile) {
  BakeProgress progress;
  auto r = bake_floorplan_tiled(pillared_plan(), tiled_def(32), TiledBakeRun{2, &progress});
  ASSERT_TRUE(r.ok()) << r.error();
  // 40 x 30 m plus the slab's margin of two 0.3 m cells: 139 x 106 cells, tiles of 32 cells: 5 x 4.
  EXPECT_EQ(progress.tiles_total.load(), 20);
  EXPECT_EQ(progress.tiles_done.load(), 20);
}

TEST(BakeTiled, ACancelledBakeStopsWithAnError) {
  BakeProgress before;
  before.cancel = true;
  auto r = bake_floorplan_tiled(pillared_plan(), tiled_def(16), TiledBakeRun{1, &before});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "bake cancelled after 0 of " + std::to_string(before.tiles_total.load()) + " tiles");

  // Cancelled from another thread once the first tile is done: the worker takes no further tile.
  BakeProgress during;
  std::thread watcher([&] {
    while (during.tiles_done.load() < 1) std::this_thread::yield();
    during.cancel = true;
  });
  auto c = bake_floorplan_tiled(pillared_plan(), tiled_def(16), TiledBakeRun{1, &during});
  watcher.join();
  ASSERT_FALSE(c.ok());
  const int done = during.tiles_done.load(), total = during.tiles_total.load();
  EXPECT_GE(done, 1);
  EXPECT_LT(done, total);
  EXPECT_EQ(c.error(), "bake cancelled after " + std::to_string(done) + " of " + std::to_string(total) + " tiles");
}

TEST(BakeTiled, TileSizeIsCheckedInTheSceneAndTheBake) {
  auto scene = [](const std::string& bake) {
    return R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]]}, "bake": )" + bake + "}";
  };
  for (const char* bad :
       {R"({"tile_size": 8})", R"({"tile_size": 2048})", R"({"tile_size": 32.5})", R"({"tile_size": -1})"}) {
    auto s = parse_scene(scene(bad), "t.json");
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_NE(s.error().find("/bake/tile_size"), std::string::npos) << s.error();
  }
  auto ok = parse_scene(scene(R"({"tile_size": 64})"), "t.json");
  ASSERT_TRUE(ok.ok()) << ok.error();
  EXPECT_EQ(ok->bake.tile_size, 64);
  EXPECT_NE(scene_to_json(ok.value()).find("\"tile_size\": 64"), std::string::npos) << "written back";
  auto solo = parse_scene(scene("{}"), "t.json");
  ASSERT_TRUE(solo.ok());
  EXPECT_EQ(solo->bake.tile_size, 0);
  EXPECT_EQ(scene_to_json(solo.value()).find("tile_size"), std::string::npos) << "absent: the single-tile bake";

  auto r = bake_floorplan_tiled(pillared_plan(), tiled_def(8));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "bake.tile_size must be 0 (one tile) or 16..1024 cells, got 8");
}

TEST(BakeTiled, BuildNavmeshBakesInTilesWhenTheSceneAsks) {
  Scene s;
  s.path = "tiled.json";
  s.source = pillared_plan();
  s.bake.tile_size = 32;
  std::vector<BakeStep> trace;
  auto m = build_navmesh(s, &trace);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(m->baked);
  EXPECT_EQ(m->baked->refs.size(), m->polys.size()) << "a tiled mesh maps every polygon to its reference";
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0].phase, "tiles");
  EXPECT_EQ(trace[1].phase, "detour");
}

}  // namespace
}  // namespace navlab
