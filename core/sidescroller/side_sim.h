// A side-scroller run: every enemy of a `sidescroller` scene ticked with a fixed step, one record per
// enemy per tick (and one at t = 0), each with a sentence from describe(). Deterministic: the same scene
// and SideSimDef give the same records (wander points come from a seeded generator).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "geom.h"
#include "scene.h"
#include "side_navigator.h"
#include "side_strategy.h"

namespace navlab::side {

// How long the app's side view and the lessons simulate a side-scroller scene, s.
constexpr double kLabSeconds = 20.0;

struct SideSimDef {
  double dt = 0.05;        // s; fixed step                          [Limit: > 0]
  double max_time = 10.0;  // s; ticks run until t reaches this      [Limit: > 0]
  uint64_t seed = 1;       // wander points; enemy i uses its own stream derived from this
};

// One enemy after one tick: numbers and enums only (describe() turns them into a sentence).
struct SideStep {
  double t = 0.0;  // s, at the end of the tick (0: the spawn record)
  Vec2 pos, vel;   // bottom centre, m; velocity of the last step, m/s
  bool grounded = false;
  bool moving = false, arrived = false, blocked = false;  // the navigator's (Pace, Rush: their own)
  SideState state = SideState::Idle;
  Note note;                            // what the strategy decided this tick
  BlockCause cause = BlockCause::None;  // why blocked (when blocked)
  bool arrived_now = false;             // the navigator reported arrival during this tick
  bool blocked_now = false;             // the navigator reported blocked during this tick
  bool has_target = false;
  Vec2 target;                                     // the navigator's target, m
  int waypoint = -1;                               // waypoints: the current index
  double stall_elapsed = 0.0, stall_window = 0.0;  // s; window 0: no stall detector running
  double stall_anchor_x = 0.0;                     // m; where the running window started
  double pause_left = 0.0;                         // s; wander pause
  Vec2 player;                                     // where the player was during the tick
};

struct SideEnemyRun {
  std::string id;
  std::vector<SideStep> steps;
};

struct SideRun {
  double dt = 0.05;
  std::vector<SideEnemyRun> enemies;  // in scene order
};

SideRun simulate(const SideScrollerDef& scene, const SideSimDef& def = {});

// Success when a run of `def` fits the side-scroller run limits (limits::kMaxSideRecords records kept,
// limits::kMaxSideChecks enemy-solid checks), else fails with what is over and what to change (--max-time, --dt).
// A scene the reader accepts always fits a run of kLabSeconds at the default dt (the reader's
// enemy-solid pair limit); longer runs are checked here first.
Result<void> run_limits(const SideScrollerDef& scene, const SideSimDef& def);

// Where the player is at time `t` s: the start position, then each event whose time has come.
Vec2 player_at(const SideScrollerDef& scene, double t);

// One sentence for a record, with its numbers ("t 1.25 s: slime at (4.5, 1): a cliff ahead; turns to
// walk left.").
std::string describe(const SideStep& step, const SideEnemyDef& enemy);

}  // namespace navlab::side
