// Strategies (docs/sidescroller.md): how an enemy uses its navigator or its movement layer. Pace and Rush drive the
// movement layer directly (as in the seed); Wander, Waypoints and Approach only use the 7 navigator members.
#pragma once

#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "side_movement.h"
#include "side_navigator.h"
#include "side_stall.h"

namespace navlab::side {

// An enemy's state after a tick. JSON names (stable): "idle", "pacing", "stuck", "wandering", "paused",
// "to_waypoint", "chasing", "caught", "at_edge", "charging", "falling", "done".
enum class SideState {
  Idle,
  Pacing,
  Stuck,
  Wandering,
  Paused,
  ToWaypoint,
  Chasing,
  Caught,
  AtEdge,
  Charging,
  Falling,
  Done
};
inline constexpr Named<SideState> kSideStateNames[] = {
    {SideState::Idle, "idle"},           {SideState::Pacing, "pacing"},   {SideState::Stuck, "stuck"},
    {SideState::Wandering, "wandering"}, {SideState::Paused, "paused"},   {SideState::ToWaypoint, "to_waypoint"},
    {SideState::Chasing, "chasing"},     {SideState::Caught, "caught"},   {SideState::AtEdge, "at_edge"},
    {SideState::Charging, "charging"},   {SideState::Falling, "falling"}, {SideState::Done, "done"},
};
static_assert(names_cover(kSideStateNames, SideState::Done));
inline const char* to_string(SideState v) { return name_in(kSideStateNames, v); }

// What a strategy decided in a tick (the record's sentence says it with its numbers).
enum class Decision {
  None,
  Flipped,      // pace: turned round (dir is the new direction)
  Picked,       // wander: a new wander point (point)
  PickFailed,   // wander: the navigator has no wander point (a NullNavigator)
  Paused,       // wander: arrived or blocked (cause), pausing
  Advanced,     // waypoints: on to waypoint `index` after arriving or being blocked (cause)
  Started,      // waypoints/approach/rush: first target or charge
  TargetMoved,  // approach: the player moved; a new target
  Passed,       // rush: past the lock point, charge over
  RushStopped,  // rush: a wall or no progress ended the charge (cause)
  Landed,       // rush: touched down after the charge
};
inline constexpr Named<Decision> kDecisionNames[] = {
    {Decision::None, "none"},       {Decision::Flipped, "flipped"},
    {Decision::Picked, "picked"},   {Decision::PickFailed, "pick_failed"},
    {Decision::Paused, "paused"},   {Decision::Advanced, "advanced"},
    {Decision::Started, "started"}, {Decision::TargetMoved, "target_moved"},
    {Decision::Passed, "passed"},   {Decision::RushStopped, "rush_stopped"},
    {Decision::Landed, "landed"},
};
static_assert(names_cover(kDecisionNames, Decision::Landed));
inline const char* to_string(Decision v) { return name_in(kDecisionNames, v); }

struct Note {
  Decision decision = Decision::None;
  BlockCause cause = BlockCause::None;
  int dir = 0;     // pace: the new direction; rush: the charge direction
  int index = -1;  // waypoints: the new waypoint
  Vec2 point;      // picked wander point / new target
};

struct Context {
  double t = 0.0;  // s, at the start of the tick
  Vec2 player;     // where the player is now
};

// moving / arrived / blocked as the CLI prints them.
struct Flags {
  bool moving = false, arrived = false, blocked = false;
};

// The seed's Pace fix (§7.1): flip when blocked && (!blocked_prev || opposite_free). Blocked on both sides
// it flips once and stays; blocked on one side with the other free it turns even if it was blocked before.
bool should_flip_pace(bool blocked, bool blocked_prev, bool opposite_free);

class Strategy {
 public:
  virtual ~Strategy() = default;
  // Decides for this tick (before the navigator's fixed_update and the movement step).
  virtual Note update(const Context& ctx, double dt) = 0;
  virtual SideState state() const = 0;
  // The flags of the record: by default the navigator's.
  virtual Flags flags(const Navigator& nav) const { return {nav.is_moving(), nav.has_arrived(), nav.is_blocked()}; }
  // The strategy's own stall detector when it has one running (Pace, Rush).
  virtual const StallDetector* stall() const { return nullptr; }
  virtual double pause_left() const { return 0.0; }  // s; wander
  virtual int waypoint() const { return -1; }        // waypoints: the current index
};

// Walks one way until blocked (wall, cliff, or kPaceStall), then turns (should_flip_pace).
class Pace final : public Strategy {
 public:
  Pace(Mover& mover, double speed, int dir = 1, bool blocked_prev = false);
  Note update(const Context& ctx, double dt) override;
  SideState state() const override { return state_; }
  Flags flags(const Navigator&) const override { return {state_ == SideState::Pacing, false, blocked_}; }
  const StallDetector* stall() const override { return state_ == SideState::Pacing ? &stall_ : nullptr; }
  int dir() const { return dir_; }

 private:
  Mover& mover_;
  double speed_;
  int dir_;
  bool blocked_prev_, blocked_ = false;
  StallDetector stall_{kPaceStall};
  SideState state_ = SideState::Pacing;
};

// Pick a wander point, go, pause `pause` s on arrival or block, pick again.
class Wander final : public Strategy {
 public:
  Wander(Navigator& nav, double pause) : nav_(nav), pause_(pause) {}
  Note update(const Context& ctx, double dt) override;
  SideState state() const override { return state_; }
  double pause_left() const override { return state_ == SideState::Paused ? pause_left_ : 0.0; }

 private:
  Note pick();
  Navigator& nav_;
  double pause_, pause_left_ = 0.0;
  bool started_ = false;
  SideState state_ = SideState::Idle;
};

// Goes to each point in turn (and round again); advances on arrival or block (a point past a cliff).
class Waypoints final : public Strategy {
 public:
  Waypoints(Navigator& nav, std::vector<Vec2> points) : nav_(nav), points_(std::move(points)) {}
  Note update(const Context& ctx, double dt) override;
  SideState state() const override { return started_ ? SideState::ToWaypoint : SideState::Idle; }
  int waypoint() const override { return index_; }

 private:
  Navigator& nav_;
  std::vector<Vec2> points_;
  int index_ = 0;
  bool started_ = false;
};

// Chases the player: MoveTowards(player) every tick (idempotent). Unreachable (another platform) →
// stops at the edge, blocked, and says so; a move of the player is a new target and it tries again.
class Approach final : public Strategy {
 public:
  explicit Approach(Navigator& nav) : nav_(nav) {}
  Note update(const Context& ctx, double dt) override;
  SideState state() const override;

 private:
  Navigator& nav_;
  bool started_ = false;
  Vec2 target_;
};

// Charges horizontally at the lock point's x and stops once past it; may run off a cliff (walls and
// kRushStall still stop it); never ends in mid-air: it falls until it lands, then it is done.
class Rush final : public Strategy {
 public:
  Rush(Mover& mover, double speed, Vec2 lock) : mover_(mover), speed_(speed), lock_(lock) {}
  Note update(const Context& ctx, double dt) override;
  SideState state() const override { return state_; }
  Flags flags(const Navigator&) const override;
  const StallDetector* stall() const override { return state_ == SideState::Charging ? &stall_ : nullptr; }

 private:
  Note start();
  Mover& mover_;
  double speed_;
  Vec2 lock_;
  int dir_ = 0;
  bool started_ = false;
  BlockCause cause_ = BlockCause::None;
  StallDetector stall_{kRushStall};
  SideState state_ = SideState::Idle;
};

}  // namespace navlab::side
