// The circle-arc spline in the channel (seed 003): each construction mode reached by a scene built for
// it; the spline inside the channel and the navmesh (dense sampling, independent point-in-polygon); G1
// at every join; never shorter than the funnel path; the seed's DistanceToInnerCorner examples.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "channel_plan.h"
#include "channel_runs.h"
#include "meshes.h"
#include "plan.h"
#include "spline.h"

namespace navlab {
namespace {

using test::load_text;

// An L corridor `width` m wide: east along y in [0, W], then north along x in [10, 10 + W]. Start and
// goal are mirror images across the diagonal through the inner corner (10, W), so the turn's bisector
// is that diagonal and the turn gate runs from (10, W) to the far corner (10 + W, 0).
std::string l_corridor(double width, const std::string& agent) {
  const double x = 10.0 + width;
  char buf[1024];
  std::snprintf(buf, sizeof buf, R"({"navlab": 1,
    "navmesh": {"vertices": [[0,0],[10,0],[%.17g,0],[%.17g,%.17g],[10,%.17g],[0,%.17g],[%.17g,14],[10,14]],
                "polygons": [[0,1,4,5],[1,2,3,4],[4,3,6,7]]},
    "agent": %s,
    "queries": [{"start": [1, %.17g], "goal": [%.17g, %.17g]}]})",
                x, x, width, width, width, x, agent.c_str(), width / 2, 10.0 + width / 2, width + 9.0);
  return buf;
}

using Built = test::ChannelRun;

// Points of a piece every `step` m, from its own fields (independent of SplinePiece::point).
std::vector<Vec2> sample_piece(const SplinePiece& p, double step) {
  std::vector<Vec2> out;
  if (p.kind == SplinePiece::Kind::Segment) {
    const int n = std::max(1, int(std::hypot(p.to.x - p.from.x, p.to.y - p.from.y) / step));
    for (int k = 0; k <= n; ++k) out.push_back(p.from + (p.to - p.from) * (double(k) / n));
    return out;
  }
  const double a0 = std::atan2(p.from.y - p.center.y, p.from.x - p.center.x);
  double a1 = std::atan2(p.to.y - p.center.y, p.to.x - p.center.x);
  double sweep = p.ccw ? a1 - a0 : a0 - a1;
  while (sweep < 0) sweep += 2 * std::numbers::pi;
  const int n = std::max(1, int(sweep * p.radius / step));
  for (int k = 0; k <= n; ++k) {
    const double a = a0 + (p.ccw ? 1 : -1) * sweep * k / n;
    out.push_back(p.center + Vec2{std::cos(a), std::sin(a)} * p.radius);
  }
  return out;
}

double piece_length(const SplinePiece& p) {
  if (p.kind == SplinePiece::Kind::Segment) return std::hypot(p.to.x - p.from.x, p.to.y - p.from.y);
  const Vec2 r0 = p.from - p.center, r1 = p.to - p.center;
  double sweep = std::atan2(r0.x * r1.y - r0.y * r1.x, r0.x * r1.x + r0.y * r1.y);
  if (!p.ccw) sweep = -sweep;
  if (sweep < -1e-9) sweep += 2 * std::numbers::pi;
  return p.radius * sweep;
}

Vec2 dir_at(const SplinePiece& p, bool end) {
  if (p.kind == SplinePiece::Kind::Segment) return (p.to - p.from) / std::hypot(p.to.x - p.from.x, p.to.y - p.from.y);
  const Vec2 r = (end ? p.to : p.from) - p.center;
  const Vec2 t{-r.y / p.radius, r.x / p.radius};
  return p.ccw ? t : -t;
}

void expect_inside_channel_and_mesh(const Built& b) {
  const ChannelArray& ca = b.channel.channels;
  ASSERT_EQ(ca.channels.size(), 1u);
  for (const SplinePiece& p : b.channel.spline.pieces)
    for (Vec2 q : sample_piece(p, 0.01)) {
      bool in_channel = false, in_mesh = false;
      for (const Section& s : ca.channels[0].sections) in_channel = in_channel || test::inside_polygon(s.polygon, q);
      for (const NavPoly& poly : b.l.mesh.polys) {
        std::vector<Vec2> pts;
        for (int v : poly.verts) pts.push_back(b.l.mesh.verts[v]);
        in_mesh = in_mesh || test::inside_polygon(pts, q);
      }
      EXPECT_TRUE(in_channel) << q.x << "," << q.y;
      EXPECT_TRUE(in_mesh) << q.x << "," << q.y;
    }
}

void expect_g1(const Spline& s) {
  for (size_t i = 1; i < s.pieces.size(); ++i) {
    const SplinePiece &a = s.pieces[i - 1], &b = s.pieces[i];
    EXPECT_LT(distance(a.to, b.from), 1e-9) << "join " << i;
    EXPECT_GT(dot(dir_at(a, true), dir_at(b, false)), 1.0 - 1e-9) << "join " << i;
  }
}

double spline_length(const Spline& s) {
  double len = 0.0;
  for (const SplinePiece& p : s.pieces) len += piece_length(p);
  return len;
}

TEST(Spline, WideLCorridorIsOptimalWithOneArcOfThePreferredRadius) {
  const Built b = test::run_channel(l_corridor(4.0, "{}"));
  const Spline& s = b.channel.spline;
  EXPECT_EQ(s.mode, SplineMode::Optimal);
  ASSERT_EQ(s.pieces.size(), 3u);
  EXPECT_EQ(s.pieces[1].kind, SplinePiece::Kind::Arc);
  EXPECT_DOUBLE_EQ(s.pieces[1].radius, 1.0);
  EXPECT_TRUE(s.pieces[1].ccw);
  // The arc passes DistanceToInnerCorner(gate width) = 0.2 m (gate >= 0.4 m) from the corner (10, 4).
  double nearest = 1e9;
  for (Vec2 q : sample_piece(s.pieces[1], 0.0005)) nearest = std::min(nearest, distance(q, Vec2{10, 4}));
  EXPECT_NEAR(nearest, 0.2, 1e-6);
  expect_inside_channel_and_mesh(b);
  expect_g1(s);
  EXPECT_NEAR(s.length, spline_length(s), 1e-9);
  EXPECT_GE(spline_length(s), b.plan.funnel.length - 1e-9);
  EXPECT_EQ(s.pieces.front().from, b.plan.funnel.points.front());
  EXPECT_EQ(s.pieces.back().to, b.plan.funnel.points.back());
}

TEST(Spline, PegRecordsKeepTheCircleTheArcIsDrawnOn) {
  // Wide L: the peg is not relaxed, so the arc of the result lies on the circle its record keeps.
  const Built wide = test::run_channel(l_corridor(4.0, "{}"));
  const SplinePiece& arc = wide.channel.spline.pieces.at(1);
  const SplineStep& peg = wide.trace.spline.steps.at(0);
  ASSERT_EQ(peg.kind, SplineStep::Kind::PegPlaced);
  EXPECT_NEAR(distance(peg.center, arc.center), 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(peg.circle, arc.radius);
  // Narrow L with a 6 m preferred radius: the last relaxation's circle is the fitted arc's.
  const Built narrow = test::run_channel(l_corridor(1.0, R"({"turn_radius": 6})"));
  const SplineStep* last = nullptr;
  for (const SplineStep& st : narrow.trace.spline.steps)
    if (st.kind == SplineStep::Kind::Relaxed) last = &st;
  ASSERT_NE(last, nullptr);
  for (const SplinePiece& p : narrow.channel.spline.pieces)
    if (p.kind == SplinePiece::Kind::Arc) {
      EXPECT_NEAR(distance(last->center, p.center), 0.0, 1e-12);
      EXPECT_DOUBLE_EQ(last->circle, p.radius);
    }
}

TEST(Spline, NarrowCorridorWithALargePreferredRadiusIsSubOptimal) {
  const Built b = test::run_channel(l_corridor(1.0, R"({"turn_radius": 6})"));
  const Spline& s = b.channel.spline;
  EXPECT_EQ(s.mode, SplineMode::SubOptimal);
  bool relaxed = false;
  for (const SplineStep& st : b.trace.spline.steps) relaxed = relaxed || st.kind == SplineStep::Kind::Relaxed;
  EXPECT_TRUE(relaxed);
  int arcs = 0;
  for (const SplinePiece& p : s.pieces)
    if (p.kind == SplinePiece::Kind::Arc) {
      ++arcs;
      EXPECT_LT(p.radius, 6.0);
    }
  EXPECT_EQ(arcs, 1);
  expect_inside_channel_and_mesh(b);
  expect_g1(s);
  EXPECT_GE(spline_length(s), b.plan.funnel.length - 1e-9);
}

TEST(Spline, AVehicleThatCannotTurnTightEnoughGetsTheDegradedFunnelPath) {
  const Built b =
      test::run_channel(l_corridor(1.0, R"({"turn_radius": 6, "min_turn_radius": 6, "can_turn_in_place": false})"));
  const Spline& s = b.channel.spline;
  EXPECT_EQ(s.mode, SplineMode::Degraded);
  ASSERT_EQ(s.pieces.size(), b.plan.funnel.points.size() - 1);
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    EXPECT_EQ(s.pieces[i].kind, SplinePiece::Kind::Segment);
    EXPECT_EQ(s.pieces[i].from, b.plan.funnel.points[i]);
    EXPECT_EQ(s.pieces[i].to, b.plan.funnel.points[i + 1]);
  }
  // The profile stops at the funnel corner (a stop-turn), as on a path without arcs.
  ASSERT_EQ(b.channel.smoothed.turns.size(), 1u);
  EXPECT_EQ(b.channel.smoothed.turns[0].kind, TurnKind::Stop);
  bool stopped = false;
  for (const ProfileSample& p : b.channel.profile.samples())
    if (std::fabs(p.s - b.channel.smoothed.turns[0].s) < 1e-9) stopped = p.v == 0.0;
  EXPECT_TRUE(stopped);
}

TEST(Spline, ZigzagWithCloseCornersStaysInsideAndG1) {
  // A staircase corridor 2 m wide: east, north, east, north.
  const char* text = R"({"navlab": 1,
    "navmesh": {"vertices": [[0,0],[4,0],[6,0],[6,2],[4,2],[0,2],[6,4],[4,4],[8,2],[8,4],[10,4],[10,2],[8,8],[10,8]],
                "polygons": [[0,1,4,5],[1,2,3,4],[4,3,6,7],[3,8,9,6],[8,11,10,9],[9,10,13,12]]},
    "queries": [{"start": [0.5, 1], "goal": [9, 7.5]}]})";
  const Built b = test::run_channel(text);
  ASSERT_TRUE(b.plan.funnel.ok());
  ASSERT_GE(b.plan.funnel.points.size(), 4u);
  const Spline& s = b.channel.spline;
  EXPECT_TRUE(s.mode == SplineMode::Optimal || s.mode == SplineMode::SubOptimal) << to_string(s.mode);
  expect_inside_channel_and_mesh(b);
  expect_g1(s);
  EXPECT_GE(spline_length(s), b.plan.funnel.length - 1e-9);
}

TEST(Spline, TheProfileRunsOnTheSplineWithTheArcSpeedLimit) {
  const Built b = test::run_channel(l_corridor(4.0, "{}"));
  const Profile& p = b.channel.profile;
  ASSERT_TRUE(p.ok());
  EXPECT_NEAR(p.length, b.channel.spline.length, 1e-9);
  // On the arc (curvature 1/R = 1) the speed is at most sqrt(lateral_accel * R) = sqrt(2).
  bool on_arc = false;
  for (const ProfileSample& q : p.samples())
    if (q.curvature > 0.0) {
      on_arc = true;
      EXPECT_NEAR(q.curvature, 1.0, 1e-12);
      EXPECT_LE(q.v, std::sqrt(2.0) + 1e-9);
    }
  EXPECT_TRUE(on_arc);
}

// DistanceToInnerCorner through the channel: the arc's closest approach to the inner corner is the
// function of the turn gate's width, for the seed's three point sets. The gate at the corner (10, W) of
// the L runs to the far corner (10 + W, 0): width W·sqrt(2). A tiny preferred radius (0.05 m) keeps
// the arc from being relaxed in the narrow corridors.
double closest_to_corner(double width, const std::string& points) {
  const Built b = test::run_channel(
      l_corridor(width, R"({"turn_radius": 0.05, "min_turn_radius": 0.01, "inner_corner": )" + points + "}"));
  EXPECT_EQ(b.channel.spline.mode, SplineMode::Optimal);
  double nearest = 1e9;
  for (const SplinePiece& p : b.channel.spline.pieces)
    for (Vec2 q : sample_piece(p, 0.00005)) nearest = std::min(nearest, distance(q, Vec2{10, width}));
  return nearest;
}

TEST(Spline, SeedDistanceToInnerCornerExamplesThroughTheChannel) {
  const double r2 = std::sqrt(2.0);
  // Default (0.4, 0.2): width 0.2 -> 0.1, width >= 0.4 -> 0.2.
  EXPECT_NEAR(closest_to_corner(0.2 / r2, "[[0.4, 0.2]]"), 0.1, 1e-6);
  EXPECT_NEAR(closest_to_corner(1.0 / r2, "[[0.4, 0.2]]"), 0.2, 1e-6);
  // (1.0, 0.2): slope 0.2 up to 1.0 m: width 0.5 -> 0.1, width 2 -> 0.2.
  EXPECT_NEAR(closest_to_corner(0.5 / r2, "[[1.0, 0.2]]"), 0.1, 1e-6);
  EXPECT_NEAR(closest_to_corner(2.0 / r2, "[[1.0, 0.2]]"), 0.2, 1e-6);
  // (0.3, 0.03) + (0.4, 0.2): width 0.35 -> 0.115, width 0.2 -> 0.02.
  EXPECT_NEAR(closest_to_corner(0.35 / r2, "[[0.3, 0.03], [0.4, 0.2]]"), 0.115, 1e-6);
  EXPECT_NEAR(closest_to_corner(0.2 / r2, "[[0.3, 0.03], [0.4, 0.2]]"), 0.02, 1e-6);
}

TEST(Spline, ModeAndStepsHaveSentences) {
  const Built b = test::run_channel(l_corridor(4.0, "{}"));
  ASSERT_FALSE(b.trace.spline.steps.empty());
  EXPECT_EQ(b.trace.spline.steps.back().kind, SplineStep::Kind::ModeChosen);
  EXPECT_NE(b.trace.spline.steps.back().describe().find("optimal"), std::string::npos);
  for (const SplineStep& st : b.trace.spline.steps) EXPECT_FALSE(st.describe().empty());
}

}  // namespace
}  // namespace navlab
