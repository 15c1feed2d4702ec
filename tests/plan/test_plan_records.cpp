// The records the timeline shows besides search, funnel and profile: locate (which polygon, by which
// rule), the clearance stage (each portal's width and the distance kept) and every arc the turn fitting
// tried (kept in its record).
#include <gtest/gtest.h>

#include <cmath>

#include "meshes.h"
#include "plan.h"
#include "scene.h"

namespace navlab {
namespace {

using test::load;
using test::Loaded;

// doors_balcony.json with door1 closed: the route rounds the courtyard (polygons 0, 4, 3).
struct BalconyPlan {
  Loaded l = load("doors_balcony.json");
  PlanTrace trace;
  PlanResult r;
  BalconyPlan() {
    PlanRequest req;
    req.start = l.scene.queries[0].start;
    req.goal = l.scene.queries[0].goal;
    req.doors.closed = {"door1"};
    r = plan(l.scene, l.mesh, req, &trace);
  }
};

double line_distance(Vec2 p, Vec2 a, Vec2 b) { return std::abs(cross(b - a, p - a)) / length(b - a); }

TEST(PlanRecords, LocateSaysWhichPolygonByWhichRule) {
  const BalconyPlan p;
  ASSERT_EQ(p.r.status, Status::Complete);
  ASSERT_EQ(p.trace.locate.size(), 2u);
  // Start (1, 1.5) lies in polygon 0 ([0,0]-[2,0]-[2,3]-[2,5]-[0,5]); goal (7, 1.5) in polygon 3.
  EXPECT_EQ(p.trace.locate[0].which, Endpoint::Start);
  EXPECT_EQ(p.trace.locate[0].poly, 0);
  EXPECT_EQ(p.trace.locate[1].which, Endpoint::Goal);
  EXPECT_EQ(p.trace.locate[1].poly, 3);
  for (const LocateStep& s : p.trace.locate) {
    EXPECT_EQ(s.method, LocateMethod::PointInPolygon);
    EXPECT_NE(s.describe().find("polygon " + std::to_string(s.poly)), std::string::npos) << s.describe();
  }
}

TEST(PlanRecords, ClearanceKeepsEachPortalsWidthAndDistance) {
  const BalconyPlan p;
  const auto& steps = p.trace.motion.clearance.steps;
  ASSERT_EQ(steps.size(), p.r.portals.size());
  // Portals 0|4 (x 0..2 at y 5) and 4|3 (x 6..8 at y 5) are 2 m wide; the default inner_corner point
  // (0.4, 0.2) keeps 0.2 m from each end. The goal portal has width 0 and keeps 0.
  const double want_width[] = {2.0, 2.0, 0.0};
  const double want_distance[] = {0.2, 0.2, 0.0};
  ASSERT_EQ(steps.size(), 3u);
  for (size_t i = 0; i < steps.size(); ++i) {
    const ClearanceStep& s = steps[i];
    EXPECT_EQ(s.portal, int(i));
    EXPECT_NEAR(s.width, want_width[i], 1e-9);
    EXPECT_NEAR(s.distance, want_distance[i], 1e-9);
    const Portal& o = p.r.portals[i];
    EXPECT_NEAR(distance(s.left, o.left), want_distance[i], 1e-9);
    EXPECT_NEAR(distance(s.right, o.right), want_distance[i], 1e-9);
    EXPECT_FALSE(s.describe().empty());
  }
}

TEST(PlanRecords, EveryTriedArcIsInItsTurnRecord) {
  const BalconyPlan p;
  const std::vector<Vec2>& pts = p.r.motion.turns.path.points;
  int arcs = 0;
  for (const TurnStep& s : p.trace.motion.turns.steps) {
    if (s.kind == TurnStep::Kind::FellBackToStop) {
      EXPECT_FALSE(s.arc) << s.describe();
      continue;
    }
    ASSERT_TRUE(s.arc) << s.describe();
    ++arcs;
    const bool shrunk = s.kind == TurnStep::Kind::Shrunk || s.kind == TurnStep::Kind::ScaledWithPartner;
    const double r = shrunk ? s.new_radius : s.radius;
    EXPECT_NEAR(s.arc->arc.radius, r, 1e-12);
    EXPECT_EQ(s.arc->corner, s.corner);
    // Tangent to both segments at the corner: the centre is r from both lines, entry and exit on them.
    const Vec2 a = pts[size_t(s.corner) - 1], c = pts[size_t(s.corner)], b = pts[size_t(s.corner) + 1];
    EXPECT_NEAR(line_distance(s.arc->arc.center, a, c), r, 1e-9) << s.describe();
    EXPECT_NEAR(line_distance(s.arc->arc.center, c, b), r, 1e-9) << s.describe();
    EXPECT_NEAR(distance(s.arc->arc.center, s.arc->entry), r, 1e-9);
    EXPECT_NEAR(line_distance(s.arc->entry, a, c), 0.0, 1e-9);
    EXPECT_NEAR(line_distance(s.arc->exit, c, b), 0.0, 1e-9);
  }
  EXPECT_GE(arcs, 2);  // the two courtyard corners each tried at least one arc
  // A fitted arc's record is the arc the path uses.
  for (const TurnStep& s : p.trace.motion.turns.steps)
    if (s.kind == TurnStep::Kind::Fitted)
      for (const Turn& t : p.r.motion.turns.path.turns)
        if (t.corner == s.corner && t.kind == TurnKind::Arc) {
          EXPECT_NEAR(distance(t.arc.center, s.arc->arc.center), 0.0, 1e-12);
        }
}

}  // namespace
}  // namespace navlab
