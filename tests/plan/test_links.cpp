// Off-mesh links end to end: the scene's `links` baked as Detour off-mesh connections, searched as extra
// connections, kept by the portals and the funnel as a takeoff and a landing point. Expected values are
// hand-computed from scenes/links_islands.json or read from Detour's findPath / findStraightPath.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <random>

#include "funnel.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"
#include "plan_optimal.h"
#include "portals.h"

namespace navlab {
namespace {

using test::load;
using test::Loaded;

constexpr double kPointTol = 1e-4;  // m: Detour's float coordinates against our doubles

PlanResult plan_query(const Loaded& l, Vec2 start, Vec2 goal, PlanTrace* trace = nullptr) {
  ScenePoint s, g;
  s.plane = start;
  g.plane = goal;
  return plan(l.scene, l.mesh, PlanRequest{s, g, {}}, trace);
}

void expect_points(const std::vector<Vec2>& got, const std::vector<Vec2>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_NEAR(got[i].x, want[i].x, kPointTol) << "point " << i;
    EXPECT_NEAR(got[i].y, want[i].y, kPointTol) << "point " << i;
  }
}

// The scene: a 2 m gap (x 9 to 11) splits the floor; eroded by 0.6 m the islands end at x 8.4 and start
// at x 11.6, so the link's ends (8.2, 5) and (11.8, 5) lie on them and Detour keeps them where written.
TEST(Links, ALinkJoinsTwoIslandsAndThePathTakesIt) {
  const Loaded l = load("links_islands.json");
  ASSERT_EQ(l.mesh.links.size(), 1u);
  const NavLink& link = l.mesh.links[0];
  EXPECT_NEAR(link.from.x, 8.2, kPointTol);
  EXPECT_NEAR(link.to.x, 11.8, kPointTol);
  EXPECT_NEAR(link.cost, 3.6, kPointTol);  // its length
  EXPECT_LT(l.mesh.vertex(link.from_poly, 0).x, 9.0);
  EXPECT_GT(l.mesh.vertex(link.to_poly, 0).x, 11.0);

  const PlanResult r = plan_query(l, {2, 2}, {18, 8});
  ASSERT_EQ(r.status, Status::Complete) << (r.failure ? r.failure->message : "");
  // start, takeoff, landing, goal: both walks are straight (each island is open floor).
  expect_points(r.funnel.points, {{2, 2}, {8.2, 5}, {11.8, 5}, {18, 8}});
  const double walk = std::hypot(6.2, 3.0);
  EXPECT_NEAR(r.funnel.length, 2 * walk + 3.6, kPointTol);
  EXPECT_TRUE(funnel_inside_corridor(l.mesh, r)) << "each walk stays in its island's part of the corridor";
  int takeoffs = 0;
  for (const Portal& p : r.portals) takeoffs += p.kind == PortalKind::Takeoff;
  EXPECT_EQ(takeoffs, 1);
}

TEST(Links, WithoutTheLinkTheIslandsAreDisconnected) {
  Loaded l = load("links_islands.json");
  l.scene.links.clear();
  Result<NavMesh> mesh = build_navmesh(l.scene);
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  l.mesh = std::move(mesh).value();
  const PlanResult r = plan_query(l, {2, 2}, {18, 8});
  ASSERT_EQ(r.status, Status::Failed);
  EXPECT_EQ(r.failure->reason, Reason::Disconnected);
}

TEST(Links, ABidirectionalLinkIsTakenBackwardsAndAOneWayLinkIsNot) {
  Loaded l = load("links_islands.json");
  const PlanResult back = plan_query(l, {18, 8}, {2, 2});
  ASSERT_EQ(back.status, Status::Complete);
  expect_points(back.funnel.points, {{18, 8}, {11.8, 5}, {8.2, 5}, {2, 2}});

  l.scene.links[0].bidirectional = false;
  Result<NavMesh> mesh = build_navmesh(l.scene);
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  l.mesh = std::move(mesh).value();
  EXPECT_EQ(plan_query(l, {2, 2}, {18, 8}).status, Status::Complete);
  const PlanResult none = plan_query(l, {18, 8}, {2, 2});
  ASSERT_EQ(none.status, Status::Failed);
  EXPECT_EQ(none.failure->reason, Reason::Disconnected);
}

TEST(Links, TheSearchStepOverTheLinkSaysItJumps) {
  const Loaded l = load("links_islands.json");
  PlanTrace trace;
  const PlanResult r = plan_query(l, {2, 2}, {18, 8}, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  int jumps = 0;
  for (const SearchStep& s : trace.search.steps) {
    if (s.kind != SearchStep::Kind::Relaxed || l.mesh.crossing(s.parent, s.link).index < 0) continue;
    ++jumps;
    const std::string text = s.describe(l.mesh, trace.search);
    EXPECT_NE(text.find("jumping by link 0"), std::string::npos) << text;
    // G: the walk from the start to the takeoff plus the link's 3.6 m (the start polygon holds the takeoff
    // only if the island is one polygon; otherwise the walk runs through edge midpoints, at least as long).
    EXPECT_GE(s.g, std::hypot(6.2, 3.0) + 3.6 - kPointTol);
  }
  EXPECT_GE(jumps, 1);
  int landings = 0;  // the landing polygon taken from the open list names the link it was reached by
  for (const SearchStep& s : trace.search.steps)
    if (s.kind == SearchStep::Kind::Popped && s.parent >= 0 && l.mesh.crossing(s.parent, s.link).index >= 0) {
      ++landings;
      EXPECT_NE(s.describe(l.mesh, trace.search).find("by link 0)"), std::string::npos)
          << s.describe(l.mesh, trace.search);
    }
  EXPECT_EQ(landings, 1);
  bool jumped = false;
  for (const FunnelStep& f : trace.funnel.steps)
    if (f.action == FunnelAction::Jump) {
      jumped = true;
      EXPECT_NE(f.describe().find("takeoff of link 0"), std::string::npos) << f.describe();
    }
  EXPECT_TRUE(jumped);
}

// Detour's findPath over the same baked mesh from `start` to `goal` (world points) goes through the
// off-mesh polygon of link 0; without it its ground polygons are our corridor, and findStraightPath's
// points (flagged at the connection) are our corners (with their heights on a 3D mesh).
void expect_as_detour(const Loaded& l, const PlanResult& r, Vec3 start, Vec3 goal) {
  ASSERT_TRUE(l.mesh.baked && l.mesh.baked->detour);
  ASSERT_EQ(r.status, Status::Complete);
  const dtNavMesh* nav = l.mesh.baked->detour.get();
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  ASSERT_TRUE(dtStatusSucceed(query->init(nav, 2048)));
  dtQueryFilter filter;
  const float s3[3] = {float(start.x), float(start.y), float(start.z)},
              g3[3] = {float(goal.x), float(goal.y), float(goal.z)};
  const float ext[3] = {2, 4, 2};
  dtPolyRef sref = 0, gref = 0;
  float snap[3];
  ASSERT_TRUE(dtStatusSucceed(query->findNearestPoly(s3, ext, &filter, &sref, snap)));
  ASSERT_TRUE(dtStatusSucceed(query->findNearestPoly(g3, ext, &filter, &gref, snap)));
  dtPolyRef path[256];
  int npath = 0;
  ASSERT_TRUE(dtStatusSucceed(query->findPath(sref, gref, s3, g3, &filter, path, &npath, 256)));
  std::vector<int> ground;
  int offmesh = 0;
  for (int i = 0; i < npath; ++i) {
    const int poly = l.mesh.baked->poly_of(path[i]);
    if (path[i] == l.mesh.links[0].detour_ref)
      ++offmesh;
    else
      ground.push_back(poly);
  }
  EXPECT_EQ(offmesh, 1);
  EXPECT_EQ(ground, r.search.corridor);
  float straight[3 * 64];
  unsigned char flags[64];
  int nstraight = 0;
  ASSERT_TRUE(
      dtStatusSucceed(query->findStraightPath(s3, g3, path, npath, straight, flags, nullptr, &nstraight, 64, 0)));
  std::vector<Vec2> theirs;
  int flagged = 0;
  for (int i = 0; i < nstraight; ++i) {
    theirs.push_back(to_plane({straight[3 * i], straight[3 * i + 1], straight[3 * i + 2]}));
    flagged += (flags[i] & DT_STRAIGHTPATH_OFFMESH_CONNECTION) != 0;
  }
  EXPECT_EQ(flagged, 1);  // the takeoff
  expect_points(r.funnel.points, theirs);
  if (!l.mesh.is3d) return;
  ASSERT_EQ(r.funnel_heights.size(), size_t(nstraight));
  for (int i = 1; i + 1 < nstraight; ++i) EXPECT_NEAR(r.funnel_heights[size_t(i)], straight[3 * i + 1], kPointTol);
}

TEST(Links, CorridorAndCornersEqualDetourFindPathAndFindStraightPath) {
  const Loaded l = load("links_islands.json");
  for (const auto& [start, goal] : {std::pair<Vec2, Vec2>{{2, 2}, {18, 8}}, {{18, 8}, {2, 2}}, {{1, 9}, {19, 1}}})
    expect_as_detour(l, plan_query(l, start, goal), to_world(start, 0.0), to_world(goal, 0.0));
}

// scenes/mesh_level.obj with a one-way drop from the platform (2 m high, z <= -7.6 after erosion) down to
// the dais (0.4 m, z >= -4.4): from the platform to the dais the path drops instead of walking down the
// ramp and round; back up it cannot.
TEST(Links, ADropInALevelMeshIsTakenAsDetourTakesIt) {
  Loaded l = test::load_text(R"({"navlab": 1, "mesh": {"obj": "mesh_level.obj"},
  "links": [{"from": [17, 2, -7.8], "to": [17, 0.4, -4.2], "bidirectional": false}]})",
                             test::scene_path("mesh_links.json"));
  ASSERT_EQ(l.mesh.links.size(), 1u);
  EXPECT_NEAR(l.mesh.links[0].from_height, 2.0, 0.25);  // Detour's detail height of the platform
  EXPECT_NEAR(l.mesh.links[0].to_height, 0.4, 0.25);
  ScenePoint s, g;
  s.is3d = g.is3d = true;
  s.plane = to_plane({18, 2, -10});
  s.height = 2;
  g.plane = to_plane({18, 0.4, -2});
  g.height = 0.4;
  const PlanResult down = plan(l.scene, l.mesh, PlanRequest{s, g, {}});
  ASSERT_EQ(down.status, Status::Complete) << (down.failure ? down.failure->message : "");
  bool dropped = false;
  for (const Portal& p : down.portals) dropped = dropped || p.kind == PortalKind::Takeoff;
  EXPECT_TRUE(dropped);
  expect_as_detour(l, down, {18, 2, -10}, {18, 0.4, -2});
  const PlanResult up = plan(l.scene, l.mesh, PlanRequest{g, s, {}});
  ASSERT_EQ(up.status, Status::Complete);
  for (const Portal& p : up.portals) EXPECT_EQ(p.kind, PortalKind::Edge) << "a one-way drop is not climbed";
}

// links_islands.json baked in tiles of 16 cells (4.8 m from the slab's corner at x -0.6), with `links`
// instead of its own: the gap (x 9 to 11) runs through tile column 2, so a link across it starts in one
// tile and lands in the next.
Loaded tiled_islands(const std::vector<LinkDef>& links) {
  Loaded l = load("links_islands.json");
  l.scene.bake.tile_size = 16;
  l.scene.links = links;
  Result<NavMesh> mesh = build_navmesh(l.scene);
  EXPECT_TRUE(mesh.ok()) << mesh.error();
  if (mesh.ok()) l.mesh = std::move(mesh).value();
  return l;
}

LinkDef link_def(Vec2 from, Vec2 to, bool bidirectional) {
  LinkDef d;
  d.from.plane = from;
  d.to.plane = to;
  d.bidirectional = bidirectional;
  return d;
}

// Detour's tile column of a world x on the tiled islands (tiles of 16 cells of 0.3 m from x -0.6).
int tile_column(double x) { return int(std::floor((x + 0.6) / 4.8)); }

TEST(Links, ATiledBakeStoresEveryLinkOnceInTheTileOfItsStart) {
  // Across the gap both ways, one of them one-way; and one inside a single tile of the west island.
  const Loaded l = tiled_islands(
      {link_def({8.2, 5}, {11.8, 5}, true), link_def({11.8, 3}, {8.2, 3}, false), link_def({1, 8}, {3, 8}, true)});
  ASSERT_EQ(l.mesh.links.size(), 3u);
  ASSERT_TRUE(l.mesh.baked && !l.mesh.baked->refs.empty()) << "a mesh of several tiles";
  const dtNavMesh& nav = *l.mesh.baked->detour;
  std::vector<int> stored(3, 0);
  int ground = 0;
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    if (!t || !t->header) continue;
    ground += t->header->offMeshBase;
    for (int k = 0; k < t->header->offMeshConCount; ++k) {
      const dtOffMeshConnection& con = t->offMeshCons[k];
      ASSERT_LT(con.userId, 3u);
      ++stored[con.userId];
      EXPECT_EQ(t->header->x, tile_column(con.pos[0])) << "link " << con.userId << " is kept by its start's tile";
      EXPECT_EQ(nav.getPolyRefBase(t) | con.poly, l.mesh.links[con.userId].detour_ref);
    }
  }
  EXPECT_EQ(stored, std::vector<int>({1, 1, 1}));
  EXPECT_EQ(l.mesh.size(), ground) << "the off-mesh polygons are links, not polygons of the mesh";
  EXPECT_NE(tile_column(8.2), tile_column(11.8)) << "the links across the gap join two tiles";
  for (size_t i = 0; i < 3; ++i) {
    const NavLink& k = l.mesh.links[i];
    EXPECT_GE(k.from_poly, 0) << "link " << i;
    EXPECT_GE(k.to_poly, 0) << "link " << i;
    EXPECT_TRUE(l.mesh.contains(k.from_poly, k.from, 1e-4)) << "link " << i;
    EXPECT_TRUE(l.mesh.contains(k.to_poly, k.to, 1e-4)) << "link " << i;
    EXPECT_NEAR(k.cost, distance(k.from, k.to), 1e-9) << "link " << i;
  }
  EXPECT_EQ(l.mesh.links[1].bidirectional, false);
  // Detour's side of the start's tile the end lies on: 0 (x+) for the first, 4 (x-) for the second, so
  // findPath enters the landing polygon in node state 0 and 2; the third lands in its own tile.
  EXPECT_EQ(l.mesh.links[0].land_state, 0);
  EXPECT_EQ(l.mesh.links[1].land_state, 2);
  EXPECT_EQ(l.mesh.links[2].land_state, 0);
}

TEST(Links, OnATiledBakeThePlanTakesTheLinkAsDetourDoesBothWays) {
  const Loaded l = tiled_islands({link_def({8.2, 5}, {11.8, 5}, true)});
  ASSERT_EQ(l.mesh.links.size(), 1u);
  // End points off the tile borders (x 4.2, 9, 13.8, 18.6; y 1, 5.8), where Detour's nearest polygon and
  // ours may lie on either side.
  for (const auto& [start, goal] : {std::pair<Vec2, Vec2>{{2, 2}, {18, 8}}, {{18, 8}, {2, 2}}, {{1, 9}, {19, 1.5}}}) {
    SCOPED_TRACE("from (" + std::to_string(start.x) + ", " + std::to_string(start.y) + ")");
    const PlanResult r = plan_query(l, start, goal);
    ASSERT_EQ(r.status, Status::Complete) << (r.failure ? r.failure->message : "");
    ASSERT_EQ(r.search.links.size() + 1, r.search.corridor.size());
    int crossed = 0;
    for (size_t i = 0; i < r.search.links.size(); ++i)
      crossed += l.mesh.crossing(r.search.corridor[i], r.search.links[i]).index == 0;
    EXPECT_EQ(crossed, 1) << "the corridor holds the link";
    int takeoffs = 0;
    for (const Portal& p : r.portals) takeoffs += p.kind == PortalKind::Takeoff;
    EXPECT_EQ(takeoffs, 1);
    expect_as_detour(l, r, to_world(start, 0.0), to_world(goal, 0.0));
  }
}

TEST(Links, OnATiledBakeAOneWayLinkIsTakenOnlyForwards) {
  // From the east island down to the west one: it lands in the tile to the x- side (node state 2).
  const Loaded l = tiled_islands({link_def({11.8, 5}, {8.2, 5}, false)});
  ASSERT_EQ(l.mesh.links.size(), 1u);
  const PlanResult forwards = plan_query(l, {18, 8}, {2, 2});
  ASSERT_EQ(forwards.status, Status::Complete) << (forwards.failure ? forwards.failure->message : "");
  expect_points({forwards.funnel.points[1], forwards.funnel.points[2]}, {{11.8, 5}, {8.2, 5}});
  expect_as_detour(l, forwards, to_world({18, 8}, 0.0), to_world({2, 2}, 0.0));
  const PlanResult back = plan_query(l, {2, 2}, {18, 8});
  ASSERT_EQ(back.status, Status::Failed);
  EXPECT_EQ(back.failure->reason, Reason::Disconnected);
}

// Random pairs from one island to the other on the tiled islands, joined by four links across the gap
// (two each way, one-way and bidirectional, one landing in a diagonal neighbour tile): every corridor is
// Detour's findPath's, its off-mesh polygons left out. Points are drawn inside polygons, so both locate
// the same polygon. (Pairs on one island are the tiled bake's own cross-check, tests/navmesh/
// test_bake_tiled.cpp; a link landing in a polygon Detour has already reached by another way, in the
// same node state, is charged by Detour from the takeoff to that node's earlier position rather than
// the link's length, so links here land on the far island only.)
TEST(Links, OnATiledBakeRandomCorridorsAcrossTheGapEqualDetoursFindPath) {
  const Loaded l = tiled_islands({link_def({8.2, 5}, {11.8, 5}, true), link_def({11.8, 2}, {8.2, 8.5}, false),
                                  link_def({8.2, 1.5}, {12.5, 6.5}, false), link_def({8.3, 8}, {11.7, 9}, true)});
  ASSERT_EQ(l.mesh.links.size(), 4u);
  EXPECT_EQ(l.mesh.links[1].land_state, 2) << "x- and z-: Detour's side 5, a diagonal neighbour";
  const dtNavMesh* nav = l.mesh.baked->detour.get();
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  ASSERT_TRUE(dtStatusSucceed(query->init(nav, 4096)));
  dtQueryFilter filter;
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0.05, 1.0);
  auto pick = [&](int& poly) {
    poly = int(rng() % uint64_t(l.mesh.size()));
    double wsum = 0.0;
    Vec2 acc{};
    for (int v : l.mesh.polys[size_t(poly)].verts) {
      const double w = u(rng);
      wsum += w;
      acc = acc + l.mesh.verts[size_t(v)] * w;
    }
    return acc / wsum;
  };
  int pairs = 0, equal = 0;
  for (int k = 0; k < 400; ++k) {
    int pa = -1, pb = -1;
    const Vec2 a = pick(pa), b = pick(pb);
    if ((a.x < 10) == (b.x < 10)) continue;  // the same island
    const Vec3 wa = to_world(a, 0.0), wb = to_world(b, 0.0);
    const float s3[3] = {float(wa.x), float(wa.y), float(wa.z)}, g3[3] = {float(wb.x), float(wb.y), float(wb.z)};
    dtPolyRef path[512];
    int npath = 0;
    const dtPolyRef ra = l.mesh.baked->ref(pa), rb = l.mesh.baked->ref(pb);
    ASSERT_TRUE(dtStatusSucceed(query->findPath(ra, rb, s3, g3, &filter, path, &npath, 512)));
    ASSERT_EQ(path[npath - 1], rb) << "a link joins the islands both ways";
    std::vector<int> theirs;
    for (int i = 0; i < npath; ++i)
      if (const int poly = l.mesh.baked->poly_of(path[i]); poly >= 0) theirs.push_back(poly);
    const PlanResult r = plan_query(l, a, b);
    ASSERT_EQ(r.status, Status::Complete) << (r.failure ? r.failure->message : "");
    EXPECT_EQ(r.search.corridor, theirs) << "pair " << k << " (" << a.x << ", " << a.y << ") to (" << b.x << ", " << b.y
                                         << ")";
    equal += r.search.corridor == theirs;
    ++pairs;
  }
  std::printf("%d pairs across the gap, %d corridors equal to Detour's\n", pairs, equal);
  EXPECT_GT(pairs, 120);
}

TEST(Links, ATiledLinkReachingPastTheNextTileIsAnError) {
  Loaded l = load("links_islands.json");
  l.scene.bake.tile_size = 16;
  l.scene.links = {link_def({2, 5}, {18, 5}, true)};
  const Result<NavMesh> mesh = build_navmesh(l.scene);
  ASSERT_FALSE(mesh.ok());
  EXPECT_NE(mesh.error().find("link 0's ends lie 3 tiles of 4.8 m apart"), std::string::npos) << mesh.error();
  EXPECT_NE(mesh.error().find("raise bake.tile_size to at least 54 cells"), std::string::npos) << mesh.error();
}

// Polyanya walks polygons only: on a mesh with links it is refused, never a wrong "no path".
TEST(Links, PolyanyaRefusesAMeshWithLinks) {
  const Loaded l = load("links_islands.json");
  ScenePoint s, g;
  s.plane = {2, 2};
  g.plane = {18, 8};
  const OptimalPlan o = plan_optimal(l.scene, l.mesh, PlanRequest{s, g, {}});
  ASSERT_EQ(o.plan.status, Status::Failed);
  EXPECT_EQ(o.plan.failure->reason, Reason::BadRequest);
  EXPECT_NE(o.plan.failure->message.find("ignore this scene's 1 off-mesh link;"), std::string::npos)
      << o.plan.failure->message;
  EXPECT_FALSE(optimal_for(l.scene, l.mesh, plan(l.scene, l.mesh, PlanRequest{s, g, {}}), {}));
}

// A takeoff in line with the walk before it and the landing after it: a plain funnel would pass
// straight over both points; the jump keeps them as corners.
TEST(Links, TheFunnelEndsAtTheTakeoffAndStartsAgainAtTheLanding) {
  Portal up, down, goal;
  up.kind = PortalKind::Takeoff;
  down.kind = PortalKind::Landing;
  up.link = down.link = 0;
  up.left = up.right = {1, 0};
  down.left = down.right = {2, 0};
  goal.left = goal.right = {3, 0};
  FunnelTrace trace;
  const FunnelResult r = funnel({0, 0}, {up, down, goal}, &trace);
  ASSERT_TRUE(r.ok());
  expect_points(r.points, {{0, 0}, {1, 0}, {2, 0}, {3, 0}});
  ASSERT_EQ(r.corners.size(), 2u);
  EXPECT_EQ(r.corners[0].portal, 0);
  EXPECT_EQ(r.corners[1].portal, 1);

  // Off the line: the walk bends at the takeoff and at the landing.
  up.left = up.right = {2, 1};
  down.left = down.right = {5, 1};
  goal.left = goal.right = {6, 0};
  expect_points(funnel({0, 0}, {up, down, goal}).points, {{0, 0}, {2, 1}, {5, 1}, {6, 0}});
}

}  // namespace
}  // namespace navlab
