// Corners -> stop-turns or arcs (seed 000): W5, arc coverage, shrinking, joint scaling, modes.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "clearance_path.h"
#include "coverage.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "portals.h"
#include "turns.h"

namespace navlab {
namespace {

using test::l_corridor;
using test::mesh_of;

// Independent of coverage.cpp: inside a convex CCW polygon of the mesh, 1e-9 slack.
bool in_mesh_polygons(const NavMesh& m, const std::vector<int>& corridor, Vec2 p) {
  for (int id : corridor) {
    const auto& vs = m.polys[id].verts;
    bool in = true;
    for (size_t i = 0; i < vs.size(); ++i) {
      const Vec2 a = m.verts[vs[i]], b = m.verts[vs[(i + 1) % vs.size()]];
      if (cross(b - a, p - a) < -1e-9 * length(b - a)) in = false;
    }
    if (in) return true;
  }
  return false;
}

bool arc_inside_by_sampling(const NavMesh& m, const std::vector<int>& corridor, const Arc& arc) {
  for (int i = 0; i <= 2000; ++i)
    if (!in_mesh_polygons(m, corridor, arc.point(i / 2000.0))) return false;
  return true;
}

int count(const TurnTrace& t, TurnStep::Kind k, int corner = -1) {
  int n = 0;
  for (const auto& s : t.steps) n += s.kind == k && (corner < 0 || s.corner == corner);
  return n;
}

TEST(Turns, W5_RightAngleRadiusOneTrimsOne) {
  const Turn t = make_arc_turn({-5, 0}, {0, 0}, {0, 5}, 1.0);
  EXPECT_NEAR(t.theta, std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(t.trim, 1.0, 1e-12);
  EXPECT_TRUE(t.left);
  EXPECT_NEAR(t.entry.x, -1.0, 1e-12);
  EXPECT_NEAR(t.exit.y, 1.0, 1e-12);
  EXPECT_NEAR(t.arc.center.x, -1.0, 1e-12);
  EXPECT_NEAR(t.arc.center.y, 1.0, 1e-12);
  EXPECT_NEAR(t.arc.length(), std::numbers::pi / 2, 1e-12);
  // The arc ends on both tangent points.
  EXPECT_NEAR(distance(t.arc.point(0), t.entry), 0.0, 1e-12);
  EXPECT_NEAR(distance(t.arc.point(1), t.exit), 0.0, 1e-12);
}

TEST(Turns, W5_SharedOneMetreSegmentScalesBothTrimsFromPointSevenToPointFive) {
  // A wide square room; the path zig-zags with two right angles 1 m apart.
  const NavMesh room = mesh_of({{-6, -6}, {6, -6}, {6, 6}, {-6, 6}}, {{0, 1, 2, 3}});
  const CorridorShape shape = corridor_shape(room, {0});
  AgentDef agent;
  agent.turn_radius = 0.7;
  agent.min_turn_radius = 0.2;
  TurnTrace trace;
  const TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {0, 1}, {5, 1}}, shape, agent, &trace);
  ASSERT_TRUE(r.ok()) << r.failure->message;
  ASSERT_EQ(r.path.turns.size(), 2u);
  for (const Turn& t : r.path.turns) {
    EXPECT_EQ(t.kind, TurnKind::Arc);
    EXPECT_NEAR(t.radius, 0.5, 1e-12);
    EXPECT_NEAR(t.trim, 0.5, 1e-12);
  }
  // Both candidates were 0.7 (each fits alone); together they overlap by 0.4 m: ratio 1/1.4.
  int scaled = 0;
  for (const TurnStep& s : trace.steps) {
    if (s.kind == TurnStep::Kind::Candidate) {
      EXPECT_NEAR(s.trim, 0.7, 1e-12);
    }
    if (s.kind != TurnStep::Kind::ScaledWithPartner) continue;
    ++scaled;
    EXPECT_NEAR(s.ratio, 1.0 / 1.4, 1e-12);
    EXPECT_NEAR(s.length, 1.0, 1e-12);
    EXPECT_NEAR(s.radius, 0.7, 1e-12);
    EXPECT_NEAR(s.new_radius, 0.5, 1e-12);
    EXPECT_EQ(s.partner, s.corner == 1 ? 2 : 1);
    EXPECT_NE(s.describe().find("0.714"), std::string::npos) << s.describe();
  }
  EXPECT_EQ(scaled, 2);
  // The smoothed path: segment, arc, arc, segment (the 1 m segment is used up).
  ASSERT_EQ(r.path.pieces.size(), 4u);
  EXPECT_NEAR(r.path.length, 4.5 + std::numbers::pi / 4 + std::numbers::pi / 4 + 4.5, 1e-9);
  EXPECT_NEAR(r.path.turns[0].s, 4.5, 1e-12);
  EXPECT_NEAR(r.path.turns[1].s, 4.5 + std::numbers::pi / 4, 1e-9);
}

TEST(Turns, ZeroClearanceArcAtAWallCornerFailsCoverageAndBecomesAStopTurn) {
  const NavMesh mesh = l_corridor();
  const std::vector<int> corridor{0, 1, 2};
  const Vec2 start{-8, 0}, goal{4, 9};
  const PortalsResult portals = build_portals(mesh, corridor, start, goal);
  ASSERT_TRUE(portals.ok());
  const ClearanceResult zero = clearance_path(start, portals.portals, {});  // no clearance
  ASSERT_TRUE(zero.ok());
  ASSERT_EQ(zero.path.points.size(), 3u);
  ASSERT_EQ(zero.path.points[1], (Vec2{2, 2}));  // the corner is the wall vertex

  AgentDef agent;
  TurnTrace trace;
  const TurnsResult r = fit_turns(zero.path.points, corridor_shape(mesh, corridor), agent, &trace);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.path.turns.size(), 1u);
  EXPECT_EQ(r.path.turns[0].kind, TurnKind::Stop);
  EXPECT_EQ(r.path.turns[0].radius, 0.0);
  EXPECT_NEAR(r.path.turns[0].theta, turning_angle(start, {2, 2}, goal), 1e-12);
  // Every radius down to min_turn_radius failed coverage, each failure with its wall hit.
  EXPECT_GE(count(trace, TurnStep::Kind::CoverageFailed), 2);
  EXPECT_EQ(count(trace, TurnStep::Kind::Fitted), 0);
  ASSERT_EQ(count(trace, TurnStep::Kind::FellBackToStop), 1);
  const TurnStep* last_fail = nullptr;
  for (const auto& s : trace.steps)
    if (s.kind == TurnStep::Kind::CoverageFailed) last_fail = &s;
  ASSERT_NE(last_fail, nullptr);
  EXPECT_NEAR(last_fail->radius, agent.min_turn_radius, 1e-12);
  // The hit is on a wall through the vertex (x = 2 or y = 2).
  EXPECT_TRUE(std::fabs(last_fail->hit.x - 2) < 1e-9 || std::fabs(last_fail->hit.y - 2) < 1e-9);
  EXPECT_FALSE(in_mesh_polygons(mesh, corridor, last_fail->point));
  EXPECT_EQ(trace.steps.back().kind, TurnStep::Kind::FellBackToStop);
  EXPECT_NE(trace.steps.back().describe().find("stop-turn"), std::string::npos);

  // The same corridor with the default inner-corner distance: corners move off the wall, arcs fit.
  const ClearanceResult cl = clearance_path(start, portals.portals, agent.inner_corner);
  const TurnsResult arcs = fit_turns(cl.path.points, corridor_shape(mesh, corridor), agent);
  ASSERT_TRUE(arcs.ok());
  for (const Turn& t : arcs.path.turns) {
    EXPECT_EQ(t.kind, TurnKind::Arc);
    EXPECT_TRUE(arc_inside_by_sampling(mesh, corridor, t.arc));
  }
}

// A corridor whose inner corner (3.5, 1) pokes between the tangent points of a radius-3 arc at (4, 0).
NavMesh notch_corridor() {
  return mesh_of({{-10, -1}, {3.5, -1}, {5, -1}, {5, 1}, {3.5, 1}, {-10, 1}, {5, 10}, {3.5, 10}},
                 {{0, 1, 4, 5}, {1, 2, 3, 4}, {4, 3, 6, 7}});
}

TEST(Turns, ArcInsideAtBothTangentPointsButClippingAWallIsRejected) {
  const NavMesh mesh = notch_corridor();
  const std::vector<int> corridor{0, 1, 2};
  const CorridorShape shape = corridor_shape(mesh, corridor);
  const Turn t = make_arc_turn({-8, 0}, {4, 0}, {4, 9}, 3.0);
  // Tangent points (1, 0) and (4, 3), and even the arc's midpoint, are inside ...
  EXPECT_TRUE(in_mesh_polygons(mesh, corridor, t.entry));
  EXPECT_TRUE(in_mesh_polygons(mesh, corridor, t.exit));
  EXPECT_TRUE(in_mesh_polygons(mesh, corridor, t.arc.point(0.5)));
  // ... but the arc clips the wall corner between them.
  EXPECT_FALSE(arc_inside_by_sampling(mesh, corridor, t.arc));
  const ArcCoverage cov = arc_coverage(t.arc, shape);
  EXPECT_FALSE(cov.inside);
  EXPECT_GE(cov.hits, 2);
  EXPECT_NEAR(cov.hit.y, 1.0, 1e-9);  // it leaves through the top wall of the first polygon (y = 1)
  EXPECT_LT(cov.hit.x, 3.5);
  EXPECT_FALSE(in_mesh_polygons(mesh, corridor, cov.outside_point));

  // Fitting starts at R = 3, fails, shrinks and settles on an arc that really is inside.
  AgentDef agent;
  agent.turn_radius = 3.0;
  TurnTrace trace;
  const TurnsResult r = fit_turns({{-8, 0}, {4, 0}, {4, 9}}, shape, agent, &trace);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.path.turns.size(), 1u);
  const Turn& fitted = r.path.turns[0];
  EXPECT_EQ(fitted.kind, TurnKind::Arc);
  EXPECT_LT(fitted.radius, 3.0);
  EXPECT_GE(fitted.radius, agent.min_turn_radius);
  EXPECT_TRUE(arc_inside_by_sampling(mesh, corridor, fitted.arc));
  EXPECT_GE(count(trace, TurnStep::Kind::CoverageFailed), 1);
  EXPECT_GE(count(trace, TurnStep::Kind::Shrunk), 1);
  EXPECT_EQ(count(trace, TurnStep::Kind::Fitted), 1);
  EXPECT_NEAR(trace.steps.front().radius, 3.0, 1e-12);
  for (const auto& s : trace.steps) EXPECT_FALSE(s.describe().empty());
}

TEST(Turns, ArcCoverageWithoutAnyHitTestsTheArcItself) {
  const NavMesh room = mesh_of({{-6, -6}, {6, -6}, {6, 6}, {-6, 6}}, {{0, 1, 2, 3}});
  const CorridorShape shape = corridor_shape(room, {0});
  EXPECT_EQ(shape.walls().size(), 4u);
  EXPECT_TRUE(arc_coverage(Arc{{0, 0}, 1.0, 0.0, std::numbers::pi}, shape).inside);
  // Entirely outside the room: no wall hit, still rejected.
  const ArcCoverage out = arc_coverage(Arc{{20, 0}, 1.0, 0.0, std::numbers::pi}, shape);
  EXPECT_FALSE(out.inside);
  EXPECT_EQ(out.hits, 0);
}

TEST(Turns, PortalsBetweenCorridorPolygonsAreNotWalls) {
  const NavMesh mesh = l_corridor();
  const CorridorShape shape = corridor_shape(mesh, {0, 1, 2});
  EXPECT_EQ(shape.walls().size(), 12u - 4u);  // 3 quads, 2 shared edges seen from both sides
  // Using only two polygons, the edge to the third is a wall.
  EXPECT_EQ(corridor_shape(mesh, {0, 1}).walls().size(), 8u - 2u);
}

TEST(Turns, ModeStopGivesOnlyStopTurns) {
  const NavMesh room = mesh_of({{-6, -6}, {6, -6}, {6, 6}, {-6, 6}}, {{0, 1, 2, 3}});
  AgentDef agent;
  agent.corner_mode = CornerMode::Stop;
  TurnTrace trace;
  const TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {0, 3}, {4, 3}}, corridor_shape(room, {0}), agent, &trace);
  ASSERT_TRUE(r.ok());
  for (const Turn& t : r.path.turns) EXPECT_EQ(t.kind, TurnKind::Stop);
  EXPECT_EQ(count(trace, TurnStep::Kind::FellBackToStop), 2);
  EXPECT_NEAR(r.path.length, 5 + 3 + 4, 1e-12);
  EXPECT_NEAR(r.path.turns[1].s, 8.0, 1e-12);
}

TEST(Turns, TheCorridorRegionIsBuiltOnlyWhenACornerTestsAnArc) {
  const NavMesh room = mesh_of({{-6, -6}, {6, -6}, {6, 6}, {-6, 6}}, {{0, 1, 2, 3}});
  const std::vector<int> corridor{0};
  const std::vector<Vec2> path{{-5, 0}, {0, 0}, {0, 3}, {4, 3}};
  const CorridorShape whole = corridor_shape(room, corridor);
  for (const CornerMode mode : {CornerMode::Stop, CornerMode::Auto, CornerMode::Arc}) {
    AgentDef agent;
    agent.corner_mode = mode;
    // The plain way: the region first, then the turns.
    TurnTrace want_trace;
    const TurnsResult want = fit_turns(path, whole, agent, &want_trace);
    ASSERT_TRUE(want.ok());
    CorridorRegion region;
    CorridorShapeOnDemand on_demand(room, corridor, region);
    TurnTrace trace;
    TurnsResult got;
    fit_turns_into(path, on_demand, agent, &trace, {}, got);
    // Stop-turns test no arc: the region is never built. Arcs are tested inside the region built whole.
    const bool tested =
        count(want_trace, TurnStep::Kind::Fitted) + count(want_trace, TurnStep::Kind::CoverageFailed) > 0;
    EXPECT_EQ(tested, mode != CornerMode::Stop);
    EXPECT_EQ(on_demand.built(), tested);
    EXPECT_EQ(region.empty(), !tested);
    if (tested) {
      CorridorShape copied;
      region.copy_into(copied);
      EXPECT_EQ(copied.walls().size(), 4u);  // the room's four sides
    }
    ASSERT_EQ(got.path.turns.size(), want.path.turns.size());
    for (size_t i = 0; i < want.path.turns.size(); ++i) {
      EXPECT_EQ(got.path.turns[i].kind, want.path.turns[i].kind);
      EXPECT_EQ(got.path.turns[i].radius, want.path.turns[i].radius);
    }
    EXPECT_EQ(got.path.length, want.path.length);
    EXPECT_EQ(trace.steps.size(), want_trace.steps.size());
  }
}

TEST(Turns, ModeArcOrNoInPlaceTurningFailsWhereNoArcFits) {
  const NavMesh mesh = l_corridor();
  const CorridorShape shape = corridor_shape(mesh, {0, 1, 2});
  const std::vector<Vec2> on_vertex{{-8, 0}, {2, 2}, {4, 9}};
  AgentDef agent;
  agent.corner_mode = CornerMode::Arc;
  TurnsResult r = fit_turns(on_vertex, shape, agent);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->stage, FailStage::Turns);
  EXPECT_EQ(r.failure->reason, Reason::NoArcFits);
  agent.corner_mode = CornerMode::Auto;
  agent.can_turn_in_place = false;
  r = fit_turns(on_vertex, shape, agent);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::NoArcFits);
  agent.corner_mode = CornerMode::Stop;
  r = fit_turns(on_vertex, shape, agent);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::CannotTurnInPlace);
}

TEST(Turns, ReversalIsAStopTurnAndShortSegmentsLimitTheRadius) {
  const NavMesh room = mesh_of({{-6, -6}, {6, -6}, {6, 6}, {-6, 6}}, {{0, 1, 2, 3}});
  const CorridorShape shape = corridor_shape(room, {0});
  AgentDef agent;
  TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {-3, 0}}, shape, agent);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.path.turns[0].kind, TurnKind::Stop);
  EXPECT_NEAR(r.path.turns[0].theta, std::numbers::pi, 1e-12);
  // 90° corner with a 0.4 m outgoing segment: the radius is cut to 0.4 so the trim fits.
  r = fit_turns({{-5, 0}, {0, 0}, {0, 0.4}}, shape, agent);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.path.turns[0].kind, TurnKind::Arc);
  EXPECT_NEAR(r.path.turns[0].radius, 0.4, 1e-12);
  EXPECT_NEAR(r.path.turns[0].trim, 0.4, 1e-12);
}

TEST(Turns, BadInputIsAFailureValue) {
  AgentDef agent;
  for (const std::vector<Vec2>& bad : {std::vector<Vec2>{{0, 0}}, std::vector<Vec2>{{0, 0}, {1, 0}, {1, 0}},
                                       std::vector<Vec2>{{0, 0}, {0, 0}, {1, 0}}}) {
    const TurnsResult r = fit_turns(bad, {}, agent);
    ASSERT_TRUE(r.failure.has_value()) << bad.size() << " points";
    EXPECT_EQ(r.failure->reason, Reason::BadInput);
  }
  // Start equal to goal is the one allowed repeat: a zero-length path without turns.
  const TurnsResult still = fit_turns({{0, 0}, {0, 0}}, {}, agent);
  ASSERT_TRUE(still.ok());
  EXPECT_TRUE(still.path.turns.empty());
  EXPECT_EQ(still.path.length, 0.0);
  const TurnsResult straight = fit_turns({{0, 0}, {3, 4}}, {}, agent);
  ASSERT_TRUE(straight.ok());
  EXPECT_TRUE(straight.path.turns.empty());
  EXPECT_NEAR(straight.path.length, 5.0, 1e-12);
}

}  // namespace
}  // namespace navlab
