// The default scene shows both kinds of turn, each for a reason: arcs where the corridor leaves room
// for them, a stop-turn where it does not (the service gap of the east office). The reasons are
// checked by sampling arcs densely against the corridor's polygons, independently of the coverage
// test the planner uses.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
#include <nlohmann/json.hpp>

#include "navmesh_build.h"
#include "meshes.h"
#include "paths.h"
#include "plan.h"
#include "turns.h"

namespace navlab {
namespace {

using test::Loaded;

constexpr int kArcSamples = 400;
constexpr double kInsideTol = 1e-6;  // m: a point this close to a polygon's edge counts as inside

bool in_polygon(const NavMesh& mesh, int poly, Vec2 p) {
  const std::vector<int>& v = mesh.polys[poly].verts;
  for (size_t i = 0; i < v.size(); ++i) {
    const Vec2 a = mesh.verts[v[i]], b = mesh.verts[v[(i + 1) % v.size()]];
    const double len = distance(a, b);
    if (len > 0.0 && cross(b - a, p - a) / len < -kInsideTol) return false;  // right of a CCW edge
  }
  return true;
}

bool in_corridor(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 p) {
  for (int poly : corridor)
    if (in_polygon(mesh, poly, p)) return true;
  return false;
}

// The first sample of `arc` outside the corridor, if any.
std::optional<Vec2> first_outside(const NavMesh& mesh, const std::vector<int>& corridor, const Arc& arc) {
  for (int i = 0; i <= kArcSamples; ++i) {
    const Vec2 p = arc.point(double(i) / kArcSamples);
    if (!in_corridor(mesh, corridor, p)) return p;
  }
  return std::nullopt;
}

TEST(PlanDefaultScene, ArcsWhereThereIsRoomStopTurnsWhereThereIsNot) {
  const Loaded l = test::load("default.json");
  const AgentDef& agent = l.scene.agent;
  ASSERT_GT(agent.min_turn_radius, 0.0);
  ASSERT_GE(l.scene.queries.size(), 4u);
  int arcs = 0, stops = 0;
  for (const Query& q : l.scene.queries) {
    SCOPED_TRACE(q.name);
    const PlanResult r = plan(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}});
    ASSERT_EQ(r.status, Status::Complete) << (r.failure ? r.failure->message : "");
    const std::vector<int>& corridor = r.search.corridor;
    const std::vector<Vec2>& path = r.motion.clearance.path.points;
    for (const Turn& t : r.motion.turns.path.turns) {
      ASSERT_GE(t.corner, 1);
      ASSERT_LT(t.corner + 1, int(path.size()));
      const Vec2 prev = path[t.corner - 1], at = path[t.corner], next = path[t.corner + 1];
      if (t.kind == TurnKind::Arc) {
        ++arcs;
        // Room for it: at least min_turn_radius, and every point of the arc inside the corridor.
        EXPECT_GE(t.radius, agent.min_turn_radius);
        const std::optional<Vec2> out = first_outside(l.mesh, corridor, t.arc);
        EXPECT_FALSE(out) << "arc at (" << at.x << ", " << at.y << ") leaves the corridor at (" << out->x << ", "
                          << out->y << ")";
        continue;
      }
      ++stops;
      // The reason: the gentlest arc the agent may drive here (min_turn_radius) does not fit. Either
      // its trim is longer than a leg of the turn, or it cuts out of the corridor.
      const Turn tightest = make_arc_turn(prev, at, next, agent.min_turn_radius);
      const bool legs_too_short = tightest.trim > std::min(distance(prev, at), distance(at, next));
      const std::optional<Vec2> out = first_outside(l.mesh, corridor, tightest.arc);
      EXPECT_TRUE(legs_too_short || out.has_value())
          << "stop-turn at (" << at.x << ", " << at.y << ") although an arc of " << agent.min_turn_radius << " m fits";
      if (out) {
        std::printf(
            "stop-turn in %s at (%.2f, %.2f), %.1f deg: an arc of %.2f m (trim %.2f m) leaves the corridor "
            "at (%.3f, %.3f)\n",
            q.name.c_str(), at.x, at.y, t.theta * 180.0 / std::numbers::pi, agent.min_turn_radius, tightest.trim,
            out->x, out->y);
      }
    }
  }
  EXPECT_GE(arcs, 1);
  EXPECT_GE(stops, 1);
}

// The service gap is what makes the difference: the same turn, planned for an agent allowed to arc
// as tight as the gap permits, becomes an arc.
TEST(PlanDefaultScene, TheServiceGapTurnIsAnArcForATighterAgent) {
  Loaded l = test::load("default.json");
  const Query* service = nullptr;
  for (const Query& q : l.scene.queries)
    if (q.name == "desk_to_service_bay") service = &q;
  ASSERT_NE(service, nullptr);
  const PlanResult before = plan(l.scene, l.mesh, PlanRequest{service->start, service->goal, {}});
  ASSERT_EQ(before.status, Status::Complete);
  int stop_corner = -1;
  for (const Turn& t : before.motion.turns.path.turns)
    if (t.kind == TurnKind::Stop) stop_corner = t.corner;
  ASSERT_GE(stop_corner, 1) << "the service gap turn is not a stop-turn";

  const double min_before = l.scene.agent.min_turn_radius;
  l.scene.agent.min_turn_radius = 0.1;
  const PlanResult tighter = plan(l.scene, l.mesh, PlanRequest{service->start, service->goal, {}});
  ASSERT_EQ(tighter.status, Status::Complete);
  ASSERT_EQ(tighter.motion.turns.path.turns.size(), before.motion.turns.path.turns.size());
  const Turn& t = tighter.motion.turns.path.turns[stop_corner - 1];
  EXPECT_EQ(t.kind, TurnKind::Arc);
  EXPECT_LT(t.radius, min_before);
  EXPECT_GE(t.radius, 0.1);
}

// `navlab plan` prints both kinds for the scene's own queries.
TEST(PlanDefaultSceneCli, PrintsArcsAndStopTurns) {
  const test::RunResult run = test::run_navlab("plan " + test::scene_path("default.json"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json doc = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << run.out;
  int arcs = 0, stops = 0;
  for (const auto& r : doc["results"]) {
    EXPECT_EQ(r["status"], "complete");
    for (const auto& t : r["turns"]) {
      if (t["kind"] == "arc") ++arcs;
      if (t["kind"] == "stop") ++stops;
    }
  }
  EXPECT_GE(arcs, 1);
  EXPECT_GE(stops, 1);
}

}  // namespace
}  // namespace navlab
