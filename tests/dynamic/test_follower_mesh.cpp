// The follower stays on the mesh: its moves are made over the mesh surface, it steers along the smoothed
// path without cutting inside corners, a door that closes too late to stop for is a wall, and the
// follower's step count and stall rule hold for extreme settings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <thread>

#include "follow_events.h"
#include "follow_job.h"
#include "follower.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "scene.h"
#include "tilecache.h"

namespace navlab {
namespace {

using test::load;
using test::load_text;
using test::Loaded;

constexpr double kOnMesh = 1e-3;  // m; a step counts as on the mesh within a millimetre of a polygon

using test::close_at;
using test::open_at;

// Independent oracle: even-odd ray casting (no orientation test), then the distance to the outline.
bool ray_inside(const std::vector<Vec2>& ring, Vec2 p) {
  bool in = false;
  for (size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
    const Vec2 a = ring[i], b = ring[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

double outline_distance(const std::vector<Vec2>& ring, Vec2 p) {
  double best = 1e300;
  for (size_t i = 0; i < ring.size(); ++i) {
    const Vec2 a = ring[i], b = ring[(i + 1) % ring.size()];
    const Vec2 ab = b - a;
    const double u = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
    best = std::min(best, length(p - (a + ab * u)));
  }
  return best;
}

// How far `p` is outside every polygon of `mesh` (0 when inside one).
double off_mesh(const NavMesh& mesh, Vec2 p) {
  double best = 1e300;
  for (const NavPoly& poly : mesh.polys) {
    std::vector<Vec2> ring;
    for (int v : poly.verts) ring.push_back(mesh.verts[size_t(v)]);
    if (ray_inside(ring, p)) return 0.0;
    best = std::min(best, outline_distance(ring, p));
  }
  return best;
}

// Steps off the mesh, but for jumps over off-mesh links: the one move allowed off it.
int steps_off_mesh(const NavMesh& mesh, const FollowResult& r, double* deepest = nullptr) {
  int n = 0;
  double worst = 0.0;
  for (const FollowStep& s : r.steps) {
    if (s.state == FollowState::Jumping) continue;
    const double d = off_mesh(mesh, s.pos);
    worst = std::max(worst, d);
    if (d > kOnMesh) ++n;
  }
  if (deepest) *deepest = worst;
  return n;
}

TEST(FollowerMesh, TheBalconyRouteStaysOnTheMesh) {
  // door1 closed from the start: the route rounds the courtyard's corners (2, 5) and (6, 5).
  const Loaded l = load("doors_balcony.json");
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(0.0, "door1")});
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
  double deepest = 0.0;
  EXPECT_EQ(steps_off_mesh(l.mesh, r, &deepest), 0) << "deepest " << deepest << " m";
}

// links_islands.json: the agent walks to the takeoff (8.2, 5), jumps in a straight line to the landing
// (11.8, 5) in 3.6 m / max_speed (whole steps), and walks on to the goal; every other step is on the mesh.
TEST(FollowerMesh, AJumpOverALinkIsTheOneMoveOffTheMesh) {
  const Loaded l = load("links_islands.json");
  FollowDef def;
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {}, def);
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
  double deepest = 0.0;
  EXPECT_EQ(steps_off_mesh(l.mesh, r, &deepest), 0) << "deepest " << deepest << " m";
  const Vec2 takeoff{8.2, 5}, landing{11.8, 5};
  int jumping = 0, first = -1;
  for (size_t i = 0; i < r.steps.size(); ++i) {
    const FollowStep& s = r.steps[i];
    if (s.state != FollowState::Jumping) continue;
    if (first < 0) first = int(i);
    ++jumping;
    EXPECT_EQ(int(i), first + jumping - 1) << "jump steps are consecutive";
    EXPECT_LE(distance_to_segment(s.pos, takeoff, landing), 1e-6) << s.describe();
  }
  const int want = int(std::ceil(3.6 / l.scene.agent.max_speed / def.dt - 1e-9));
  EXPECT_EQ(jumping, want);
  ASSERT_GT(first, 0);
  EXPECT_LE(distance(r.steps[size_t(first - 1)].pos, takeoff), l.scene.agent.arrive_distance)
      << "it jumps from the takeoff";
  EXPECT_LE(length(r.steps[size_t(first - 1)].vel), 1e-6) << "standing";
  EXPECT_NEAR(distance(r.steps[size_t(first + jumping - 1)].pos, landing), 0.0, 1e-6);  // Detour's float end
  // Without the jump rule the agent would walk into the gap's wall: the islands are not connected.
  const Vec2 end = r.steps.back().pos;
  EXPECT_GT(end.x, 11.6);
}

// The smoothed path of `plan` sampled every centimetre.
std::vector<Vec2> samples(const FollowPlan& plan) {
  std::vector<Vec2> out;
  for (const PathPiece& piece : plan.path.pieces) {
    const int n = std::max(1, int(std::ceil(piece.length / 0.01)));
    for (int k = 0; k <= n; ++k) out.push_back(piece.point(piece.s0 + piece.length * k / n));
  }
  return out;
}

TEST(FollowerMesh, SteeringTracksTheSmoothedPathRoundCorners) {
  const Loaded l = load("doors_balcony.json");
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(0.0, "door1")});
  ASSERT_EQ(r.plans.size(), 2u);  // the plan through door1, then the balcony route at t = 0
  const std::vector<Vec2> path = samples(r.plans[1]);
  ASSERT_FALSE(path.empty());
  // The mesh border: the polygon edges with no neighbour.
  std::vector<std::pair<Vec2, Vec2>> border;
  for (const NavPoly& p : l.mesh.polys)
    for (size_t e = 0; e < p.verts.size(); ++e)
      if (p.neighbours[e] < 0)
        border.push_back({l.mesh.verts[size_t(p.verts[e])], l.mesh.verts[size_t(p.verts[(e + 1) % p.verts.size()])]});
  double worst = 0.0;
  for (const FollowStep& s : r.steps) {
    ASSERT_EQ(s.corridor_version, 2);
    double d = 1e300;
    Vec2 nearest;
    for (Vec2 q : path)
      if (distance(q, s.pos) < d) d = distance(q, s.pos), nearest = q;
    worst = std::max(worst, d);
    // A wall deflects the agent only where the path itself runs along it (between the balcony's two
    // corners the path lies on the courtyard's wall line y = 5).
    double to_border = 1e300;
    for (const auto& [a, b] : border) to_border = std::min(to_border, distance_to_segment(nearest, a, b));
    if (s.collided) {
      EXPECT_LT(to_border, 1e-3) << s.describe();
    }
  }
  // Measured 0.078 m: the lag of an agent whose velocity turns by at most max_accel·dt per step round
  // the 0.21 m arcs.
  EXPECT_LT(worst, 0.1);
}

// A random hand-authored scene: a grid of 2 m cells with some cells left out, two doors on shared edges
// between kept cells, a query between two kept cells.
std::string random_scene(std::mt19937& rng, std::vector<std::string>& doors) {
  const int nx = 5, ny = 4;
  const double cell = 2.0;
  std::vector<char> kept(size_t(nx * ny));
  std::bernoulli_distribution keep(0.75);
  for (char& k : kept) k = keep(rng) ? 1 : 0;
  auto vid = [&](int i, int j) { return j * (nx + 1) + i; };
  std::ostringstream s;
  s << R"({"navlab": 1, "name": "random", "navmesh": {"vertices": [)";
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i) s << (i || j ? ", " : "") << "[" << i * cell << ", " << j * cell << "]";
  s << R"(], "polygons": [)";
  std::vector<int> cells;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      if (kept[size_t(j * nx + i)]) {
        s << (cells.empty() ? "" : ", ") << "[" << vid(i, j) << ", " << vid(i + 1, j) << ", " << vid(i + 1, j + 1)
          << ", " << vid(i, j + 1) << "]";
        cells.push_back(j * nx + i);
      }
  s << "]}, \"doors\": [";
  // Shared vertical edges between kept cells: candidates for doors.
  std::vector<int> shared;
  for (int c : cells)
    if (c % nx + 1 < nx && kept[size_t(c + 1)]) shared.push_back(c);
  std::shuffle(shared.begin(), shared.end(), rng);
  for (size_t d = 0; d < std::min<size_t>(2, shared.size()); ++d) {
    const int i = shared[d] % nx + 1, j = shared[d] / nx;
    doors.push_back("door" + std::to_string(d));
    s << (d ? ", " : "") << R"({"id": ")" << doors.back() << R"(", "segment": [[)" << i * cell << ", " << j * cell
      << "], [" << i * cell << ", " << (j + 1) * cell << "]], \"open\": true}";
  }
  std::uniform_int_distribution<size_t> pick(0, cells.size() - 1);
  std::uniform_real_distribution<double> in_cell(0.5, 1.5);
  auto point = [&] {
    const int c = cells[pick(rng)];
    std::ostringstream p;
    p << "[" << (c % nx) * cell + in_cell(rng) << ", " << (c / nx) * cell + in_cell(rng) << "]";
    return p.str();
  };
  s << R"(], "agent": {"radius": 0.3}, "queries": [{"name": "q", "start": )" << point() << ", \"goal\": " << point()
    << "}]}";
  return s.str();
}

TEST(FollowerMesh, EveryStepOfRandomScenesAndDoorEventsIsOnTheMesh) {
  int runs = 0, moved = 0;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> doors;
    const std::string text = random_scene(rng, doors);
    if (doors.empty()) continue;
    const Loaded l = load_text(text, "random_" + std::to_string(seed) + ".json");
    if (l.mesh.polys.empty()) continue;
    std::uniform_real_distribution<double> when(0.0, 5.0);
    std::vector<FollowEvent> events;
    for (const std::string& d : doors) {
      const double t = when(rng);
      events.push_back(close_at(t, d));
      if (std::bernoulli_distribution(0.5)(rng)) events.push_back(open_at(t + when(rng), d));
    }
    FollowDef def;
    def.max_time = 60.0;
    const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], events, def);
    ++runs;
    if (r.steps.size() > 1 && distance(r.steps.front().pos, r.steps.back().pos) > 1.0) ++moved;
    double deepest = 0.0;
    EXPECT_EQ(steps_off_mesh(l.mesh, r, &deepest), 0) << "seed " << seed << ": deepest " << deepest << " m\n" << text;
    for (const Replan& p : r.replans)
      EXPECT_FALSE(p.status == Status::Failed && p.detail.find("start_off_mesh") != std::string::npos) << seed;
  }
  EXPECT_GE(runs, 30);
  EXPECT_GE(moved, 15);  // the property is not met by agents that never move
}

// guard_narrow_door_only.json: the corridor's door is the segment x = 8, y in [2.5, 3.5]; there is no
// other route. Closed when the agent is this close to it, the door is too late to stop for.
TEST(FollowerMesh, ADoorClosedTooLateIsAWallTheAgentStopsAgainst) {
  const Loaded l = load("guard_narrow_door_only.json");
  const double door_x = 8.0;
  const FollowResult free_run = follow(l.scene, l.mesh, l.scene.queries[0], {});
  ASSERT_EQ(free_run.outcome, FollowOutcome::Arrived);
  // The first step whose braking distance (v²/2b) reaches past the door.
  double t_close = -1.0;
  for (const FollowStep& s : free_run.steps) {
    const double v = length(s.vel);
    if (s.pos.x < door_x && s.pos.x + v * v / (2.0 * l.scene.agent.brake_decel) > door_x + 0.1) {
      t_close = s.t;
      break;
    }
  }
  ASSERT_GT(t_close, 0.0);
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(t_close, "door1")});
  EXPECT_EQ(r.outcome, FollowOutcome::Failed);
  bool cannot_stop = false, collided = false;
  double max_x = 0.0;
  for (const FollowStep& s : r.steps) {
    cannot_stop = cannot_stop || s.cannot_stop;
    collided = collided || s.collided;
    max_x = std::max(max_x, s.pos.x);
  }
  EXPECT_TRUE(cannot_stop);
  EXPECT_TRUE(collided);
  EXPECT_LE(max_x, door_x);         // never beyond the door
  EXPECT_GT(max_x, door_x - 0.01);  // it ran into it
  ASSERT_GE(r.replans.size(), 1u);
  EXPECT_TRUE(r.replans[0].cannot_stop);
  EXPECT_NE(r.replans[0].describe().find("could not stop"), std::string::npos);
  EXPECT_EQ(r.steps.back().vel, (Vec2{0, 0}));
}

TEST(FollowerMesh, AHugeMaxTimeStillSimulates) {
  // 1.08e8 s / 0.05 s = 2.16e9 steps: more than an int holds.
  const Loaded l = load("guard_narrow_door.json");
  FollowDef def;
  def.max_time = 1.08e8;
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {}, def);
  EXPECT_FALSE(r.steps.empty());
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
}

TEST(FollowerMesh, ASlowAgentIsNotBlocked) {
  // A 3 m corridor walked at 0.1 m/s: 0.2 m per 2 s window is exactly its top speed, less while it
  // speeds up, so the fixed rule would report it blocked.
  const Loaded l = load_text(R"({"navlab": 1, "name": "slow",
    "navmesh": {"vertices": [[0, 0], [4, 0], [4, 2], [0, 2]], "polygons": [[0, 1, 2, 3]]},
    "agent": {"radius": 0.3, "max_speed": 0.1},
    "queries": [{"name": "q", "start": [0.5, 1], "goal": [3.5, 1]}]})");
  EXPECT_DOUBLE_EQ(stall_progress(l.scene.agent), 0.25 * 0.1 * 2.0);
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {});
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
  // A default agent keeps the seed's 0.2 m.
  EXPECT_DOUBLE_EQ(stall_progress(AgentDef{}), 0.2);
}

// A FollowJob runs follow() on a thread of its own, on copies of what it was given (the originals are
// gone before it is taken), with a tile cache of its own when asked: its results are those of follow()
// on the same inputs.
TEST(FollowJob, RunsTheFollowerOnItsOwnThreadOnCopiesOfItsInputs) {
  const std::vector<FollowEvent> events{close_at(2.0, "door_east")};
  for (const bool own_tiles : {false, true}) {
    const Loaded l = load("default.json");
    FollowDef def;
    std::unique_ptr<TileCache> tiles;
    if (own_tiles) {
      tiles = std::move(TileCache::build(l.scene, tile_cache_def(l.scene)).value());
      def.tile_cache = tiles.get();
    }
    const FollowResult want = follow(l.scene, l.mesh, l.scene.queries[0], events, def);
    FollowJobOutput got;
    {
      auto copy = std::make_unique<Loaded>(load("default.json"));
      FollowJob job(copy->scene, std::make_shared<const NavMesh>(copy->mesh), copy->scene.queries[0], events,
                    FollowDef{}, own_tiles);
      copy.reset();
      got = job.take();
      EXPECT_TRUE(job.finished());
    }
    EXPECT_NE(got.thread, std::this_thread::get_id());
    EXPECT_EQ(got.tile_cache, own_tiles);
    EXPECT_GT(got.ms, 0.0);
    ASSERT_EQ(got.result.steps.size(), want.steps.size()) << "own tiles " << own_tiles;
    EXPECT_EQ(got.result.outcome, want.outcome);
    ASSERT_EQ(got.result.replans.size(), want.replans.size());
    ASSERT_GE(want.replans.size(), 1u);  // the close re-plans
    for (size_t i = 0; i < want.steps.size(); i += 25) EXPECT_EQ(got.result.steps[i].pos, want.steps[i].pos) << i;
    EXPECT_EQ(got.result.steps.back().pos, want.steps.back().pos);
  }
}

// A run told to stop (FollowDef::progress) stops before its next step: set before follow() it takes none
// after the first plan. A progress never cancelled changes nothing.
TEST(FollowerMesh, ACancelledRunStopsBeforeItsNextStep) {
  const Loaded l = load("default.json");
  const FollowResult free_run = follow(l.scene, l.mesh, l.scene.queries[0], {});
  ASSERT_EQ(free_run.outcome, FollowOutcome::Arrived);
  BakeProgress quiet;
  FollowDef def;
  def.progress = &quiet;
  const FollowResult watched = follow(l.scene, l.mesh, l.scene.queries[0], {}, def);
  EXPECT_EQ(watched.outcome, FollowOutcome::Arrived);
  ASSERT_EQ(watched.steps.size(), free_run.steps.size());
  EXPECT_EQ(watched.steps.back().pos, free_run.steps.back().pos);
  BakeProgress stop;
  stop.cancel.store(true);
  def.progress = &stop;
  const FollowResult stopped = follow(l.scene, l.mesh, l.scene.queries[0], {}, def);
  EXPECT_EQ(stopped.outcome, FollowOutcome::Failed);
  ASSERT_TRUE(stopped.failure);
  EXPECT_EQ(stopped.failure->reason, Reason::Cancelled);
  EXPECT_EQ(stopped.failure->message, "the run was stopped after 0 steps");
  EXPECT_TRUE(stopped.steps.empty());
  EXPECT_EQ(stopped.plans.size(), 1u);
}

// A job cancelled while its run bakes the mesh again (a baked door moved at 0.5 s) stops that bake before
// its next phase and the run before its next step: the steps up to the move's, reason "cancelled". Its
// progress shows the bake while it runs.
TEST(FollowJob, ACancelStopsTheBakeAgainAndTheRun) {
  const Loaded l = load("default.json");
  const FollowEvent move{0.5, FollowEvent::Kind::Move, "door_west", {{20.0, 10.2}, {20.0, 13.4}}, false, {}};
  const std::vector<FollowEvent> events{close_at(0.0, "door_west"), move};
  const FollowResult full = follow(l.scene, l.mesh, l.scene.queries[0], events);
  ASSERT_EQ(full.outcome, FollowOutcome::Arrived);
  ASSERT_GT(full.steps.size(), 100u);
  const auto mesh = std::make_shared<const NavMesh>(l.mesh);
  // The cancel is sent once the bake has begun; should this thread be held up until the bake is over (a
  // busy machine), the attempt is made again.
  constexpr int kAttempts = 20;
  for (int attempt = 1;; ++attempt) {
    FollowJob job(l.scene, mesh, l.scene.queries[0], events, FollowDef{}, false);
    while (job.progress().phase.load() < 0 && !job.finished()) std::this_thread::yield();
    job.cancel();
    const FollowJobOutput out = job.take();
    const std::string why = out.result.failure ? out.result.failure->message : "";
    if (why.find("bake cancelled before ") == std::string::npos && attempt < kAttempts) continue;
    ASSERT_TRUE(out.result.failure) << "attempt " << attempt;
    EXPECT_EQ(out.result.failure->reason, Reason::Cancelled) << why;
    EXPECT_EQ(why.rfind("the run was stopped after 11 steps, and its bake again for door door_west: ", 0), 0u) << why;
    EXPECT_NE(why.find("bake cancelled before "), std::string::npos) << why;
    // Steps at t = 0, 0.05, ..., 0.5: the move's step is the last.
    EXPECT_EQ(out.result.steps.size(), 11u);
    EXPECT_TRUE(out.result.replans.empty());
    EXPECT_EQ(job.progress().phase.load(), -1);  // no bake under way any more
    break;
  }
}

// A run with a tile cache of its own, cancelled while that tile cache bakes: the bake stops before its
// next tile, the run does not start, and the output says cancelled.
TEST(FollowJob, ACancelStopsTheBakeOfItsOwnTileCache) {
  Loaded l = load("default.json");
  const auto mesh = std::make_shared<const NavMesh>(l.mesh);
  Scene fine = l.scene;
  fine.bake.cell_size = 0.1;     // about a hundred tiles: a bake long enough to be cancelled in
  constexpr int kAttempts = 20;  // should this thread be held up until the bake is over, again
  for (int attempt = 1;; ++attempt) {
    FollowJob job(fine, mesh, l.scene.queries[0], {}, FollowDef{}, true);
    while (job.progress().tiles_total.load() == 0 && !job.finished()) std::this_thread::yield();
    job.cancel();
    const FollowJobOutput out = job.take();
    const int done = job.progress().tiles_done.load(), total = job.progress().tiles_total.load();
    if (done == total && attempt < kAttempts) continue;
    EXPECT_GT(total, 50) << "attempt " << attempt;
    EXPECT_LT(done, total) << "the tile cache's bake went on after the cancel";
    EXPECT_FALSE(out.tile_cache);
    ASSERT_TRUE(out.result.failure);
    EXPECT_EQ(out.result.failure->reason, Reason::Cancelled) << out.result.failure->message;
    EXPECT_LE(out.result.steps.size(), 1u);
    break;
  }
}

// default.json baked in tiles: query 0 leaves through door_east (y = 9.8, x 32.5..35). Closed while the
// agent is still 10 m away at 4 m/s, the agent brakes for the door, not at once (which would stand it
// v²/2b + v·reaction_dt = 4.4 m further on, about 5.6 m from the door): it stops near the carved door,
// then re-plans.
TEST(FollowerMesh, OnATiledMeshTheAgentBrakesForTheDoorNotAtOnce) {
  const Loaded l = load("default.json");
  auto tiles = TileCache::build(l.scene);
  ASSERT_TRUE(tiles) << tiles.error();
  FollowDef def;
  def.tile_cache = tiles.value().get();
  const Vec2 a{32.5, 9.8}, b{35, 9.8};
  const FollowResult free_run = follow(l.scene, tiles.value()->navmesh().mesh, l.scene.queries[0], {}, def);
  ASSERT_EQ(free_run.outcome, FollowOutcome::Arrived);
  // The free run passes the door; when is it 10 m from it?
  double t_close = -1.0, nearest = 1e300;
  for (const FollowStep& s : free_run.steps) {
    nearest = std::min(nearest, distance_to_segment(s.pos, a, b));
    if (t_close < 0.0 && distance_to_segment(s.pos, a, b) < 10.0) t_close = s.t;
  }
  ASSERT_LT(nearest, 0.5);
  ASSERT_GT(t_close, 0.0);
  auto fresh = TileCache::build(l.scene);
  ASSERT_TRUE(fresh);
  def.tile_cache = fresh.value().get();
  const FollowResult r =
      follow(l.scene, fresh.value()->navmesh().mesh, l.scene.queries[0], {close_at(t_close, "door_east")}, def);
  ASSERT_GE(r.replans.size(), 1u);
  Vec2 at_replan{};
  for (const FollowStep& s : r.steps)
    if (s.t <= r.replans[0].t + 1e-9) at_replan = s.pos;
  // Measured 2.29 m: the carved box (inflated by the bake's agent radius) and the body radius 0.6 m.
  EXPECT_LT(distance_to_segment(at_replan, a, b), 3.0) << "stood at (" << at_replan.x << ", " << at_replan.y << ")";
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
}

// Whether consecutive steps after time `t` cross segment a-b.
bool crosses_after(const FollowResult& r, double t, Vec2 a, Vec2 b) {
  for (size_t i = 1; i < r.steps.size(); ++i) {
    if (r.steps[i].t <= t) continue;
    const Vec2 p = r.steps[i - 1].pos, q = r.steps[i].pos;
    const double d1 = cross(b - a, p - a), d2 = cross(b - a, q - a), d3 = cross(q - p, a - p), d4 = cross(q - p, b - p);
    if (((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0))) return true;
  }
  return false;
}

// A closed door dragged across the corridor the agent follows: the bake runs again (the whole mesh, or
// with the tile cache only the tiles under the door's old and new footprints), the agent never passes
// the door where it now stands, re-plans through the doorway the door left and stays on the mesh baked
// with the door there.
void expect_moved_door_blocks(bool tiled) {
  Scene scene = load("default.json").scene;
  const Vec2 a{20.0, 10.2}, b{20.0, 13.4};
  FollowEvent move{0.5, FollowEvent::Kind::Move, "door_west", {a, b}, false, {}};
  std::unique_ptr<TileCache> tiles;
  FollowDef def;
  auto baked = build_navmesh(scene);
  ASSERT_TRUE(baked) << baked.error();
  if (tiled) {
    auto built = TileCache::build(scene);
    ASSERT_TRUE(built) << built.error();
    tiles = std::move(built.value());
    def.tile_cache = tiles.get();
  }
  const NavMesh& mesh = tiled ? tiles->navmesh().mesh : baked.value();
  const FollowResult r = follow(scene, mesh, scene.queries[0], {close_at(0.0, "door_west"), move}, def);
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
  ASSERT_GE(r.replans.size(), 1u);
  EXPECT_EQ(r.replans[0].cause, tiled ? "tiles_rebuilt" : "mesh_rebaked");
  EXPECT_FALSE(crosses_after(r, 0.5, a, b));
  // On the mesh baked from scratch with the door where it was dragged.
  scene.doors[0].shape[0].plane = a;
  scene.doors[0].shape[1].plane = b;
  ASSERT_EQ(scene.doors[0].id, "door_west");
  auto moved = build_navmesh(scene);
  ASSERT_TRUE(moved) << moved.error();
  auto moved_tiles = TileCache::build(scene);
  ASSERT_TRUE(moved_tiles) << moved_tiles.error();
  double deepest = 0.0;
  EXPECT_EQ(steps_off_mesh(tiled ? moved_tiles.value()->navmesh().mesh : moved.value(), r, &deepest), 0)
      << "deepest " << deepest << " m";
}

TEST(FollowerMesh, AClosedDoorMovedOntoTheCorridorBakesAgainAndBlocksThere) { expect_moved_door_blocks(false); }

TEST(FollowerMesh, AClosedDoorMovedOnATiledMeshRebuildsItsTilesAndBlocksThere) { expect_moved_door_blocks(true); }

TEST(MoveAlongSurface, SlidesAlongTheBorderAndStopsAtAClosedDoor) {
  // Two unit squares side by side, sharing the edge x = 1.
  const NavMesh m = test::mesh_of({{0, 0}, {1, 0}, {2, 0}, {2, 1}, {1, 1}, {0, 1}}, {{0, 1, 4, 5}, {1, 2, 3, 4}});
  ASSERT_EQ(m.polys.size(), 2u);
  // Free move across the shared edge.
  SurfaceMove mv = move_along_surface(m, {}, 0, {0.5, 0.5}, {1.5, 0.5});
  EXPECT_FALSE(mv.hit_wall);
  EXPECT_EQ(mv.poly, 1);
  EXPECT_EQ(mv.pos, (Vec2{1.5, 0.5}));
  // Into the border y = 1: slides to the nearest border point, just inside.
  mv = move_along_surface(m, {}, 0, {0.5, 0.8}, {0.8, 1.4});
  EXPECT_TRUE(mv.hit_wall);
  EXPECT_NEAR(mv.pos.x, 0.8, 1e-3);
  EXPECT_NEAR(mv.pos.y, 1.0, 1e-3);
  EXPECT_LT(mv.pos.y, 1.0);
  // The shared edge blocked (a closed door): the move ends just before it, in polygon 0.
  SearchFilter door;
  door.poly_link_block.bar(0, 1, 4, 0);
  door.poly_link_block.bar(1, 3, 4, 0);
  mv = move_along_surface(m, door, 0, {0.5, 0.5}, {1.5, 0.5});
  EXPECT_TRUE(mv.hit_wall);
  EXPECT_EQ(mv.poly, 0);
  EXPECT_NEAR(mv.pos.x, 1.0, 1e-3);
  EXPECT_LT(mv.pos.x, 1.0);
}

// Round a convex corner of the walls, from a start just outside the line of the wall the move meets
// (the agent cut the corner within the wall inset): the wall point nearest the target lies farther from
// the start than the target does. The move must not be longer than asked (a faster agent than asked).
TEST(MoveAlongSurface, ASlideRoundAConvexWallCornerIsNeverLongerThanTheMove) {
  // An L: the column x in [3, 4] (y in [0, 2]) and the square x in [4, 5] (y in [0, 1]); the corner
  // (4, 1) of the walls is convex seen from outside the L.
  const NavMesh m =
      test::mesh_of({{3, 0}, {4, 0}, {4, 1}, {4, 2}, {3, 2}, {5, 0}, {5, 1}}, {{0, 1, 2, 3, 4}, {1, 5, 6, 2}});
  ASSERT_EQ(m.polys.size(), 2u);
  // Measured in a soak: 3.9 mm asked, Detour's nearest wall point 4.3 mm away.
  const Vec2 from{3.999967, 1.002358}, to{4.003533, 1.000849};
  const SurfaceMove mv = move_along_surface(m, {}, 0, from, to);
  EXPECT_TRUE(mv.hit_wall);
  EXPECT_LE(distance(mv.pos, from), distance(to, from) + 1e-12);
  EXPECT_TRUE(test::inside_polygon({{3, 0}, {4, 0}, {4, 1}, {4, 2}, {3, 2}}, mv.pos) ||
              test::inside_polygon({{4, 0}, {5, 0}, {5, 1}, {4, 1}}, mv.pos));
  // Many short moves past the corner from points along its two walls' lines: never longer than asked.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-0.01, 0.01), ang(0.0, 2.0 * std::numbers::pi);
  for (int i = 0; i < 2000; ++i) {
    const Vec2 a{4.0 - std::abs(u(rng)) * 0.5, 1.0 + std::abs(u(rng))};
    const double len = std::abs(u(rng)), th = ang(rng);
    const Vec2 b = a + Vec2{std::cos(th), std::sin(th)} * len;
    const SurfaceMove k = move_along_surface(m, {}, 0, a, b);
    ASSERT_LE(distance(k.pos, a), distance(b, a) + 1e-12) << i;
  }
}

}  // namespace
}  // namespace navlab
