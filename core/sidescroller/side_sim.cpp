#include "side_sim.h"
#include "format.h"
#include "input_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

namespace navlab::side {
namespace {

// Events and ticks meet at times computed as k·dt; this much early still counts as on time, s.
constexpr double kTimeTolerance = 1e-9;

struct Enemy {
  const SideEnemyDef* def;
  std::unique_ptr<Mover> mover;
  std::unique_ptr<SteppedNavigator> nav;
  std::unique_ptr<Strategy> strategy;
};

std::unique_ptr<SteppedNavigator> make_navigator(const SideEnemyDef& e, Mover& mover, uint64_t seed) {
  NavigatorDef def{e.speed, e.stopping_distance, {e.strategy.min, e.strategy.max}, seed};
  switch (e.navigator) {
    case SideNavigatorKind::Ground:
      return std::make_unique<GroundNavigator>(mover, def);
    case SideNavigatorKind::Flying:
      return std::make_unique<FlyingNavigator>(mover, e.pos, def);
    case SideNavigatorKind::None:
      return std::make_unique<NullNavigator>();
  }
  return std::make_unique<NullNavigator>();
}

std::unique_ptr<Strategy> make_strategy(const SideEnemyDef& e, Mover& mover, Navigator& nav) {
  const SideStrategyDef& s = e.strategy;
  switch (s.kind) {
    case SideStrategyKind::Pace:
      return std::make_unique<Pace>(mover, e.speed);
    case SideStrategyKind::Wander:
      return std::make_unique<Wander>(nav, s.pause);
    case SideStrategyKind::Waypoints:
      return std::make_unique<Waypoints>(nav, s.points);
    case SideStrategyKind::Approach:
      return std::make_unique<Approach>(nav);
    case SideStrategyKind::Rush:
      return std::make_unique<Rush>(mover, e.speed, s.to);
  }
  return std::make_unique<Pace>(mover, e.speed);
}

// `before` is why the navigator was blocked before the strategy's update (a new target clears it).
SideStep record(const Enemy& e, double t, Vec2 player, const Note& note, BlockCause before) {
  SideStep s;
  s.t = t;
  s.pos = e.mover->body().pos;
  s.vel = e.mover->body().vel;
  s.grounded = e.mover->body().grounded;
  const Flags f = e.strategy->flags(*e.nav);
  s.moving = f.moving;
  s.arrived = f.arrived;
  s.blocked = f.blocked;
  s.state = e.strategy->state();
  s.note = note;
  s.cause = note.cause != BlockCause::None ? note.cause : f.blocked ? e.nav->block_cause() : BlockCause::None;
  if (s.note.cause == BlockCause::None && (note.decision == Decision::Paused || note.decision == Decision::Advanced))
    s.note.cause = before;
  s.has_target = e.nav->has_target();
  s.target = e.nav->target();
  s.waypoint = e.strategy->waypoint();
  const StallDetector* stall = e.strategy->stall() ? e.strategy->stall() : e.nav->stall();
  if (stall) {
    s.stall_elapsed = stall->elapsed();
    s.stall_window = stall->window();
    s.stall_anchor_x = stall->anchor_x();
  }
  s.pause_left = e.strategy->pause_left();
  s.player = player;
  return s;
}

}  // namespace

Vec2 player_at(const SideScrollerDef& scene, double t) {
  Vec2 p = scene.player;
  for (const SidePlayerEvent& ev : scene.player_events)
    if (ev.t <= t + kTimeTolerance) p = ev.pos;
  return p;
}

Result<void> run_limits(const SideScrollerDef& scene, const SideSimDef& def) {
  const double ticks = std::round(def.max_time / def.dt);  // as simulate() counts them
  const double enemies = double(scene.enemies.size()), solids = double(scene.solids.size());
  const double records = enemies * (ticks + 1);
  // Each tick every enemy checks every solid, and the player's position looks through its events.
  const double checks = ticks * (enemies * solids + double(scene.player_events.size()));
  const std::string run = count_text(enemies) + " enemies x " + count_text(ticks + 1) + " ticks";
  if (records > limits::kMaxSideRecords)
    return Error{run + " is " + count_text(records) + " records, more than the limit of " +
                 count_text(limits::kMaxSideRecords) +
                 " (each is kept and printed); use a shorter --max-time or a longer --dt"};
  if (checks > limits::kMaxSideChecks)
    return Error{run + " against " + count_text(solids) + " solids is " + count_text(checks) +
                 " enemy-solid checks, more than the limit of " + count_text(limits::kMaxSideChecks) +
                 "; use a shorter --max-time, a longer --dt or fewer solids"};
  return {};
}

SideRun simulate(const SideScrollerDef& scene, const SideSimDef& def) {
  const World world{scene.gravity, scene.solids};
  std::vector<Enemy> enemies(scene.enemies.size());
  SideRun run;
  run.dt = def.dt;
  for (size_t i = 0; i < enemies.size(); ++i) {
    const SideEnemyDef& d = scene.enemies[i];
    Enemy& e = enemies[i];
    e.def = &d;
    e.mover = std::make_unique<Mover>(world, Body{d.pos, d.body, {}, false, d.navigator == SideNavigatorKind::Flying});
    e.nav = make_navigator(d, *e.mover, def.seed * 0x100000001B3ull + i);
    e.strategy = make_strategy(d, *e.mover, *e.nav);
    run.enemies.push_back({d.id, {record(e, 0.0, scene.player, {}, BlockCause::None)}});
  }
  const long ticks = std::lround(def.max_time / def.dt);
  for (long k = 1; k <= ticks; ++k) {
    const double t0 = double(k - 1) * def.dt;
    const Context ctx{t0, player_at(scene, t0)};
    for (size_t i = 0; i < enemies.size(); ++i) {
      Enemy& e = enemies[i];
      const BlockCause before = e.nav->is_blocked() ? e.nav->block_cause() : BlockCause::None;
      const Note note = e.strategy->update(ctx, def.dt);
      const bool was_arrived = e.nav->has_arrived(), was_blocked = e.nav->is_blocked();
      e.nav->fixed_update(def.dt);
      e.mover->step(def.dt);
      SideStep s = record(e, double(k) * def.dt, ctx.player, note, before);
      s.arrived_now = !was_arrived && e.nav->has_arrived();
      s.blocked_now = !was_blocked && e.nav->is_blocked();
      run.enemies[i].steps.push_back(s);
    }
  }
  return run;
}

// ---- Sentences ----

namespace {

std::string num(double v) { return decimals(v, 3); }
std::string pt(Vec2 p) { return point_text(p, num); }
const char* side(int dir) { return dir > 0 ? "right" : "left"; }

// The stall detector settings of the enemy's user: Pace and Rush have their own, the rest the navigator's.
StallSettings stall_settings(const SideEnemyDef& e) {
  return e.strategy.kind == SideStrategyKind::Pace   ? kPaceStall
         : e.strategy.kind == SideStrategyKind::Rush ? kRushStall
                                                     : kNavigatorStall;
}

std::string cause_text(BlockCause c, const SideEnemyDef& e) {
  switch (c) {
    case BlockCause::Wall:
      return "a wall right ahead";
    case BlockCause::Cliff:
      return "the end of its ground right ahead (a cliff)";
    case BlockCause::Stall: {
      const StallSettings st = stall_settings(e);
      return "no progress (less than " + num(st.min_progress_m) + " m in " + num(st.window_s) +
             " s, the stall detector)";
    }
    case BlockCause::None:
      return "nothing";
  }
  return "nothing";
}

std::string decision_text(const SideStep& s, const SideEnemyDef& e) {
  const Note& n = s.note;
  switch (n.decision) {
    case Decision::Flipped:
      return "blocked by " + cause_text(n.cause, e) + "; turns round to walk " + side(n.dir) + ".";
    case Decision::Picked:
      return "picks the wander point " + pt(n.point) + ", " + num(std::fabs(n.point.x - s.pos.x)) + " m away.";
    case Decision::PickFailed:
      return "has no wander point (it has no navigator), so it stands.";
    case Decision::Paused:
      return std::string(n.cause == BlockCause::None ? "arrived at its wander point"
                                                     : "blocked by " + cause_text(n.cause, e)) +
             "; pauses " + num(e.strategy.pause) + " s before picking again.";
    case Decision::Advanced:
      return std::string(n.cause == BlockCause::None ? "arrived" : "blocked by " + cause_text(n.cause, e)) +
             "; heads for waypoint " + std::to_string(n.index) + " " + pt(n.point) + ".";
    case Decision::Started:
      if (e.strategy.kind == SideStrategyKind::Rush)
        return "charges " + std::string(side(n.dir)) + " at " + num(e.speed) +
               " m/s; stops once past x = " + num(n.point.x) + ".";
      if (e.strategy.kind == SideStrategyKind::Approach) return "chases the player at " + pt(n.point) + ".";
      return "heads for waypoint 0 " + pt(n.point) + ".";
    case Decision::TargetMoved:
      return "the player moved to " + pt(n.point) + ": a new target, so arrived and blocked are cleared.";
    case Decision::Passed:
      return "past the lock point x = " + num(n.point.x) + ": the charge stops" +
             (s.grounded ? "." : "; it falls until it lands.");
    case Decision::RushStopped:
      return cause_text(n.cause, e) + " ends the charge" + (s.grounded ? "." : "; it falls until it lands.");
    case Decision::Landed:
      return "lands: the rush is over.";
    case Decision::None:
      break;
  }
  return "";
}

// How the enemy moves: a flyer flies, every other body walks.
const char* goes(const SideEnemyDef& e) { return e.navigator == SideNavigatorKind::Flying ? "flies" : "walks"; }

std::string state_text(const SideStep& s, const SideEnemyDef& e) {
  switch (s.state) {
    case SideState::Idle:
      return s.grounded || s.t == 0.0 ? "stands." : "falls.";
    case SideState::Pacing:
      return "walks " + std::string(s.vel.x >= 0 ? "right" : "left") + " at " + num(std::fabs(s.vel.x)) + " m/s.";
    case SideState::Stuck:
      return "blocked on both sides: stays where it is.";
    case SideState::Wandering:
      return std::string(goes(e)) + " to its wander point " + pt(s.target) + ".";
    case SideState::Paused:
      return "pauses, " + num(std::max(0.0, s.pause_left)) + " s left.";
    case SideState::ToWaypoint:
      return std::string(goes(e)) + " to waypoint " + std::to_string(s.waypoint) + " " + pt(s.target) + ".";
    case SideState::Chasing:
      return "chases the player at " + pt(s.player) + ".";
    case SideState::Caught:
      return "caught the player: within " + num(e.stopping_distance) + " m of x = " + num(s.player.x) + ".";
    case SideState::AtEdge:
      return "stopped by " + cause_text(s.cause, e) + ": the player at " + pt(s.player) +
             " is out of reach, reported as blocked.";
    case SideState::Charging:
      return "charges at " + num(std::fabs(s.vel.x)) + " m/s.";
    case SideState::Falling:
      return "falls (" + num(s.vel.y) + " m/s).";
    case SideState::Done:
      return "stands: the rush is over.";
  }
  return "";
}

}  // namespace

std::string describe(const SideStep& s, const SideEnemyDef& e) {
  std::string out = "t " + num(s.t) + " s: " + e.id + " at " + pt(s.pos) + " ";
  std::string body = decision_text(s, e);
  if (body.empty()) body = state_text(s, e);
  out += body;
  if (s.arrived_now && s.note.decision == Decision::None) out += " The navigator reports arrival.";
  if (s.blocked_now && s.note.decision == Decision::None)
    out += " The navigator reports blocked: " + cause_text(s.cause, e) + ".";
  return out;
}

}  // namespace navlab::side
