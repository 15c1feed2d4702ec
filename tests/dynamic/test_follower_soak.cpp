// Soak: the follower on scenes/default.json for many steps, run after run between seeded random points,
// with seeded random door closes, opens and moves and blockers crossing the floor. Every step is
// finite, the velocity never jumps by more than max_accel·dt (except where a wall stopped the agent),
// and every invalidated plan is followed by a re-plan. CI runs 20,000 steps; the long run is
//   NAVLAB_SOAK_STEPS=1000000 ./build/tests/tests_dynamic --gtest_filter='FollowerSoak.*'
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

#include "follow_events.h"
#include "follower.h"
#include "meshes.h"
#include "random_pairs.h"

namespace navlab {
namespace {

long soak_steps() {
  const char* env = std::getenv("NAVLAB_SOAK_STEPS");
  return env ? std::max(1L, std::atol(env)) : 20000L;
}

// Door events every 1–4 s of a 60 s run: close, open, or move by up to 1.5 m from where the scene has it.
std::vector<FollowEvent> random_events(const Scene& scene, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> gap(1.0, 4.0), shift(-1.5, 1.5);
  std::uniform_int_distribution<int> which(0, int(scene.doors.size()) - 1), kind(0, 2);
  std::vector<FollowEvent> out;
  for (double t = gap(rng); t < 60.0; t += gap(rng)) {
    const Door& d = scene.doors[size_t(which(rng))];
    const int k = kind(rng);
    if (k < 2) {
      out.push_back(k == 0 ? test::close_at(t, d.id) : test::open_at(t, d.id));
      continue;
    }
    const Vec2 off{shift(rng), shift(rng)};
    out.push_back(test::move_by(t, d, off));
  }
  return out;
}

TEST(FollowerSoak, RandomDoorsAndBlockersNeverBreakTheFollowersInvariants) {
  const test::Loaded l = test::load("default.json");
  ASSERT_GE(l.scene.doors.size(), 2u);
  std::mt19937_64 rng(20261130);
  const long wanted = soak_steps();
  const auto pairs = random_pairs(l.mesh, 100000, 7);
  ASSERT_FALSE(pairs.empty());
  long steps = 0, replans = 0, runs = 0;
  const double dt = 0.05;
  for (size_t p = 0; steps < wanted; p = (p + 1) % pairs.size(), ++runs) {
    Scene scene = l.scene;
    // Two blockers crossing the floor at walking pace.
    std::uniform_real_distribution<double> vel(-1.0, 1.0);
    for (int b = 0; b < 2; ++b) {
      Blocker blk;
      blk.id = "walker" + std::to_string(b);
      blk.center = pairs[(p + 1 + size_t(b)) % pairs.size()].start;
      blk.radius = 0.4;
      blk.velocity = {vel(rng), vel(rng)};
      scene.blockers.push_back(blk);
    }
    Query q;
    q.start = pairs[p].start;
    q.goal = pairs[p].goal;
    FollowDef def;
    def.dt = dt;
    def.max_time = 60.0;
    const FollowResult r = follow(scene, l.mesh, q, random_events(scene, rng), def);
    Vec2 prev{};
    for (size_t i = 0; i < r.steps.size(); ++i) {
      const FollowStep& s = r.steps[i];
      ASSERT_TRUE(std::isfinite(s.pos.x) && std::isfinite(s.pos.y) && std::isfinite(s.vel.x) && std::isfinite(s.vel.y))
          << "run " << runs << ": " << s.describe();
      if (!s.collided) {
        ASSERT_LE(distance(s.vel, prev), scene.agent.max_accel * dt + 1e-9) << "run " << runs << ": " << s.describe();
      }
      prev = s.vel;
      // Braking to a stand is followed by a re-plan at the next step.
      if (s.state == FollowState::Braking && length(s.vel) <= 1e-9 && i + 1 < r.steps.size()) {
        bool replanned = false;
        for (const Replan& rp : r.replans) replanned = replanned || std::abs(rp.t - s.t) < 1e-6;
        ASSERT_TRUE(replanned) << "run " << runs << ": stood braking at t " << s.t << " without a re-plan";
      }
    }
    steps += long(r.steps.size());
    replans += long(r.replans.size());
  }
  RecordProperty("steps", std::to_string(steps));
  RecordProperty("runs", std::to_string(runs));
  EXPECT_GT(replans, 0) << "no door event ever touched a plan: the soak tests nothing";
}

}  // namespace
}  // namespace navlab
