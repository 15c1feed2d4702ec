// Invariants of clearance path -> turns -> speed profile over random corridors and agents (seeded).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

#include "clearance_path.h"
#include "corridor_check.h"
#include "coverage.h"
#include "navmesh_build.h"
#include "portals.h"
#include "profile.h"
#include "turns.h"

namespace navlab {
namespace {

struct Case {
  NavMesh mesh;
  std::vector<int> corridor;
  Vec2 start, goal;
  AgentDef agent;
};

// A strip of convex quads along a random walk with random widths (one cross-section per step).
std::optional<Case> random_case(std::mt19937& rng) {
  auto U = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
  const int quads = std::uniform_int_distribution<int>(1, 8)(rng);
  Scene::Navmesh def;
  double heading = U(-3.0, 3.0);
  Vec2 c{U(-5, 5), U(-5, 5)};
  for (int i = 0; i <= quads; ++i) {
    const Vec2 dir{std::cos(heading), std::sin(heading)};
    const double w = U(0.3, 5.0);
    def.vertices.push_back(c - perp_left(dir) * (w / 2));  // right: index 2i
    def.vertices.push_back(c + perp_left(dir) * (w / 2));  // left: index 2i + 1
    const double turn = U(-1.3, 1.3);
    c = c + Vec2{std::cos(heading + turn / 2), std::sin(heading + turn / 2)} * U(0.8, 7.0);
    heading += turn;
  }
  for (int i = 0; i < quads; ++i) {
    const std::vector<int> q{2 * i, 2 * i + 2, 2 * i + 3, 2 * i + 1};
    for (int k = 0; k < 4; ++k) {
      const Vec2 a = def.vertices[q[k]], b = def.vertices[q[(k + 1) % 4]], d = def.vertices[q[(k + 2) % 4]];
      if (orient(a, b, d) < 0.05) return std::nullopt;  // not strictly convex: draw again
    }
    def.polygons.push_back(q);
  }
  Result<NavMesh> mesh = build_hand_authored(def, "random");
  if (!mesh) return std::nullopt;
  Case out;
  out.mesh = mesh.value();
  for (int i = 0; i < quads; ++i) out.corridor.push_back(i);
  out.start = out.mesh.centroid(0);
  out.goal = out.mesh.centroid(quads - 1);
  if (quads == 1) out.goal = lerp(out.start, out.mesh.vertex(0, 2), 0.5);

  AgentDef& a = out.agent;
  a.max_speed = U(0.5, 6.0);
  a.accel = U(0.5, 4.0);
  a.brake_decel = U(0.5, 4.0);
  a.reaction_dt = U(0.0, 0.3);
  a.lateral_accel = U(0.5, 4.0);
  a.max_accel = U(0.5, 5.0);
  a.turn_radius = U(0.3, 5.0);
  a.min_turn_radius = U(0.02, 0.5);
  a.max_turn_rate = U(0.5, 6.0);
  a.corner_mode = U(0, 1) < 0.85 ? CornerMode::Auto : CornerMode::Stop;
  const std::vector<std::vector<Vec2>> inner{{{0.4, 0.2}}, {}, {{0.3, 0.03}, {0.4, 0.2}}, {{2.0, 0.8}}};
  a.inner_corner = inner[std::uniform_int_distribution<size_t>(0, inner.size() - 1)(rng)];
  return out;
}

// Independent of coverage.cpp: inside one of the corridor's convex CCW polygons, 1e-9 slack.
bool in_corridor(const Case& c, Vec2 p) {
  for (int id : c.corridor) {
    const auto& vs = c.mesh.polys[id].verts;
    bool in = true;
    for (size_t i = 0; i < vs.size() && in; ++i) {
      const Vec2 a = c.mesh.verts[vs[i]], b = c.mesh.verts[vs[(i + 1) % vs.size()]];
      in = cross(b - a, p - a) >= -1e-9 * length(b - a);
    }
    if (in) return true;
  }
  return false;
}

// Every speed limit that applies at s: max_speed, each piece through s (arcs: sqrt(a_lat·R)), and braking
// at brake_decel into the next stop (a stop-turn or the goal), sqrt(2·b·d). (The reaction step is held
// before a braking begins, above the reaction-step limit sqrt((b·dt)² + 2·b·d) − b·dt but never above
// this one; tests/motion/test_profile_closed_form.cpp checks where braking begins.)
double limit_at(const SmoothPath& path, const AgentDef& a, double s) {
  double lim = a.max_speed;
  for (const PathPiece& p : path.pieces) {
    if (s < p.s0 - 1e-9 || s > p.s0 + p.length + 1e-9) continue;
    if (p.kind == PathPiece::Kind::Arc)
      lim = std::min(lim, std::sqrt(std::min(a.lateral_accel, a.max_accel) * p.arc.radius));
  }
  double next_stop = path.length;
  for (const Turn& t : path.turns)
    if (t.kind == TurnKind::Stop && t.s >= s - 1e-9) next_stop = std::min(next_stop, t.s);
  return std::min(lim, stopping_speed_limit(next_stop - s, a.brake_decel, 0.0));
}

// The profile of `sp`: ends at rest at the path's end, every sample under every limit (limit_at), the
// spacing and the acceleration between samples within the agent's bounds, at rest at each stop-turn.
void expect_profile_within_limits(const SmoothPath& sp, const AgentDef& agent) {
  const Profile prof = speed_profile(sp, agent);
  ASSERT_TRUE(prof.ok());
  const std::vector<ProfileSample> smp = prof.samples();
  ASSERT_GE(smp.size(), 2u);
  EXPECT_EQ(smp.back().v, 0.0);
  EXPECT_NEAR(smp.back().s, sp.length, 1e-9);
  for (size_t i = 0; i < smp.size(); ++i) {
    EXPECT_LE(smp[i].v, limit_at(sp, agent, smp[i].s) + 1e-6) << "s " << smp[i].s << " " << to_string(smp[i].limit);
    EXPECT_GE(smp[i].v, 0.0);
    if (i + 1 == smp.size()) break;
    const double ds = smp[i + 1].s - smp[i].s;
    EXPECT_GT(ds, 0.0);
    EXPECT_LE(ds, kProfileMaxSpacing + 1e-12);
    const double a = (smp[i + 1].v * smp[i + 1].v - smp[i].v * smp[i].v) / (2 * ds);
    EXPECT_GE(a, -agent.brake_decel - 1e-6) << "s " << smp[i].s;
    EXPECT_LE(a, agent.accel + 1e-6) << "s " << smp[i].s;
  }
  for (const Turn& t : sp.turns) {
    if (t.kind != TurnKind::Stop) continue;
    const auto it =
        std::find_if(smp.begin(), smp.end(), [&](const ProfileSample& q) { return std::fabs(q.s - t.s) < 1e-9; });
    ASSERT_NE(it, smp.end()) << "no sample at the stop-turn s " << t.s;
    EXPECT_EQ(it->v, 0.0);
  }
  EXPECT_GT(prof.total_time, 0.0);
}

TEST(MotionProperties, InvariantsOverRandomCorridorsAndAgents) {
  std::mt19937 rng(20240611);
  int cases = 0, arcs = 0, stops = 0, arcs_checked = 0, joints = 0;
  for (int attempt = 0; attempt < 5000 && cases < 300; ++attempt) {
    std::optional<Case> c = random_case(rng);
    if (!c) continue;
    const PortalsResult portals = build_portals(c->mesh, c->corridor, c->start, c->goal);
    ASSERT_TRUE(portals.ok()) << portals.failure->message;
    const ClearanceResult cl = clearance_path(c->start, portals.portals, c->agent.inner_corner);
    ASSERT_TRUE(cl.ok()) << cl.failure->message;
    if (cl.path.points.size() < 2) continue;  // start == goal
    ++cases;
    SCOPED_TRACE("case " + std::to_string(cases));
    // The clearance path stays inside the corridor.
    EXPECT_TRUE(check_in_corridor(c->mesh, c->corridor, cl.path.points, 1e-7).inside);

    const CorridorShape shape = corridor_shape(c->mesh, c->corridor);
    const TurnsResult tr = fit_turns(cl.path.points, shape, c->agent);
    ASSERT_TRUE(tr.ok()) << tr.failure->message;
    const SmoothPath& sp = tr.path;
    // The turns cover every interior point once, in order (a joint turn several).
    size_t covered = 0;
    for (const Turn& t : sp.turns) {
      EXPECT_EQ(size_t(t.corner), covered + 1);
      covered += size_t(t.last_corner - t.corner + 1);
    }
    ASSERT_EQ(covered, cl.path.points.size() - 2);

    // Arcs inside the corridor by dense sampling.
    for (const Turn& t : sp.turns) {
      if (t.kind == TurnKind::Stop) {
        ++stops;
        EXPECT_TRUE(c->agent.corner_mode == CornerMode::Stop || t.radius == 0.0);
        continue;
      }
      ++arcs;
      joints += t.last_corner > t.corner;
      EXPECT_GE(t.radius, c->agent.min_turn_radius - 1e-12);
      EXPECT_LE(t.radius, c->agent.turn_radius + 1e-12);
      EXPECT_NEAR(t.trim, t.radius * std::tan(t.theta / 2), 1e-9);
      const int n = std::max(200, int(t.arc.length() / 0.002));
      bool inside = true;
      for (int i = 0; i <= n && inside; ++i) inside = in_corridor(*c, t.arc.point(double(i) / n));
      EXPECT_TRUE(inside) << "arc at corner " << t.corner << " radius " << t.radius;
      ++arcs_checked;
    }
    // What the arcs take of every segment of the clearance path sums to at most its length (a joint
    // turn's trim counts from where its outer segments meet, offset_in before its first corner and
    // offset_out after its last).
    std::vector<double> taken(sp.points.size() - 1, 0.0);
    for (const Turn& t : sp.turns) {
      taken[size_t(t.corner) - 1] += t.trim_in();
      taken[size_t(t.last_corner)] += t.trim_out();
      if (t.kind == TurnKind::Arc) {
        EXPECT_GE(t.trim_in(), -1e-9);
        EXPECT_GE(t.trim_out(), -1e-9);
      }
    }
    for (size_t k = 0; k + 1 < sp.points.size(); ++k)
      EXPECT_LE(taken[k], distance(sp.points[k], sp.points[k + 1]) + 1e-9) << "segment " << k;
    // Pieces join end to end.
    for (size_t i = 0; i + 1 < sp.pieces.size(); ++i) {
      const PathPiece& p = sp.pieces[i];
      EXPECT_NEAR(p.s0 + p.length, sp.pieces[i + 1].s0, 1e-9);
      EXPECT_LT(distance(p.point(p.s0 + p.length), sp.pieces[i + 1].point(sp.pieces[i + 1].s0)), 1e-7);
    }

    expect_profile_within_limits(sp, c->agent);
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GE(cases, 200);
  EXPECT_GT(arcs, 50);  // the generator exercises both kinds of turn
  EXPECT_GT(stops, 20);
  EXPECT_EQ(arcs, arcs_checked);
  std::printf("%d cases, %d arcs (%d over joined corners), %d stop-turns\n", cases, arcs, joints, stops);
}

}  // namespace
}  // namespace navlab
