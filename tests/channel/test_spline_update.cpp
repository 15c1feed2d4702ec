// Updating the followed spline (seed 003): Frozen (a door closes and the re-plan fails), OutOfNavMesh
// (the agent is off the mesh), Failure (no way back), the recompute_needed flag, and the stable tail
// under a re-plan that only changes the far part of the path.
#include <gtest/gtest.h>

#include <cmath>

#include "channel_plan.h"
#include "coverage.h"
#include "meshes.h"
#include "plan.h"
#include "reachable.h"
#include "spline_update.h"

namespace navlab {
namespace {

using test::load_text;

// Two rooms of 10 x 4 m joined at x = 10 by a door.
const char* kDoor = R"({"navlab": 1,
  "navmesh": {"vertices": [[0,0],[10,0],[10,4],[0,4],[20,0],[20,4]], "polygons": [[0,1,2,3],[1,4,5,2]]},
  "doors": [{"id": "door1", "segment": [[10, 0], [10, 4]], "open": true}],
  "queries": [{"start": [1, 2], "goal": [19, 2]}]})";

ScenePoint at(double x, double y) {
  ScenePoint p;
  p.plane = {x, y};
  return p;
}

struct Planned {
  PlanResult plan;
  ChannelPlan channel;
};

Planned run(const test::Loaded& l, Vec2 start, const DoorOverrides& doors = {}) {
  Planned r;
  r.plan = plan(l.scene, l.mesh, PlanRequest{at(start.x, start.y), l.scene.queries[0].goal, doors});
  r.channel = plan_channel(l.scene, l.mesh, r.plan, doors);
  return r;
}

TEST(SplineUpdate, DoorClosingFreezesTheSplineAndTheSafeModeCutsItAtTheDoor) {
  const test::Loaded l = load_text(kDoor);
  const Planned first = run(l, {1, 2});
  ASSERT_EQ(first.channel.spline.mode, SplineMode::Optimal);
  const DoorOverrides closed{{"door1"}, {}};
  const Planned again = run(l, {3, 2}, closed);  // the agent has moved 2 m; the door is now closed
  ASSERT_EQ(again.plan.status, Status::Failed);
  const CorridorShape whole = corridor_shape(l.mesh, {0, 1});

  SplineUpdate u;
  u.previous = &first.channel.spline;
  u.s = 2.0;
  u.position = {3, 2};
  u.fresh = &again.channel.spline;
  u.navmesh = &whole;
  u.obstacles = scene_obstacles(l.scene, closed);
  SplineTrace trace;
  const Spline safe = update_spline(u, &trace);
  EXPECT_EQ(safe.mode, SplineMode::Frozen);
  EXPECT_TRUE(safe.recompute_needed);
  ASSERT_FALSE(safe.pieces.empty());
  EXPECT_NEAR(safe.pieces.front().from.x, 3.0, 1e-12);
  const double end_x = safe.pieces.back().to.x;
  EXPECT_LE(end_x, 10.0);         // never through the closed door ...
  EXPECT_GE(end_x, 10.0 - 0.05);  // ... but up to it
  EXPECT_NE(trace.steps.back().describe().find("frozen"), std::string::npos);

  u.failure_mode = FailureMode::Unsafe;
  const Spline unsafe = update_spline(u);
  EXPECT_EQ(unsafe.mode, SplineMode::Frozen);
  EXPECT_TRUE(unsafe.recompute_needed);
  EXPECT_NEAR(unsafe.pieces.back().to.x, 19.0, 1e-12);  // followed as it is, through the door
}

TEST(SplineUpdate, OffTheNavmeshTheShortcutLeadsBack) {
  const test::Loaded l = load_text(kDoor);
  const Planned off = run(l, {5, 5});
  ASSERT_TRUE(off.plan.failure.has_value());
  EXPECT_EQ(off.plan.failure->reason, Reason::StartOffMesh);
  SplineUpdate u;
  u.position = {5, 5};
  u.on_navmesh = false;
  u.way_back = closest_point_on_polygon(l.mesh, 0, u.position);
  u.fresh = &off.channel.spline;
  const Spline s = update_spline(u);
  EXPECT_EQ(s.mode, SplineMode::OutOfNavMesh);
  EXPECT_TRUE(s.recompute_needed);
  ASSERT_EQ(s.pieces.size(), 1u);
  EXPECT_EQ(s.pieces[0].from, (Vec2{5, 5}));
  EXPECT_NEAR(s.pieces[0].to.x, 5.0, 1e-12);
  EXPECT_NEAR(s.pieces[0].to.y, 4.0, 1e-12);
}

TEST(SplineUpdate, NoWayBackIsAFailureAndTheAgentStops) {
  const test::Loaded l = load_text(kDoor);
  SplineUpdate off;
  off.position = {5, 5};
  off.on_navmesh = false;
  const Spline a = update_spline(off);
  EXPECT_EQ(a.mode, SplineMode::Failure);
  EXPECT_TRUE(a.recompute_needed);
  EXPECT_TRUE(a.pieces.empty());
  // On the mesh, with the door closed before anything was followed: nothing to freeze.
  const Planned closed = run(l, {1, 2}, DoorOverrides{{"door1"}, {}});
  SplineUpdate none;
  none.position = {1, 2};
  none.fresh = &closed.channel.spline;
  const Spline b = update_spline(none);
  EXPECT_EQ(b.mode, SplineMode::Failure);
  EXPECT_TRUE(b.recompute_needed);
  EXPECT_TRUE(b.pieces.empty());
}

TEST(SplineUpdate, AnOptimalReplanNeedsNoRecompute) {
  const test::Loaded l = load_text(kDoor);
  const Planned first = run(l, {1, 2});
  SplineUpdate u;
  u.fresh = &first.channel.spline;
  u.position = {1, 2};
  const Spline s = update_spline(u);
  EXPECT_EQ(s.mode, SplineMode::Optimal);
  EXPECT_FALSE(s.recompute_needed);
}

// The stable tail: the agent, 2 m along the spline and drifted 5 cm to the side, re-plans; the new path
// keeps the first corners and changes only after the third. The spline is kept as it was up to the
// stable distance (here chosen to end on the second arc, which both share), then the new one follows.
TEST(SplineUpdate, StableTailKeepsThePreviousSplineAheadWhenOnlyTheFarPartChanges) {
  const test::Loaded l = load_text(R"({"navlab": 1,
    "navmesh": {"vertices": [[0,0],[30,0],[30,30],[0,30]], "polygons": [[0,1,2,3]]}})");
  const CorridorShape room = corridor_shape(l.mesh, {0});
  const SplineDef def;
  const Spline prev = fit_spline(build_channels({{1, 1}, {6, 1}, {6, 6}, {11, 6}, {11, 11}}, room, {}), def);
  ASSERT_EQ(prev.mode, SplineMode::Optimal);
  const double s = 2.0;
  const Vec2 agent = prev.point_at(s) + Vec2{0.0, 0.05};
  const Spline fresh = fit_spline(build_channels({agent, {6, 1}, {6, 6}, {11, 6}, {20, 20}}, room, {}), def);
  ASSERT_EQ(fresh.mode, SplineMode::Optimal);
  // Where the second arc of the previous spline starts and ends.
  double s_arc = 0.0, arc_len = 0.0;
  int arcs = 0;
  for (const SplinePiece& p : prev.pieces) {
    if (p.kind == SplinePiece::Kind::Arc && ++arcs == 2) {
      arc_len = p.length();
      break;
    }
    s_arc += p.length();
  }
  ASSERT_EQ(arcs, 2);
  SplineUpdate u;
  u.previous = &prev;
  u.s = s;
  u.position = agent;
  u.fresh = &fresh;
  u.stable_distance = s_arc + arc_len / 2 - s;
  SplineTrace trace;
  const Spline out = update_spline(u, &trace);
  bool kept = false;
  for (const SplineStep& st : trace.steps) kept = kept || st.kind == SplineStep::Kind::TailKept;
  EXPECT_TRUE(kept);
  double fresh_gap = 0.0;
  for (int k = 0; k <= 200; ++k) {
    const double d = u.stable_distance * k / 200;
    const Vec2 a = out.point_at(d), b = prev.point_at(s + d);
    EXPECT_NEAR(a.x, b.x, 1e-9);
    EXPECT_NEAR(a.y, b.y, 1e-9);
    fresh_gap = std::max(fresh_gap, distance(fresh.point_at(d), b));
  }
  EXPECT_GT(fresh_gap, 0.01);  // the new spline alone would have moved the near part
  EXPECT_NEAR(out.pieces.back().to.x, 20.0, 1e-12);
  EXPECT_NEAR(out.pieces.back().to.y, 20.0, 1e-12);
  for (size_t i = 1; i < out.pieces.size(); ++i) {
    EXPECT_LT(distance(out.pieces[i - 1].to, out.pieces[i].from), 1e-6);
    EXPECT_GT(dot(out.pieces[i - 1].tangent(1.0), out.pieces[i].tangent(0.0)), 1.0 - 1e-6);
  }
}

}  // namespace
}  // namespace navlab
