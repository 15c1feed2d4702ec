// Locate on hand-authored, baked and graph meshes: inside, on edges and vertices, outside.
#include <gtest/gtest.h>

#include <random>

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>

#include "bake.h"
#include "bake_tiled.h"
#include "locate.h"
#include "navmesh_build.h"
#include "obj.h"

namespace navlab {
namespace {

ScenePoint pt(double x, double y) {
  ScenePoint p;
  p.plane = {x, y};
  return p;
}

// A 2 x 2 grid of unit squares; vertex 4 (1, 1) is shared by all four polygons.
//   6---7---8
//   | 2 | 3 |
//   3---4---5
//   | 0 | 1 |
//   0---1---2
NavMesh grid(bool reversed_order = false) {
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  def.polygons = {{0, 1, 4, 3}, {1, 2, 5, 4}, {3, 4, 7, 6}, {4, 5, 8, 7}};
  if (reversed_order) std::reverse(def.polygons.begin(), def.polygons.end());
  return build_hand_authored(def, "grid.json").value();
}

TEST(LocateHandAuthored, InsideEachPolygon) {
  const NavMesh m = grid();
  EXPECT_EQ(locate(m, pt(0.5, 0.5), Endpoint::Start).poly, 0);
  EXPECT_EQ(locate(m, pt(1.5, 0.5), Endpoint::Start).poly, 1);
  EXPECT_EQ(locate(m, pt(0.5, 1.5), Endpoint::Start).poly, 2);
  EXPECT_EQ(locate(m, pt(1.5, 1.5), Endpoint::Start).poly, 3);
  const Location loc = locate(m, pt(1.25, 1.75), Endpoint::Goal);
  EXPECT_TRUE(loc.ok());
  EXPECT_EQ(loc.point, (Vec2{1.25, 1.75}));
  EXPECT_FALSE(loc.failure);
}

TEST(LocateHandAuthored, SharedEdgesAndVerticesGoToTheLowestIndex) {
  for (bool reversed : {false, true}) {
    const NavMesh m = grid(reversed);
    // With the polygon list reversed, polygon k of the normal order is polygon 3 - k.
    auto idx = [&](int k) { return reversed ? 3 - k : k; };
    EXPECT_EQ(locate(m, pt(1.0, 0.5), Endpoint::Start).poly, std::min(idx(0), idx(1)));  // edge 0|1
    EXPECT_EQ(locate(m, pt(0.5, 1.0), Endpoint::Start).poly, std::min(idx(0), idx(2)));  // edge 0|2
    EXPECT_EQ(locate(m, pt(1.5, 1.0), Endpoint::Start).poly, std::min(idx(1), idx(3)));  // edge 1|3
    EXPECT_EQ(locate(m, pt(1.0, 1.0), Endpoint::Start).poly, 0);                         // all four
    EXPECT_EQ(locate(m, pt(2.0, 1.0), Endpoint::Start).poly, std::min(idx(1), idx(3)));  // boundary vertex
    EXPECT_EQ(locate(m, pt(2.0, 2.0), Endpoint::Start).poly, idx(3));                    // outer corner
    EXPECT_EQ(locate(m, pt(0.3, 0.0), Endpoint::Start).poly, idx(0));                    // outer edge
  }
}

TEST(LocateHandAuthored, ToleranceIsScaledToTheMesh) {
  const NavMesh m = grid();
  EXPECT_DOUBLE_EQ(locate_tolerance(m), 2e-7);
  EXPECT_EQ(locate(m, pt(2.0 + 1e-7, 0.5), Endpoint::Start).poly, 1);  // within tolerance of the edge
  EXPECT_EQ(locate(m, pt(2.0 + 1e-5, 0.5), Endpoint::Start).poly, -1);
}

TEST(LocateHandAuthored, OutsideIsAFailureValue) {
  const NavMesh m = grid();
  const Location s = locate(m, pt(3, 0.5), Endpoint::Start);
  EXPECT_FALSE(s.ok());
  ASSERT_TRUE(s.failure);
  EXPECT_EQ(s.failure->stage, FailStage::Locate);
  EXPECT_EQ(s.failure->reason, Reason::StartOffMesh);
  EXPECT_EQ(s.failure->message, "start point (3, 0.5) is not inside any navmesh polygon");
  const Location g = locate(m, pt(-0.1, -0.1), Endpoint::Goal);
  ASSERT_TRUE(g.failure);
  EXPECT_EQ(g.failure->reason, Reason::GoalOffMesh);
  EXPECT_EQ(g.failure->message, "goal point (-0.1, -0.1) is not inside any navmesh polygon");
}

TEST(LocateHandAuthored, RandomPointsAgreeWithTheGrid) {
  // Property: a random point strictly inside cell (i, j) lands in polygon 2j + i; outside points fail.
  const NavMesh m = grid();
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 3.0);
  for (int k = 0; k < 2000; ++k) {
    const double x = u(rng), y = u(rng);
    const Location loc = locate(m, pt(x, y), Endpoint::Start);
    const bool inside = x > 0 && x < 2 && y > 0 && y < 2;
    const bool on_line = std::abs(x - 1) < 1e-6 || std::abs(y - 1) < 1e-6;
    if (!inside) {
      EXPECT_FALSE(loc.ok()) << x << ", " << y;
    } else if (!on_line) {
      EXPECT_EQ(loc.poly, 2 * int(y) + int(x)) << x << ", " << y;
    }
  }
}

TEST(LocateTrace, DescribesTheDecision) {
  const NavMesh m = grid();
  std::vector<LocateStep> trace;
  locate(m, pt(1.5, 0.5), Endpoint::Start, {}, &trace);
  locate(m, pt(5, 5), Endpoint::Goal, {}, &trace);
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0].describe(), "Start (1.5, 0.5) is in polygon 1.");
  EXPECT_EQ(trace[1].describe(), "Goal (5, 5) is off the navmesh: no polygon contains it.");
}

// ---- Baked meshes. ----

NavMesh baked_hall() {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {20, 0}, {20, 12}, {0, 12}};
  f.holes = {{{8, 4}, {12, 4}, {12, 8}, {8, 8}}};
  return bake_floorplan(f, BakeDef{}).value();
}

TEST(LocateBaked, InsideAgreesWithPointInPolygon) {
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  EXPECT_DOUBLE_EQ(def.half_extent_xz, 0.6);
  EXPECT_DOUBLE_EQ(def.half_extent_y, 2.0);
  for (const Vec2 p : {Vec2{3, 3}, Vec2{17, 9}, Vec2{10, 2}, Vec2{5.5, 10.5}}) {
    const Location loc = locate(m, pt(p.x, p.y), Endpoint::Start, def);
    ASSERT_TRUE(loc.ok()) << p.x << ", " << p.y;
    EXPECT_EQ(loc.poly, polygon_containing(m, p, 1e-4));
    EXPECT_NEAR(distance(loc.point, p), 0.0, 1e-4);
  }
}

TEST(LocateBaked, NearTheWallSnapsOntoTheMeshWithinTheAgentRadius) {
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  // 0.3 m from the outer wall: inside the floor, outside the eroded mesh (which starts at 0.6 m).
  std::vector<LocateStep> trace;
  const Location loc = locate(m, pt(5, 0.3), Endpoint::Start, def, &trace);
  ASSERT_TRUE(loc.ok());
  EXPECT_NEAR(loc.point.y, 0.6, 0.05);
  EXPECT_NEAR(loc.point.x, 5.0, 1e-3);
  EXPECT_GT(trace.at(0).snapped, 0.25);
  EXPECT_EQ(loc.poly, polygon_containing(m, loc.point, 1e-4));
}

TEST(LocateBaked, OutsideAndInsideAPillarAreOffTheMesh) {
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  const Location out = locate(m, pt(25, 6), Endpoint::Goal, def);
  ASSERT_TRUE(out.failure);
  EXPECT_EQ(out.failure->reason, Reason::GoalOffMesh);
  EXPECT_EQ(out.failure->message,
            "goal point (25, 6) is not within 0.6 m horizontally and 2 m vertically of the navmesh");
  const Location pillar = locate(m, pt(10, 6), Endpoint::Start, def);
  ASSERT_TRUE(pillar.failure);
  EXPECT_EQ(pillar.failure->reason, Reason::StartOffMesh);
}

TEST(LocateBaked, SharedEdgesGoToTheLowestIndex) {
  const NavMesh m = baked_hall();
  int checked = 0;
  for (int i = 0; i < int(m.polys.size()); ++i)
    for (size_t e = 0; e < m.polys[i].verts.size(); ++e) {
      const int j = m.polys[i].neighbours[e];
      if (j < 0) continue;
      const Vec2 a = m.vertex(i, int(e)), b = m.vertex(i, int((e + 1) % m.polys[i].verts.size()));
      for (const Vec2 p : {lerp(a, b, 0.5), a}) {
        const Location loc = locate(m, pt(p.x, p.y), Endpoint::Start, locate_def(BakeDef{}));
        ASSERT_TRUE(loc.ok());
        EXPECT_EQ(loc.poly, polygon_containing(m, p, 1e-4)) << "polygons " << i << " and " << j;
        EXPECT_LE(loc.poly, std::min(i, j));
        ++checked;
      }
    }
  EXPECT_GT(checked, 4);
}

// A two-storey level: a 20 x 20 m ground floor at height 0, a 6 m wide bridge at height 3 across it
// (over the ground, so two floors share the plane there) and a ramp from the ground up to the bridge.
ObjMesh two_storeys() {
  ObjMesh m;
  auto quad = [&](Vec3 a, Vec3 b, Vec3 c, Vec3 d) {  // counter-clockwise seen from above (y up)
    const int i = int(m.verts.size());
    m.verts.insert(m.verts.end(), {a, b, c, d});
    m.tris.push_back({i, i + 2, i + 1});
    m.tris.push_back({i, i + 3, i + 2});
  };
  quad({0, 0, 0}, {20, 0, 0}, {20, 0, 20}, {0, 0, 20});    // ground
  quad({7, 3, -2}, {13, 3, -2}, {13, 3, 22}, {7, 3, 22});  // bridge
  quad({13, 3, 8}, {20, 3, 8}, {20, 3, 12}, {13, 3, 12});  // landing
  quad({20, 3, 8}, {28, 0, 8}, {28, 0, 12}, {20, 3, 12});  // ramp down to the east
  quad({20, 0, 0}, {28, 0, 0}, {28, 0, 8}, {20, 0, 8});    // floor east of the ground, under nothing
  return m;
}

// Detour's own answer for `p` (scene point: plane and height), as locate documents it: findNearestPoly
// with the agent's half extents.
struct DetourAnswer {
  int poly = -1;
  Vec2 point;
  double height = 0.0;
};
DetourAnswer detour_nearest(const NavMesh& m, const LocateDef& def, Vec3 world) {
  dtNavMeshQuery* q = dtAllocNavMeshQuery();
  EXPECT_TRUE(dtStatusSucceed(q->init(m.baked->detour.get(), 16)));
  const float c[3] = {float(world.x), float(world.y), float(world.z)};
  const float ext[3] = {float(def.half_extent_xz), float(def.half_extent_y), float(def.half_extent_xz)};
  dtQueryFilter filter;
  dtPolyRef ref = 0;
  float n[3] = {0, 0, 0};
  DetourAnswer a;
  if (dtStatusSucceed(q->findNearestPoly(c, ext, &filter, &ref, n)) && ref) {
    a.poly = m.baked->poly_of(ref);
    a.point = to_plane({n[0], n[1], n[2]});
    a.height = n[1];
  }
  dtFreeNavMeshQuery(q);
  return a;
}

// `p` located and compared with Detour's findNearestPoly: the same polygon, point and height, but where
// the lowest-index tie rule picks another polygon that also contains the point. True when it is on the mesh.
bool expect_detour_answer(const NavMesh& m, const LocateDef& def, const ScenePoint& p) {
  const DetourAnswer want = detour_nearest(m, def, p.world());
  const Location got = locate(m, p, Endpoint::Start, def);
  const std::string where =
      std::to_string(p.plane.x) + ", " + std::to_string(p.plane.y) + " at " + std::to_string(p.height);
  if (want.poly < 0 || distance(want.point, p.plane) > def.half_extent_xz * (1 + 1e-6)) {
    EXPECT_FALSE(got.ok()) << where;
    return false;
  }
  EXPECT_TRUE(got.ok()) << where;
  if (!got.ok()) return true;
  EXPECT_EQ(got.point.x, want.point.x) << where;
  EXPECT_EQ(got.point.y, want.point.y) << where;
  EXPECT_EQ(got.height, m.is3d ? want.height : 0.0) << where;
  if (got.poly != want.poly) {  // a tie: a lower polygon of the same floor holds the point too
    EXPECT_LT(got.poly, want.poly) << where;
    EXPECT_TRUE(m.contains(got.poly, got.point, 1e-4)) << where;
  }
  return true;
}

// Seeded random points over the mesh's box (some off it, some on a second floor), each located and
// compared with Detour's findNearestPoly: the same polygon, point and height, but where the lowest-index
// tie rule picks another polygon that also contains the point. Returns the points on the mesh.
int expect_detour_answers(const NavMesh& m, const LocateDef& def, std::mt19937& rng, int n,
                          const std::vector<double>& heights) {
  Bounds2 box = bounds_of(m.verts);
  std::uniform_real_distribution<double> ux(box.lo.x - 1, box.hi.x + 1), uy(box.lo.y - 1, box.hi.y + 1);
  std::uniform_int_distribution<size_t> uh(0, heights.size() - 1);
  int on = 0;
  for (int i = 0; i < n; ++i) {
    ScenePoint p;
    p.plane = {ux(rng), uy(rng)};
    p.is3d = m.is3d;
    p.height = m.is3d ? heights[uh(rng)] : 0.0;
    on += expect_detour_answer(m, def, p);
  }
  return on;
}

TEST(LocateBaked, AgreesWithDetourOnRandomPointsOfAFloorPlan) {
  std::mt19937 rng(11);
  const NavMesh m = baked_hall();
  EXPECT_GT(expect_detour_answers(m, locate_def(BakeDef{}), rng, 3000, {0.0}), 2000);
}

TEST(LocateBaked, AgreesWithDetourAHairInsideTheMeshsBorder) {
  // Points a hair inside a border edge (no polygon beyond it): in Detour's floats some fall outside the
  // polygon, whose nearest point is then on the edge, not the point itself. Locate must not answer such a
  // point without Detour.
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  int tried = 0;
  for (int poly = 0; poly < m.size(); ++poly) {
    const NavPoly& np = m.polys[size_t(poly)];
    for (size_t e = 0; e < np.verts.size(); ++e) {
      if (e < np.neighbours.size() && np.neighbours[e] >= 0) continue;
      const Vec2 a = m.verts[size_t(np.verts[e])], b = m.verts[size_t(np.verts[(e + 1) % np.verts.size()])];
      const Vec2 inward = perp_left(b - a) * (1.0 / length(b - a));
      for (const double share : {0.3, 0.5, 0.7})
        for (const double d : {1e-9, 1e-8, 1e-7, 1e-6, 1e-5}) {
          ScenePoint p;
          p.plane = lerp(a, b, share) + inward * d;
          expect_detour_answer(m, def, p);
          ++tried;
        }
    }
  }
  EXPECT_GT(tried, 100);
}

TEST(LocateBaked, AgreesWithDetourOnRandomPointsOfTwoStoreys) {
  BakeDef bake;
  bake.cell_size = 0.25;
  const NavMesh m = bake_triangles(two_storeys(), bake).value();
  ASSERT_TRUE(m.is3d);
  std::mt19937 rng(12);
  // Heights on each floor, on the ramp, between floors and just out of reach.
  EXPECT_GT(expect_detour_answers(m, locate_def(bake), rng, 4000, {0.0, 0.1, 0.8, 1.5, 2.2, 3.0, 3.4, 5.5}), 1800);
}

// A Detour tile made by hand: a 10 x 10 m square at height 0 and, overlapping it in the plane, a 4 x 4 m
// square 0.5 m above it, with a walkable climb of 0.9 m (Recast never bakes floors that close, but a
// Detour file may hold them). Cells of 0.1 m.
NavMesh overlapping_floors() {
  const unsigned short verts[] = {0,  0, 0,  100, 0, 0,  100, 0, 100, 0,  0, 100,  // ground, y = 0
                                  30, 5, 30, 70,  5, 30, 70,  5, 70,  30, 5, 70};  // shelf, y = 0.5
  constexpr unsigned short kNone = 0xffff;                                         // an unused slot, and a wall
  const unsigned short polys[] = {0, 3, 2, 1, kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone,
                                  4, 7, 6, 5, kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone};
  const unsigned char areas[] = {0, 0};
  const unsigned short flags[] = {1, 1};
  dtNavMeshCreateParams params{};
  params.verts = verts;
  params.vertCount = 8;
  params.polys = polys;
  params.polyAreas = areas;
  params.polyFlags = flags;
  params.polyCount = 2;
  params.nvp = 6;
  params.walkableHeight = 0.4f;
  params.walkableRadius = 0.1f;
  params.walkableClimb = 0.9f;
  params.bmin[0] = 0, params.bmin[1] = 0, params.bmin[2] = 0;
  params.bmax[0] = 10, params.bmax[1] = 1, params.bmax[2] = 10;
  params.cs = 0.1f;
  params.ch = 0.1f;
  params.buildBvTree = true;
  unsigned char* data = nullptr;
  int size = 0;
  EXPECT_TRUE(dtCreateNavMeshData(&params, &data, &size));
  std::shared_ptr<dtNavMesh> nav(dtAllocNavMesh(), dtFreeNavMesh);
  EXPECT_TRUE(dtStatusSucceed(nav->init(data, size, DT_TILE_FREE_DATA)));
  auto baked = std::make_shared<BakedNavMesh>();
  baked->detour = nav;
  return navmesh_from_tile(baked, true, {"default"});
}

TEST(LocateBaked, AgreesWithDetourWhereTwoFloorsAreWithinAClimb) {
  // A point between the two floors is "over" both polygons within the climb: Detour takes the one it
  // meets first, and locate must not decide alone that the one it finds is the answer.
  const NavMesh m = overlapping_floors();
  ASSERT_EQ(m.size(), 2);
  LocateDef def;
  def.half_extent_xz = 0.2;
  def.half_extent_y = 1.0;
  std::mt19937 rng(14);
  EXPECT_GT(expect_detour_answers(m, def, rng, 2000, {0.0, 0.25, 0.5}), 1200);
}

TEST(LocateBaked, AgreesWithDetourOnRandomPointsOfATiledBake) {
  BakeDef bake;
  bake.cell_size = 0.25;
  bake.tile_size = 32;
  const NavMesh m = bake_triangles_tiled(two_storeys(), bake).value();
  ASSERT_FALSE(m.baked->refs.empty());  // several tiles
  std::mt19937 rng(13);
  EXPECT_GT(expect_detour_answers(m, locate_def(bake), rng, 3000, {0.0, 1.5, 3.0, 3.4}), 1200);
}

TEST(LocateBaked, AnExcludedPolygonIsSkippedForItsNeighbour) {
  // A point 0.1 m inside an excluded polygon (a closed door's) from an edge it shares goes to the
  // neighbour across that edge, onto the edge: never to the excluded polygon, however deep inside.
  const NavMesh m = baked_hall();
  int checked = 0;
  for (int i = 0; i < int(m.polys.size()); ++i)
    for (size_t e = 0; e < m.polys[i].verts.size(); ++e) {
      const int j = m.polys[i].neighbours[e];
      const Vec2 a = m.vertex(i, int(e)), b = m.vertex(i, int((e + 1) % m.polys[i].verts.size()));
      if (j < 0 || distance(a, b) < 1.0) continue;
      const Vec2 mid = lerp(a, b, 0.5), in = mid + perp_left(b - a) * (0.1 / distance(a, b));
      if (!m.contains(i, in, -0.05)) continue;
      LocateDef def = locate_def(BakeDef{});
      def.excluded = {i};
      const Location loc = locate(m, pt(in.x, in.y), Endpoint::Start, def);
      ASSERT_TRUE(loc.ok()) << i << " " << j;
      EXPECT_NE(loc.poly, i);
      EXPECT_NEAR(distance(loc.point, in), 0.1, 1e-3);
      EXPECT_EQ(locate(m, pt(in.x, in.y), Endpoint::Start, locate_def(BakeDef{})).poly, i);
      ++checked;
    }
  EXPECT_GT(checked, 4);
}

// ---- Graphs. ----

TEST(LocateGraph, NodeIds) {
  Scene::Graph g;
  g.nodes = {{"Start", {0, 0}}, {"Goal", {3, 1}}};
  g.edges = {{"Start", "Goal", 1, ""}};
  const NavMesh m = build_graph(g, "g.json").value();
  ScenePoint p;
  p.node = "Goal";
  const Location loc = locate(m, p, Endpoint::Goal);
  EXPECT_EQ(loc.poly, 1);
  EXPECT_EQ(loc.point, (Vec2{3, 1}));
  p.node = "Attic";
  const Location missing = locate(m, p, Endpoint::Start);
  ASSERT_TRUE(missing.failure);
  EXPECT_EQ(missing.failure->reason, Reason::StartOffMesh);
  EXPECT_EQ(missing.failure->message, "start node 'Attic' is not in the graph");
}

}  // namespace
}  // namespace navlab
