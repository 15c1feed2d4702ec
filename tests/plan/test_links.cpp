// Off-mesh links end to end: the scene's `links` baked as Detour off-mesh connections, searched as extra
// connections, kept by the portals and the funnel as a takeoff and a landing point. Expected values are
// hand-computed from scenes/links_islands.json or read from Detour's findPath / findStraightPath.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cmath>
#include <memory>

#include "funnel.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"
#include "plan_optimal.h"
#include "portals.h"

namespace navlab {
namespace {

using test::Loaded;
using test::load;

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
  EXPECT_TRUE(r.inside_corridor) << "each walk stays in its island's part of the corridor";
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
      EXPECT_NE(s.describe(l.mesh, trace.search).find("by link 0)"), std::string::npos) << s.describe(l.mesh, trace.search);
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
  const float s3[3] = {float(start.x), float(start.y), float(start.z)}, g3[3] = {float(goal.x), float(goal.y), float(goal.z)};
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
    const int poly = int(nav->decodePolyIdPoly(path[i]));
    if (poly == l.mesh.links[0].detour_poly) ++offmesh;
    else ground.push_back(poly);
  }
  EXPECT_EQ(offmesh, 1);
  EXPECT_EQ(ground, r.search.corridor);
  float straight[3 * 64];
  unsigned char flags[64];
  int nstraight = 0;
  ASSERT_TRUE(dtStatusSucceed(query->findStraightPath(s3, g3, path, npath, straight, flags, nullptr, &nstraight, 64, 0)));
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

// Polyanya walks polygons only: on a mesh with links it is refused, never a wrong "no path".
TEST(Links, PolyanyaRefusesAMeshWithLinks) {
  const Loaded l = load("links_islands.json");
  ScenePoint s, g;
  s.plane = {2, 2};
  g.plane = {18, 8};
  const OptimalPlan o = plan_optimal(l.scene, l.mesh, PlanRequest{s, g, {}});
  ASSERT_EQ(o.plan.status, Status::Failed);
  EXPECT_EQ(o.plan.failure->reason, Reason::BadRequest);
  EXPECT_NE(o.plan.failure->message.find("ignore this scene's 1 off-mesh link;"), std::string::npos) << o.plan.failure->message;
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
