// Property: the follower is never faster than the agent may go. On seeded random scenes (jittered
// triangulated grids with holes, doors on shared edges, random agents, both smoothings, time steps from
// 0.01 to 0.2 s, doors closed, opened and moved, goals moved, blockers crossing), every step:
//   - is no faster than agent.max_speed;
//   - following or braking, is no faster than the limit of the profile of the plan it follows where the
//     step ended (FollowPlan::profile, limit_speed_at at FollowStep::s; at a point where the agent
//     departs from rest the limit just past it), plus kSpeedSlack; arriving, no faster than
//     agent.arrive_speed (arrival is judged within that tolerance);
//   - moves no farther than its velocity takes it (no jump in position), except a jump over an off-mesh
//     link;
//   - ends on the mesh (an independent point-in-polygon test over every polygon).
// CI runs about 20,000 steps; the long run is
//   NAVLAB_LIMITS_STEPS=4000000 ./build/tests/tests_dynamic --gtest_filter='FollowerLimits.*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <string>

#include "follow_events.h"
#include "follower.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "random_pairs.h"

namespace navlab {
namespace {

// m/s. Measured: no step of a 3.8-million-step run over these scenes and every scenes/*.json came within
// 1e-3 m/s of exceeding its limit (arrival aside), so anything above is a broken rule, not rounding.
constexpr double kSpeedSlack = 1e-3;
constexpr double kPointSlack = 1e-9;  // m; a step's move against |vel|·dt (rounding of the sum)

long wanted_steps() {
  const char* env = std::getenv("NAVLAB_LIMITS_STEPS");
  return env ? std::max(1L, std::atol(env)) : 20000L;
}

struct RandomScene {
  Scene scene;
  NavMesh mesh;
};

// A w x h grid of `cell`-metre cells, corners jittered by up to 30 % of a cell, each cell split into two
// triangles and about 15 % of the triangles left out; up to three doors, each a short segment across
// one shared edge.
RandomScene random_scene(std::mt19937_64& rng, int w, int h, double cell) {
  std::uniform_real_distribution<double> jitter(-0.3 * cell, 0.3 * cell), u(0.0, 1.0);
  RandomScene out;
  Scene::Navmesh& n = out.scene.source.emplace<Scene::Navmesh>();
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) n.vertices.push_back({x * cell + jitter(rng), y * cell + jitter(rng)});
  auto v = [&](int x, int y) { return y * (w + 1) + x; };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (u(rng) > 0.15) n.polygons.push_back({v(x, y), v(x + 1, y), v(x + 1, y + 1)});
      if (u(rng) > 0.15) n.polygons.push_back({v(x, y), v(x + 1, y + 1), v(x, y + 1)});
    }
  // A jitter of up to 30 % on both ends of a diagonal can turn a triangle clockwise: such a grid is not a
  // valid mesh and is skipped (the caller draws another).
  Result<NavMesh> m = build_hand_authored(n, "random");
  if (!m.ok()) return out;
  out.mesh = std::move(m.value());
  for (int d = 0; d < 3; ++d) {
    const int p = int(u(rng) * double(out.mesh.polys.size())) % int(out.mesh.polys.size());
    const NavPoly& poly = out.mesh.polys[size_t(p)];
    for (size_t e = 0; e < poly.verts.size(); ++e) {
      if (poly.neighbours[e] < 0) continue;
      const Vec2 a = out.mesh.verts[size_t(poly.verts[e])],
                 b = out.mesh.verts[size_t(poly.verts[(e + 1) % poly.verts.size()])];
      const Vec2 mid = (a + b) * 0.5, across = perp_left(b - a) * (0.1 / length(b - a));
      Door door;
      door.id = "door" + std::to_string(d);
      door.shape.resize(2);
      door.shape[0].plane = mid - across;
      door.shape[1].plane = mid + across;
      out.scene.doors.push_back(door);
      break;
    }
  }
  return out;
}

void randomize_agent(AgentDef& a, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  a.radius = 0.2 + 0.3 * u(rng);
  a.max_speed = 0.5 + 5.5 * u(rng);
  a.accel = 0.5 + 4.5 * u(rng);
  a.brake_decel = 0.5 + 4.5 * u(rng);
  a.reaction_dt = 0.4 * u(rng);
  a.lateral_accel = 0.5 + 3.5 * u(rng);
  a.max_accel = 0.5 + 5.5 * u(rng);
}

// Door events every 1–4 s: close, open, move by up to a cell, or a new goal.
std::vector<FollowEvent> random_events(const Scene& scene, const NavMesh& mesh, std::mt19937_64& rng, double until) {
  std::uniform_real_distribution<double> gap(1.0, 4.0), shift(-1.5, 1.5);
  std::uniform_int_distribution<int> kind(0, 3);
  const auto goals = random_pairs(mesh, 8, rng());
  std::vector<FollowEvent> out;
  for (double t = gap(rng); t < until; t += gap(rng)) {
    const int k = kind(rng);
    if (k == 3 || scene.doors.empty()) {
      if (!goals.empty()) out.push_back({t, FollowEvent::Kind::Goal, "", {}, false, goals[rng() % goals.size()].goal});
      continue;
    }
    const Door& d = scene.doors[rng() % scene.doors.size()];
    if (k < 2) {
      out.push_back(k == 0 ? test::close_at(t, d.id) : test::open_at(t, d.id));
      continue;
    }
    const Vec2 off{shift(rng), shift(rng)};
    out.push_back(test::move_by(t, d, off));
  }
  return out;
}

// Whether `p` lies in some polygon of `mesh` (an independent crossing-number test).
bool on_mesh_oracle(const NavMesh& mesh, Vec2 p) {
  for (const NavPoly& poly : mesh.polys) {
    std::vector<Vec2> ring;
    for (int v : poly.verts) ring.push_back(mesh.verts[size_t(v)]);
    if (test::inside_polygon(ring, p)) return true;
  }
  return false;
}

struct Tally {
  long steps = 0, checked = 0, runs = 0;
  std::map<std::string, long> by_state;  // steps per FollowState name
  double worst_over = -1e300;            // m/s, the largest speed - limit of a following or braking step
};

// Checks every step of `r` (see the header); `fixed_mesh`: the mesh never changes under the agent.
void check_run(const FollowResult& r, const Scene& scene, const NavMesh& mesh, double dt, bool fixed_mesh,
               const std::string& what, Tally& tally) {
  std::map<int, const FollowPlan*> plans;
  for (const FollowPlan& p : r.plans) plans[p.version] = &p;
  const AgentDef& ag = scene.agent;
  Vec2 prev = r.steps.empty() ? Vec2{} : r.steps.front().pos - r.steps.front().vel * dt;
  for (size_t i = 0; i < r.steps.size(); ++i) {
    const FollowStep& s = r.steps[i];
    const double v = length(s.vel);
    const std::string where = what + " step " + std::to_string(i) + ": " + s.describe();
    ASSERT_LE(v, ag.max_speed + 1e-6) << where;
    if (s.state != FollowState::Jumping) {
      if (i > 0) {
        ASSERT_LE(distance(s.pos, prev), v * dt + kPointSlack) << where;
      }
      if (fixed_mesh) {
        ASSERT_TRUE(on_mesh_oracle(mesh, s.pos)) << where;
      }
    }
    prev = s.pos;
    ++tally.by_state[to_string(s.state)];
    if (s.state == FollowState::Arrived || s.state == FollowState::Partial) {
      ASSERT_LE(v, ag.arrive_speed + 1e-9) << where;
    } else if (s.state == FollowState::Following || s.state == FollowState::Braking) {
      const auto it = plans.find(s.corridor_version);
      ASSERT_NE(it, plans.end()) << where;
      const Profile& pr = it->second->profile;
      if (!pr.ran || pr.length <= 0.0) continue;
      // At a point where the agent departs from rest (the path's start, a stop-turn) the limit is 0 at
      // the point itself and the agent's limit is the one just past it.
      const double limit = std::max(pr.limit_speed_at(s.s), pr.limit_speed_at(s.s + 1e-6));
      tally.worst_over = std::max(tally.worst_over, v - limit);
      ++tally.checked;
      ASSERT_LE(v, limit + kSpeedSlack) << where << " (profile limit " << limit << " m/s at s " << s.s << ")";
    }
  }
  tally.steps += long(r.steps.size());
  ++tally.runs;
}

TEST(FollowerLimits, NoStepOfRandomScenesIsFasterThanTheAgentOrItsPlanAllows) {
  std::mt19937_64 rng(20261204);
  const long wanted = wanted_steps();
  Tally tally;
  while (tally.steps < wanted) {
    // Drawn one statement at a time: the order in which a call's arguments are evaluated is up to the
    // compiler (g++ and clang differ), and the scenes must be the same in every build.
    std::uniform_int_distribution<int> size(3, 7);
    const int w = size(rng), h = size(rng);
    const double cell = std::uniform_real_distribution<double>(1.5, 4.0)(rng);
    RandomScene rs = random_scene(rng, w, h, cell);
    if (rs.mesh.polys.empty()) continue;
    randomize_agent(rs.scene.agent, rng);
    const auto pairs = random_pairs(rs.mesh, 2, rng());
    if (pairs.empty()) continue;
    std::uniform_real_distribution<double> vel(-1.0, 1.0);
    Blocker walker;
    walker.id = "walker";
    walker.center = pairs.back().goal;
    walker.radius = 0.3;
    walker.velocity = {vel(rng), vel(rng)};
    rs.scene.blockers.push_back(walker);
    FollowDef def;
    def.dt = std::uniform_real_distribution<double>(0.01, 0.2)(rng);
    def.max_time = 30.0;
    def.smoothing = rng() % 2 ? Smoothing::Channel : Smoothing::Arcs;
    const Query q{"random", pairs.front().start, pairs.front().goal};
    const FollowResult r = follow(rs.scene, rs.mesh, q, random_events(rs.scene, rs.mesh, rng, def.max_time), def);
    check_run(
        r, rs.scene, rs.mesh, def.dt, true,
        "run " + std::to_string(tally.runs) + " (" + to_string(def.smoothing) + ", dt " + std::to_string(def.dt) + ")",
        tally);
    if (HasFatalFailure()) return;
  }
  RecordProperty("steps", std::to_string(tally.steps));
  RecordProperty("checked", std::to_string(tally.checked));
  RecordProperty("worst_over_limit", std::to_string(tally.worst_over));
  std::string states;
  for (const auto& [name, n] : tally.by_state) states += name + " " + std::to_string(n) + "; ";
  RecordProperty("steps_by_state", states);
  // The limit check must not be vacuous. Measured: 45 % of the steps follow or brake; most others are
  // blocked by the walker or failed (a door closed the way).
  EXPECT_GT(tally.checked, tally.steps / 3) << "a third of the steps or more follow a plan: the check ran; " << states;
}

// The same on every scene of scenes/ with a navmesh, from random points to random points (baked scenes:
// no door moves, so the mesh stays the one checked).
TEST(FollowerLimits, NoStepOfTheScenesIsFasterThanTheAgentOrItsPlanAllows) {
  std::mt19937_64 rng(7);
  Tally tally;
  for (const std::string& path : test::navmesh_scene_files()) {
    const test::Loaded l = test::load(path.substr(path.rfind('/') + 1));
    const auto pairs = random_pairs(l.mesh, 3, rng());
    for (const RandomPair& p : pairs) {
      Scene scene = l.scene;
      randomize_agent(scene.agent, rng);
      FollowDef def;
      def.dt = std::uniform_real_distribution<double>(0.01, 0.2)(rng);
      def.max_time = 30.0;
      const bool graph = l.mesh.kind == NavMesh::Kind::Graph;
      def.smoothing = !graph && rng() % 2 ? Smoothing::Channel : Smoothing::Arcs;
      std::vector<FollowEvent> events = random_events(scene, l.mesh, rng, def.max_time);
      const bool baked = !l.mesh.door_ids.empty();
      if (baked) std::erase_if(events, [](const FollowEvent& e) { return e.kind == FollowEvent::Kind::Move; });
      const FollowResult r = follow(scene, l.mesh, {"random", p.start, p.goal}, events, def);
      // Hand-authored meshes never change (doors gate their edges); baked ones are not moved here.
      check_run(r, scene, l.mesh, def.dt, !graph, path, tally);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(tally.runs, 40);
}

}  // namespace
}  // namespace navlab
