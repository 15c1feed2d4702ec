// Joint corners (corners closer together than their arcs need, fitted as one arc over the combined turn)
// and the one rule for an agent that may not stop and turn in place (its corner without an arc fails,
// and nothing of the result says stop-turn).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <string>

#include "channel_plan.h"
#include "coverage.h"
#include "format.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "plan.h"
#include "plan_optimal.h"
#include "turns.h"

namespace navlab {
namespace {

using test::mesh_of;

// Independent of coverage.cpp: inside a convex CCW polygon of the mesh, 1e-9 slack.
bool inside_mesh(const NavMesh& m, Vec2 p) {
  for (const NavPoly& poly : m.polys) {
    const auto& vs = poly.verts;
    bool in = true;
    for (size_t i = 0; i < vs.size(); ++i) {
      const Vec2 a = m.verts[size_t(vs[i])], b = m.verts[size_t(vs[(i + 1) % vs.size()])];
      if (cross(b - a, p - a) < -1e-9 * length(b - a)) in = false;
    }
    if (in) return true;
  }
  return false;
}

bool arc_inside_mesh(const NavMesh& m, const Arc& arc) {
  for (int i = 0; i <= 4000; ++i)
    if (!inside_mesh(m, arc.point(i / 4000.0))) return false;
  return true;
}

int steps_of_kind(const TurnTrace& t, TurnStep::Kind k) {
  int n = 0;
  for (const auto& s : t.steps) n += s.kind == k;
  return n;
}

// Where the line through p along d meets the line through q along e (hand formula, Cramer's rule).
Vec2 lines_meet(Vec2 p, Vec2 d, Vec2 q, Vec2 e) {
  const double det = d.x * (-e.y) - d.y * (-e.x);
  const double t = ((q.x - p.x) * (-e.y) - (q.y - p.y) * (-e.x)) / det;
  return {p.x + d.x * t, p.y + d.y * t};
}

NavMesh open_room() { return mesh_of({{-10, -10}, {10, -10}, {10, 10}, {-10, 10}}, {{0, 1, 2, 3}}); }

// Two left turns of 30° each, 5 cm apart: at the minimum radius 0.2 m their arcs would take
// 0.2·tan 15° twice = 0.107 m of the 5 cm between them, so they turn as one corner of 60°.
std::vector<Vec2> two_close_bends(double gap) {
  const Vec2 c1{0, 0}, c2 = c1 + Vec2{std::cos(std::numbers::pi / 6), std::sin(std::numbers::pi / 6)} * gap;
  return {{-5, 0}, c1, c2, c2 + Vec2{std::cos(std::numbers::pi / 3), std::sin(std::numbers::pi / 3)} * 5.0};
}

TEST(TurnFit, TwoBendsCloserThanTheirArcsNeedTurnAsOneArc) {
  const NavMesh mesh = open_room();
  const std::vector<Vec2> path = two_close_bends(0.05);
  AgentDef agent;  // turn_radius 1, min_turn_radius 0.2
  TurnTrace trace;
  const TurnsResult r = fit_turns(path, corridor_shape(mesh, {0}), agent, &trace);
  ASSERT_TRUE(r.ok()) << r.failure->message;
  ASSERT_EQ(r.path.turns.size(), 1u);
  const Turn& t = r.path.turns[0];
  EXPECT_EQ(t.kind, TurnKind::Arc);
  EXPECT_EQ(t.corner, 1);
  EXPECT_EQ(t.last_corner, 2);
  // By hand: the triangle c1, V, c2 has angles 30°, 120°, 30°, so V lies 0.05·sin 30° / sin 120° =
  // 0.028868 m past c1 on y = 0 (and as far before c2). The combined turn is 60°; at the preferred
  // radius 1 m the trim is tan 30° = 0.57735 m from V.
  const double off = 0.05 * 0.5 / std::sin(2 * std::numbers::pi / 3);
  EXPECT_NEAR(t.at.x, off, 1e-12);
  EXPECT_NEAR(t.at.y, 0.0, 1e-12);
  EXPECT_NEAR(t.offset_in, off, 1e-12);
  EXPECT_NEAR(t.offset_out, off, 1e-12);
  EXPECT_NEAR(t.theta, std::numbers::pi / 3, 1e-12);
  EXPECT_NEAR(t.radius, 1.0, 1e-12);
  EXPECT_NEAR(t.trim, std::tan(std::numbers::pi / 6), 1e-12);
  EXPECT_NEAR(t.entry.x, off - std::tan(std::numbers::pi / 6), 1e-12);
  EXPECT_NEAR(t.entry.y, 0.0, 1e-12);
  EXPECT_NEAR(distance(t.exit, t.at), std::tan(std::numbers::pi / 6), 1e-12);
  EXPECT_TRUE(arc_inside_mesh(mesh, t.arc));
  // The smoothed path: segment, arc, segment, the corners between passed by the arc.
  ASSERT_EQ(r.path.pieces.size(), 3u);
  EXPECT_NEAR(r.path.pieces[0].length, 5.0 + off - t.trim, 1e-12);
  EXPECT_NEAR(r.path.pieces[1].length, std::numbers::pi / 3, 1e-12);
  // The trace says why: the 0.05 m gap against 0.2·(tan 15° + tan 15°) = 0.1072 m.
  ASSERT_GE(trace.steps.size(), 3u);
  const TurnStep& joined = trace.steps[0];
  EXPECT_EQ(joined.kind, TurnStep::Kind::Joined);
  EXPECT_NEAR(joined.length, 0.05, 1e-12);
  EXPECT_NEAR(joined.needed, 0.4 * std::tan(std::numbers::pi / 12), 1e-12);
  EXPECT_EQ(joined.describe(),
            "Corners 1–2 turn the same way and lie closer together than their arcs need: 0.05 m between two of "
            "them, where arcs of the minimum turn radius would take 0.11 m. They turn as one corner of 60.0° at "
            "(0.03, 0.00), where the segments before and after them meet.");
  EXPECT_EQ(trace.steps[1].kind, TurnStep::Kind::Candidate);
  EXPECT_EQ(trace.steps[2].kind, TurnStep::Kind::Fitted);
  EXPECT_EQ(steps_of_kind(trace, TurnStep::Kind::FellBackToStop), 0);
}

TEST(TurnFit, BendsWithRoomForTheirArcsOrTurningOppositeWaysAreNotJoined) {
  const NavMesh mesh = open_room();
  const CorridorShape shape = corridor_shape(mesh, {0});
  AgentDef agent;
  // 0.2 m apart: more than the 0.107 m two minimum arcs need. Joint scaling shares the gap instead.
  TurnsResult r = fit_turns(two_close_bends(0.2), shape, agent);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.path.turns.size(), 2u);
  for (const Turn& t : r.path.turns) EXPECT_EQ(t.last_corner, t.corner);
  // Without a minimum radius any arc is allowed: nothing needs joining.
  agent.min_turn_radius = 0.0;
  r = fit_turns(two_close_bends(0.05), shape, agent);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.path.turns.size(), 2u);
  // A zig-zag (left, then right) 5 cm apart is two corners, whatever their gap.
  agent = AgentDef{};
  r = fit_turns({{-5, 0}, {0, 0}, {0.05, 0.05}, {5, 0.05}}, shape, agent);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.path.turns.size(), 2u);
}

TEST(TurnFit, AJointArcThatDoesNotFitLeavesTheCornersToThemselves) {
  // The bends of two_close_bends(0.05) with a wall wedge on the inside of the turn: its apex W lies 8 mm
  // inside the segment between the bends, at its middle, and it opens away from them (edges at 65° and
  // 175°). Every arc over the combined turn of at least 0.2 m passes 1.7 cm or more inside that segment
  // (R·(1/cos 30° − 1) past the corner V, which lies 1.4 cm beyond the segment), into the wedge; the path
  // itself stays out of it.
  const Vec2 w = Vec2{0.05 * std::cos(std::numbers::pi / 6), 0.05 * std::sin(std::numbers::pi / 6)} * 0.5 +
                 Vec2{-0.5, std::sqrt(3.0) / 2} * 0.008;
  const Vec2 up = w + Vec2{std::cos(65 * std::numbers::pi / 180), std::sin(65 * std::numbers::pi / 180)} *
                          ((10 - w.y) / std::sin(65 * std::numbers::pi / 180));
  const Vec2 left = w + Vec2{std::cos(175 * std::numbers::pi / 180), std::sin(175 * std::numbers::pi / 180)} *
                            ((-10 - w.x) / std::cos(175 * std::numbers::pi / 180));
  const NavMesh mesh = mesh_of({{-10, -10}, {10, -10}, w, left, {10, 10}, up}, {{0, 1, 2, 3}, {1, 4, 5, 2}});
  TurnTrace trace;
  const TurnsResult r = fit_turns(two_close_bends(0.05), corridor_shape(mesh, {0, 1}), AgentDef{}, &trace);
  ASSERT_TRUE(r.ok()) << r.failure->message;
  EXPECT_EQ(steps_of_kind(trace, TurnStep::Kind::Joined), 1);
  EXPECT_GE(steps_of_kind(trace, TurnStep::Kind::CoverageFailed), 1);
  EXPECT_EQ(steps_of_kind(trace, TurnStep::Kind::Unjoined), 1);
  // On their own the bends are 5 cm apart, too close for two arcs of 0.2 m: two stop-turns.
  ASSERT_EQ(r.path.turns.size(), 2u);
  for (const Turn& t : r.path.turns) {
    EXPECT_EQ(t.last_corner, t.corner);
    EXPECT_EQ(t.kind, TurnKind::Stop);
  }
}

// A fan of portals round a wall vertex bends the clearance path a little at each portal: random fans,
// random agents. Every turn covers its corners in order, every arc (joint or not) lies inside the
// corridor by sampling, every joint arc is tangent to the segments before and after its corners, and
// what the arcs take of each segment fits on it.
TEST(TurnFit, FansRoundAWallVertexOverRandomAgents) {
  std::mt19937 rng(4242);
  auto U = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
  int joints = 0, runs = 0;
  for (int run = 0; run < 300; ++run) {
    // A wall vertex at the origin, the free space round it a wedge of more than half a turn (from angle
    // 0 clockwise to -open), cut into k triangles; the path comes in through the first triangle, bends
    // on each inner portal a distance d from the vertex, and leaves through the last.
    const int k = std::uniform_int_distribution<int>(2, 6)(rng);
    const double open = U(1.05, 1.8) * std::numbers::pi, far = 12.0;
    Scene::Navmesh def;
    def.vertices.push_back({0, 0});
    for (int i = 0; i <= k; ++i) {
      const double a = -open * i / k;
      def.vertices.push_back({far * std::cos(a), far * std::sin(a)});
    }
    for (int i = 0; i < k; ++i) def.polygons.push_back({0, i + 2, i + 1});
    Result<NavMesh> built = build_hand_authored(def, "fan");
    ASSERT_TRUE(built.ok()) << built.error();
    const NavMesh& fan = built.value();
    std::vector<int> corridor;
    for (int i = 0; i < k; ++i) corridor.push_back(i);
    const auto at = [](double r, double a) { return Vec2{r * std::cos(a), r * std::sin(a)}; };
    const double d = U(0.02, 0.25);
    std::vector<Vec2> path{at(far * 0.7, -open / (4 * k))};
    for (int i = 1; i < k; ++i) path.push_back(at(d, -open * i / k));
    path.push_back(at(far * 0.7, -open * (k - 0.25) / k));
    AgentDef agent;
    agent.turn_radius = U(0.3, 4.0);
    agent.min_turn_radius = U(0.15, 0.5) * agent.turn_radius;
    const TurnsResult r = fit_turns(path, corridor_shape(fan, corridor), agent);
    ASSERT_TRUE(r.ok()) << run << ": " << r.failure->message;
    ++runs;
    int next = 1;
    std::vector<double> taken(path.size() - 1, 0.0);
    for (const Turn& t : r.path.turns) {
      EXPECT_EQ(t.corner, next) << run;
      next = t.last_corner + 1;
      taken[size_t(t.corner) - 1] += t.trim_in();
      taken[size_t(t.last_corner)] += t.trim_out();
      if (t.kind != TurnKind::Arc) continue;
      EXPECT_TRUE(arc_inside_mesh(fan, t.arc)) << run << " corner " << t.corner;
      EXPECT_GE(t.radius, agent.min_turn_radius - 1e-12) << run;
      if (t.last_corner == t.corner) continue;
      ++joints;
      // Tangent to the segment before its first corner and the one after its last: the entry lies on
      // the first, the exit on the second, and the arc's directions there are theirs.
      const Vec2 a0 = path[size_t(t.corner) - 1], a1 = path[size_t(t.corner)];
      const Vec2 b0 = path[size_t(t.last_corner)], b1 = path[size_t(t.last_corner) + 1];
      EXPECT_NEAR(cross(a1 - a0, t.entry - a0), 0.0, 1e-9 * length(a1 - a0)) << run;
      EXPECT_NEAR(cross(b1 - b0, t.exit - b0), 0.0, 1e-9 * length(b1 - b0)) << run;
      EXPECT_NEAR(distance(t.arc.center, t.entry), t.radius, 1e-9) << run;
      EXPECT_NEAR(dot(t.entry - t.arc.center, a1 - a0), 0.0, 1e-9 * length(a1 - a0) * t.radius) << run;
      EXPECT_NEAR(dot(t.exit - t.arc.center, b1 - b0), 0.0, 1e-9 * length(b1 - b0) * t.radius) << run;
      const Vec2 v = lines_meet(a0, a1 - a0, b0, b1 - b0);
      EXPECT_NEAR(distance(v, t.at), 0.0, 1e-9) << run;
      EXPECT_NEAR(distance(t.entry, v), t.radius * std::tan(t.theta / 2), 1e-9) << run;
    }
    EXPECT_EQ(next, int(path.size()) - 1) << run;
    for (size_t s = 0; s < taken.size(); ++s) EXPECT_LE(taken[s], distance(path[s], path[s + 1]) + 1e-9) << run;
    if (HasFailure()) return;
  }
  EXPECT_EQ(runs, 300);
  EXPECT_GT(joints, 20);  // 28 on these draws
}

// scenes/corridor_not_shortest.json, the shortest path (Polyanya): the clearance path passes each top
// corner of the wall where two portals meet, 0.2 m up each of them (DistanceToInnerCorner of wide
// portals): at (4, 8) up the portal to (0, 20) and up the one to (4, 20), 6 cm apart. Each pair turns as
// one arc: by hand, the line from the start (1, 5) through the first point meets y = 8.2 at V; the turn
// is the angle of that line; at the preferred radius 1 m the trim is tan(θ/2).
TEST(TurnFit, TheShortestPathRoundsEachWallCornerInOneArcAndIsTheFasterPath) {
  const test::Loaded l = test::load("corridor_not_shortest.json");
  const Query& q = l.scene.queries.at(0);
  PlanTrace trace;
  const OptimalPlan exact = plan_optimal(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}}, &trace);
  const PlanResult& p = exact.plan;
  ASSERT_EQ(p.status, Status::Complete);
  const std::vector<Turn>& turns = p.motion.turns.path.turns;
  ASSERT_EQ(turns.size(), 2u);
  const Vec2 c1 = Vec2{4, 8} + Vec2{-4, 12} * (0.2 / std::sqrt(160.0));
  const Vec2 start{1, 5};
  const double x = start.x + (8.2 - start.y) * (c1.x - start.x) / (c1.y - start.y);
  const double theta = std::atan2(c1.y - start.y, c1.x - start.x);
  const Vec2 want[2] = {{x, 8.2}, {10.0 - x, 8.2}};  // the second by the scene's symmetry about x = 5
  for (int i = 0; i < 2; ++i) {
    const Turn& t = turns[size_t(i)];
    EXPECT_EQ(t.kind, TurnKind::Arc) << i;
    EXPECT_EQ(t.last_corner - t.corner, 1) << i;
    EXPECT_NEAR(t.at.x, want[i].x, 1e-9) << i;
    EXPECT_NEAR(t.at.y, want[i].y, 1e-9) << i;
    EXPECT_NEAR(t.theta, theta, 1e-9) << i;
    EXPECT_NEAR(t.radius, 1.0, 1e-12) << i;
    EXPECT_NEAR(t.trim, std::tan(theta / 2.0), 1e-9) << i;
    EXPECT_TRUE(arc_inside_mesh(l.mesh, t.arc)) << i;  // coverage, checked by sampling
  }
  EXPECT_EQ(steps_of_kind(trace.motion.turns, TurnStep::Kind::FellBackToStop), 0);
  // The corridor's A* path is 12 m long against the shortest 10.49 m; now the shorter is also the faster.
  const PlanResult astar = plan(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}});
  ASSERT_EQ(astar.status, Status::Complete);
  EXPECT_LT(p.motion.profile.total_time, astar.motion.profile.total_time);
}

// scenes/vehicle_l_corridor.json: a vehicle (no turning in place, min_turn_radius 2 m) where no arc of
// 2 m fits. The turn fails, the plan fails with no_arc_fits, and neither the trace nor the turns say
// stop-turn; the failure points at the channel spline, which fits a 3 m arc. The scene's description
// quotes the numbers checked here.
TEST(TurnFit, AVehicleWithoutRoomForAnArcFailsWithoutAStopTurn) {
  const test::Loaded l = test::load("vehicle_l_corridor.json");
  const Query& q = l.scene.queries.at(0);
  PlanTrace trace;
  const PlanResult p = plan(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}}, &trace);
  ASSERT_EQ(p.status, Status::Failed);
  ASSERT_TRUE(p.failure);
  EXPECT_EQ(p.failure->stage, FailStage::Turns);
  EXPECT_EQ(p.failure->reason, Reason::NoArcFits);
  EXPECT_NE(p.failure->message.find("cannot turn in place"), std::string::npos) << p.failure->message;
  EXPECT_NE(p.failure->message.find("--smoothing channel"), std::string::npos) << p.failure->message;
  const std::vector<Turn>& turns = p.motion.turns.path.turns;
  ASSERT_FALSE(turns.empty());
  for (const Turn& t : turns) EXPECT_NE(t.kind, TurnKind::Stop);
  const std::vector<TurnStep>& steps = trace.motion.turns.steps;
  for (const TurnStep& s : steps) {
    EXPECT_NE(s.kind, TurnStep::Kind::FellBackToStop);
    EXPECT_EQ(s.describe().find("stop-turn"), std::string::npos) << s.describe();
  }
  const std::string& text = l.scene.description;
  const auto quoted = [&](const std::string& number) {
    EXPECT_NE(text.find(number), std::string::npos) << number << " is not in the description";
  };
  // The joined bends, the radii tried there, and each bend's largest arc.
  ASSERT_EQ(steps.front().kind, TurnStep::Kind::Joined);
  quoted(fmt("%.2f m apart, %.1f° together", steps.front().length, steps.front().theta * 180 / std::numbers::pi));
  quoted(fmt("(%.2f, %.2f)", steps.front().at.x, steps.front().at.y));
  std::vector<std::string> tried;
  for (const TurnStep& s : steps)
    if (s.kind == TurnStep::Kind::CoverageFailed && s.last_corner > s.corner) tried.push_back(fmt("%.2f", s.radius));
  ASSERT_EQ(tried.size(), 3u);
  quoted("arcs of " + tried[0] + ", " + tried[1] + " and " + tried[2] + " m");
  std::vector<const TurnStep*> failed;
  for (const TurnStep& s : steps)
    if (s.kind == TurnStep::Kind::Failed) failed.push_back(&s);
  ASSERT_EQ(failed.size(), 2u);
  quoted(fmt("the largest arcs that fit are %.2f m and %.2f m", failed[0]->largest, failed[1]->largest));
  // The largest arc quoted fits, by sampling, and one a percent larger does not (at its corner alone:
  // there it is the shorter segment that bounds it).
  for (const TurnStep* f : failed) {
    const std::vector<Vec2>& pts = p.motion.clearance.path.points;
    const Turn fits =
        make_arc_turn(pts[size_t(f->corner) - 1], pts[size_t(f->corner)], pts[size_t(f->corner) + 1], f->largest);
    EXPECT_TRUE(arc_inside_mesh(l.mesh, fits.arc)) << f->corner;
    EXPECT_GT(fits.trim * 1.01, std::min(distance(pts[size_t(f->corner) - 1], pts[size_t(f->corner)]),
                                         distance(pts[size_t(f->corner)], pts[size_t(f->corner) + 1])));
  }
  // The channel spline swings wide and fits an arc of the preferred radius.
  const ChannelPlan channel = plan_channel(l.scene, l.mesh, p);
  double largest = 0.0;
  for (const SplinePiece& piece : channel.spline.pieces)
    if (piece.kind == SplinePiece::Kind::Arc) largest = std::max(largest, piece.radius);
  EXPECT_GE(largest, l.scene.agent.min_turn_radius);
  quoted(fmt("fits a %.2f m arc", largest));
}

}  // namespace
}  // namespace navlab
