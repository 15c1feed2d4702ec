// Strategies (seed 004 §7, test plan §12): ShouldFlipPace's combinations, and the behaviour runs —
// Wander stops at a platform edge and picks again; Pace goes back and forth and turns when pushed against
// a blocked side with the other side free; Waypoints advance on arrival or block (a waypoint past a cliff);
// Approach catches a player on its platform and stops at the edge when the player jumps to another; Rush
// stops past its lock point and lands. Expected ticks and positions are worked out in the comments
// (dt = 0.05 s, so 2 m/s is 0.1 m per tick; a 1 m wide body stops 0.5 m before an edge).
#include <gtest/gtest.h>

#include <cmath>

#include "side_bodies.h"
#include "side_sim.h"

namespace navlab::side {
namespace {

using namespace test::side_bodies;

SideStrategyDef strategy(SideStrategyKind kind) {
  SideStrategyDef s;
  s.kind = kind;
  return s;
}

SideEnemyDef enemy(Vec2 pos, SideStrategyDef plan, double speed = 2.0) {
  SideEnemyDef e;
  e.id = "e";
  e.pos = pos;
  e.speed = speed;
  e.strategy = std::move(plan);
  return e;
}

SideScrollerDef scene(std::vector<SideBox> solids, SideEnemyDef e) {
  SideScrollerDef s;
  s.solids = std::move(solids);
  s.enemies = {std::move(e)};
  return s;
}

std::vector<SideStep> run(const SideScrollerDef& s, double seconds) {
  SideSimDef def;
  def.max_time = seconds;
  return simulate(s, def).enemies.at(0).steps;
}

// Step index k is the record after tick k (t = k · 0.05 s); index 0 is the spawn.
size_t tick_at(double t) { return size_t(std::lround(t / 0.05)); }

TEST(SideStrategy, ShouldFlipPaceTruthTable) {
  // blocked, blocked_prev, opposite_free → flip (seed §7.1)
  struct Row {
    bool blocked, prev, opposite_free, flip;
  };
  const Row rows[] = {
      {false, false, false, false}, {false, false, true, false}, {false, true, false, false},
      {false, true, true, false},   {true, false, false, true},  // first contact, both sides blocked: flip once
      {true, false, true, true},                                 // first contact: flip
      {true, true, false, false},  // still blocked and the other side too: stay, no dithering
      {true, true, true, true},    // the fix: pushed against a blocked side with the other side free
  };
  for (const Row& r : rows)
    EXPECT_EQ(should_flip_pace(r.blocked, r.prev, r.opposite_free), r.flip) << r.blocked << r.prev << r.opposite_free;
}

TEST(SideStrategy, PaceGoesBackAndForthBetweenTheEdges) {
  // Platform [0, 10]; x = 5 walking right. 45 ticks to x = 9.5, the cliff is seen on tick 46 → turn;
  // 90 ticks to x = 0.5 (tick 135), turn on tick 136; back at 9.5 on tick 225, turn on tick 226.
  const auto steps = run(scene({{0, 0, 10, 1}}, enemy({5, 1}, strategy(SideStrategyKind::Pace))), 12.0);
  std::vector<size_t> flips;
  for (size_t k = 0; k < steps.size(); ++k) {
    EXPECT_GE(steps[k].pos.x, 0.5 - kEps);
    EXPECT_LE(steps[k].pos.x, 9.5 + kEps);
    EXPECT_EQ(steps[k].pos.y, 1.0);
    if (steps[k].note.decision == Decision::Flipped) flips.push_back(k);
  }
  ASSERT_EQ(flips, (std::vector<size_t>{46, 136, 226}));
  EXPECT_NEAR(steps[45].pos.x, 9.5, kEps);
  EXPECT_EQ(steps[46].note.dir, -1);
  EXPECT_EQ(steps[46].note.cause, BlockCause::Cliff);
  EXPECT_NEAR(steps[135].pos.x, 0.5, kEps);
  EXPECT_EQ(steps[136].note.dir, 1);
  EXPECT_EQ(steps[100].state, SideState::Pacing);
  EXPECT_NEAR(steps[100].vel.x, -2.0, kEps);
}

TEST(SideStrategy, PaceTurnsWhenPushedAgainstABlockedSideWithTheOtherSideFree) {
  // The seed's repro: dir = -1, blocked now and on the previous tick, the right side free. The old
  // edge-triggered rule (blocked && !blocked_prev) never turns; the fix does, at once.
  for (const std::vector<SideBox>& solids : {std::vector<SideBox>{{0, 0, 10, 1}},                     // cliff at x = 0
                                             std::vector<SideBox>{{-5, 0, 10, 1}, {-1, 1, 0, 3}}}) {  // wall at x = 0
    const World w{30.0, solids};
    Mover m(w, body({0.5, 1}, {1, 1}));
    ASSERT_TRUE(m.would_block_ahead(-1));
    Pace pace(m, 2.0, -1, true);
    const Note n = pace.update({}, 0.05);
    EXPECT_EQ(n.decision, Decision::Flipped);
    EXPECT_EQ(pace.dir(), 1);
    m.step(0.05);
    EXPECT_NEAR(m.x(), 0.6, kEps);
  }
}

TEST(SideStrategy, PaceBlockedOnBothSidesFlipsOnceAndStays) {
  // A platform exactly as wide as the body: tick 1 turns (first contact), then blocked both ways: stays.
  const auto steps = run(scene({{0, 0, 1, 1}}, enemy({0.5, 1}, strategy(SideStrategyKind::Pace))), 5.0);
  int flips = 0;
  for (const SideStep& s : steps) {
    flips += s.note.decision == Decision::Flipped ? 1 : 0;
    EXPECT_EQ(s.pos.x, 0.5);
  }
  EXPECT_EQ(flips, 1);
  EXPECT_EQ(steps[1].note.decision, Decision::Flipped);
  EXPECT_EQ(steps.back().state, SideState::Stuck);
  EXPECT_TRUE(steps.back().blocked);
  EXPECT_FALSE(steps.back().moving);
}

TEST(SideStrategy, WanderStopsAtThePlatformEdgeAndPicksAgain) {
  // Wander points 20 m away are always past an edge of the 10 m platform, so every walk ends at an edge:
  // from x = 5 either edge is 4.5 m = 45 ticks away; the navigator reports the cliff on tick 46, the
  // wander pauses on tick 47 (t = 2.35 s) and picks again 1 s (20 ticks) later.
  SideStrategyDef w = strategy(SideStrategyKind::Wander);
  w.min = w.max = 20.0;
  w.pause = 1.0;
  const auto steps = run(scene({{0, 0, 10, 1}}, enemy({5, 1}, w)), 20.0);
  std::vector<size_t> picks, pauses;
  for (size_t k = 0; k < steps.size(); ++k) {
    const SideStep& s = steps[k];
    EXPECT_GE(s.pos.x, 0.5 - kEps);
    EXPECT_LE(s.pos.x, 9.5 + kEps);
    EXPECT_EQ(s.pos.y, 1.0);  // never walks off
    if (s.note.decision == Decision::Picked) picks.push_back(k);
    if (s.note.decision == Decision::Paused) {
      pauses.push_back(k);
      EXPECT_EQ(s.note.cause, BlockCause::Cliff);
      EXPECT_TRUE(std::fabs(s.pos.x - 0.5) < kEps || std::fabs(s.pos.x - 9.5) < kEps) << s.pos.x;
      EXPECT_EQ(s.state, SideState::Paused);
    }
  }
  ASSERT_GE(pauses.size(), 3u);
  EXPECT_EQ(pauses[0], 47u);
  EXPECT_EQ(steps[46].blocked_now, true);
  ASSERT_GE(picks.size(), pauses.size());
  EXPECT_EQ(picks[0], 1u);
  for (size_t i = 0; i + 1 < picks.size() && i < pauses.size(); ++i) EXPECT_EQ(picks[i + 1], pauses[i] + 20) << i;
}

TEST(SideStrategy, WaypointsAdvanceOnArrivalAndOnBlockAtACliff) {
  // From x = 2: waypoint 0 (8, 1) is 60 ticks away, arrival on tick 61, advance on tick 62; waypoint 1
  // (14, 1) lies past the cliff at 10: the body stops at 9.5 after 15 more ticks (tick 76), blocked on
  // tick 77, advance on tick 78; waypoint 2 (3, 1) is 6.5 m back: x = 3 on tick 142, arrival on 143,
  // advance to waypoint 0 on tick 144.
  SideStrategyDef w = strategy(SideStrategyKind::Waypoints);
  w.points = {{8, 1}, {14, 1}, {3, 1}};
  SideEnemyDef e = enemy({2, 1}, w);
  e.stopping_distance = 0.05;  // not a multiple of the 0.1 m step: arrival is on the point, not at 0.1 m
  const auto steps = run(scene({{0, 0, 10, 1}}, e), 8.0);
  std::vector<size_t> advances;
  for (size_t k = 0; k < steps.size(); ++k)
    if (steps[k].note.decision == Decision::Advanced) advances.push_back(k);
  ASSERT_EQ(advances, (std::vector<size_t>{62, 78, 144}));
  EXPECT_NEAR(steps[61].pos.x, 8.0, kEps);
  EXPECT_TRUE(steps[61].arrived);
  EXPECT_EQ(steps[62].note.index, 1);
  EXPECT_EQ(steps[62].note.cause, BlockCause::None);
  EXPECT_NEAR(steps[77].pos.x, 9.5, kEps);
  EXPECT_TRUE(steps[77].blocked);
  EXPECT_EQ(steps[78].note.index, 2);
  EXPECT_EQ(steps[78].note.cause, BlockCause::Cliff);
  EXPECT_FALSE(steps[78].blocked);  // a new target cleared it
  EXPECT_NEAR(steps[143].pos.x, 3.0, kEps);
  EXPECT_EQ(steps[144].note.index, 0);
}

TEST(SideStrategy, ApproachCatchesThePlayerThenStopsAtTheEdgeWhenThePlayerJumpsAway) {
  // Platforms [0, 10] and [13, 20]. Player at x = 7: 5 m = 50 ticks, caught on tick 51 (t = 2.55 s).
  // At t = 4 s (tick 81) the player jumps to (16, 1) on the other platform: the chaser walks to the edge
  // (x = 9.5, 25 ticks, tick 105), is blocked by the cliff on tick 106 and stays there, reported.
  SideEnemyDef e = enemy({2, 1}, strategy(SideStrategyKind::Approach));
  e.stopping_distance = 0.05;  // not a multiple of the 0.1 m step: arrival is on the point, not at 0.1 m
  SideScrollerDef s = scene({{0, 0, 10, 1}, {13, 0, 20, 1}}, e);
  s.has_player = true;
  s.player = {7, 1};
  s.player_events = {{4.0, {16, 1}}};
  const auto steps = run(s, 8.0);
  EXPECT_EQ(steps[1].note.decision, Decision::Started);
  EXPECT_EQ(steps[50].state, SideState::Chasing);
  EXPECT_NEAR(steps[50].pos.x, 7.0, kEps);
  for (size_t k = 51; k <= 80; ++k) {
    EXPECT_EQ(steps[k].state, SideState::Caught) << k;
    EXPECT_TRUE(steps[k].arrived);
  }
  EXPECT_EQ(steps[81].note.decision, Decision::TargetMoved);
  EXPECT_EQ(steps[81].state, SideState::Chasing);
  EXPECT_EQ(steps[105].state, SideState::Chasing);
  EXPECT_NEAR(steps[105].pos.x, 9.5, kEps);
  for (size_t k = 106; k < steps.size(); ++k) {
    EXPECT_EQ(steps[k].state, SideState::AtEdge) << k;
    EXPECT_TRUE(steps[k].blocked);
    EXPECT_EQ(steps[k].cause, BlockCause::Cliff);
    EXPECT_NEAR(steps[k].pos.x, 9.5, kEps);
    EXPECT_EQ(steps[k].pos.y, 1.0);
  }
  EXPECT_EQ(tick_at(5.3), 106u);
}

TEST(SideStrategy, RushStopsPastTheLockPointOffACliffAndLands) {
  // 4 m/s = 0.2 m per tick from x = 5 towards the lock point x = 12.1, off the platform [0, 10]: the
  // footprint leaves the ground at x = 10.6 (tick 28); x = 12.2 after tick 36 is past the lock, so tick 37
  // stops the charge in mid-air; it falls straight (drop after m falling ticks: 30·0.05²·m(m+1)/2 =
  // 0.0375·m(m+1), 5.85 m > 5 m at m = 12: tick 39) onto the ground below (top y = -4) and is done on
  // tick 40.
  SideStrategyDef r = strategy(SideStrategyKind::Rush);
  r.to = {12.1, 1};
  const auto steps = run(scene({{0, 0, 10, 1}, {0, -5, 30, -4}}, enemy({5, 1}, r, 4.0)), 4.0);
  EXPECT_EQ(steps[1].note.decision, Decision::Started);
  EXPECT_EQ(steps[1].note.dir, 1);
  EXPECT_TRUE(steps[27].grounded);
  EXPECT_FALSE(steps[28].grounded);
  EXPECT_NEAR(steps[28].pos.x, 10.6, kEps);
  EXPECT_NEAR(steps[30].vel.x, 4.0, kEps);  // still charging in the air
  EXPECT_EQ(steps[37].note.decision, Decision::Passed);
  EXPECT_EQ(steps[37].state, SideState::Falling);
  EXPECT_NEAR(steps[37].pos.x, 12.2, kEps);
  EXPECT_EQ(steps[37].vel.x, 0.0);
  EXPECT_FALSE(steps[38].grounded);
  EXPECT_TRUE(steps[39].grounded);
  EXPECT_EQ(steps[39].pos.y, -4.0);
  EXPECT_EQ(steps[40].note.decision, Decision::Landed);
  for (const SideStep& s : steps) {
    if (s.state != SideState::Done) continue;
    EXPECT_TRUE(s.grounded) << s.t;  // never ends in mid-air
  }
  EXPECT_EQ(steps.back().state, SideState::Done);
  EXPECT_TRUE(steps.back().arrived);
  EXPECT_NEAR(steps.back().pos.x, 12.2, kEps);
}

TEST(SideStrategy, RushIntoAWallEndsTheChargeBlocked) {
  // Wall face at x = 8: the leading edge reaches it at x = 7.5 (12.5 ticks of 0.2 m: clamped on tick 13),
  // the next tick sees no room and ends the rush, blocked by the wall, on the ground.
  SideStrategyDef r = strategy(SideStrategyKind::Rush);
  r.to = {20, 1};
  const auto steps = run(scene({{0, 0, 30, 1}, {8, 1, 9, 4}}, enemy({5, 1}, r, 4.0)), 2.0);
  EXPECT_NEAR(steps[13].pos.x, 7.5, kEps);
  EXPECT_EQ(steps[14].note.decision, Decision::RushStopped);
  EXPECT_EQ(steps[14].note.cause, BlockCause::Wall);
  EXPECT_EQ(steps.back().state, SideState::Done);
  EXPECT_TRUE(steps.back().blocked);
  EXPECT_FALSE(steps.back().arrived);
}

TEST(SideStrategy, AnEnemyWithoutANavigatorStands) {
  SideEnemyDef e = enemy({5, 1}, strategy(SideStrategyKind::Wander));
  e.navigator = SideNavigatorKind::None;
  const auto steps = run(scene({{0, 0, 10, 1}}, e), 2.0);
  EXPECT_EQ(steps[1].note.decision, Decision::PickFailed);
  for (const SideStep& s : steps) {
    EXPECT_EQ(s.pos, (Vec2{5, 1}));
    EXPECT_EQ(s.state, SideState::Idle);
  }
}

TEST(SideStrategy, TheSameSceneGivesTheSameRecords) {
  SideStrategyDef w = strategy(SideStrategyKind::Wander);
  const SideScrollerDef s = scene({{0, 0, 30, 1}}, enemy({15, 1}, w));
  const auto a = run(s, 10.0), b = run(s, 10.0);
  ASSERT_EQ(a.size(), b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].pos, b[k].pos);
    EXPECT_EQ(a[k].state, b[k].state);
  }
}

TEST(SideStrategy, EveryRecordHasASentence) {
  SideStrategyDef r = strategy(SideStrategyKind::Rush);
  r.to = {12.1, 1};
  const SideScrollerDef s = scene({{0, 0, 10, 1}, {0, -5, 30, -4}}, enemy({5, 1}, r, 4.0));
  const auto steps = run(s, 3.0);
  EXPECT_EQ(describe(steps[37], s.enemies[0]),
            "t 1.85 s: e at (12.2, -3.125) past the lock point x = 12.1: the charge stops; it falls until it lands.");
  EXPECT_EQ(describe(steps[40], s.enemies[0]), "t 2 s: e at (12.2, -4) lands: the rush is over.");
  for (const SideStep& st : steps) EXPECT_FALSE(describe(st, s.enemies[0]).empty());
}

TEST(SideStrategy, AFlyerFliesToItsPointsAndAWalkerWalks) {
  SideStrategyDef w = strategy(SideStrategyKind::Waypoints);
  w.points = {{8, 5}};
  SideEnemyDef bat = enemy({5, 5}, w);
  bat.navigator = SideNavigatorKind::Flying;
  const auto flown = run(scene({{0, 0, 10, 1}}, bat), 0.5);
  EXPECT_EQ(describe(flown[2], bat), "t 0.1 s: e at (5.2, 5) flies to waypoint 0 (8, 5).");
  SideEnemyDef walker = enemy({5, 1}, w);
  const auto walked = run(scene({{0, 0, 10, 1}}, walker), 0.5);
  EXPECT_EQ(describe(walked[2], walker), "t 0.1 s: e at (5.2, 1) walks to waypoint 0 (8, 5).");
}

}  // namespace
}  // namespace navlab::side
