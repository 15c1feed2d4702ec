// Navigators (docs/sidescroller.md): turn "go to that point" into the body's own movement, and report arrival
// and blocking. No graph anywhere: a ground navigator walks straight at the target's x and reports
// blocked when the movement layer clamps it (wall or cliff) or the stall detector fires.
#pragma once

#include <cstdint>

#include "enum_names.h"
#include "geom.h"
#include "side_movement.h"
#include "side_stall.h"

namespace navlab::side {

// The seed's IEnemyNavigator: the 7 members a strategy may use.
class Navigator {
 public:
  virtual ~Navigator() = default;
  // Head for `target`. Idempotent for the same target (call it every tick or once); a new target
  // clears HasArrived and IsBlocked.
  virtual void move_towards(Vec2 target) = 0;
  // Stop and forget the target.
  virtual void stop() = 0;
  // Speed in m/s; 0 falls back to the walk speed.
  virtual void set_speed(double speed) = 0;
  // A target, not arrived, not blocked.
  virtual bool is_moving() const = 0;
  // Within the stopping distance of the target.
  virtual bool has_arrived() const = 0;
  // Terrain keeps the body from getting closer (wall, cliff, no progress).
  virtual bool is_blocked() const = 0;
  // A point to wander to; false when there is none.
  virtual bool try_pick_wander_point(Vec2& point) = 0;
};

// Why a navigator (or Pace, or Rush) reports blocked. JSON names: "none", "wall", "cliff", "stall".
enum class BlockCause { None, Wall, Cliff, Stall };
inline constexpr Named<BlockCause> kBlockCauseNames[] = {
    {BlockCause::None, "none"},
    {BlockCause::Wall, "wall"},
    {BlockCause::Cliff, "cliff"},
    {BlockCause::Stall, "stall"},
};
static_assert(names_cover(kBlockCauseNames, BlockCause::Stall));
inline const char* to_string(BlockCause v) { return name_in(kBlockCauseNames, v); }

// What the simulation needs besides the 7 members: the per-step drive (the seed's FixedUpdate, which is
// not part of the interface strategies see) and what the records show.
class SteppedNavigator : public Navigator {
 public:
  // Reads the body and sets the mover's intent for the coming step.
  virtual void fixed_update(double dt) = 0;
  virtual BlockCause block_cause() const { return BlockCause::None; }
  virtual const StallDetector* stall() const { return nullptr; }
  virtual bool has_target() const { return false; }
  virtual Vec2 target() const { return {}; }
};

// The seed's arrival rule (ground: in x only): |target_x - x| <= stopping distance.
bool arrived(double x, double target_x, double stopping_distance);

// A small deterministic generator (splitmix64): the same seed gives the same numbers on every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next();
  double uniform(double lo, double hi);  // in [lo, hi)
  bool coin() { return (next() >> 63) != 0; }

 private:
  uint64_t state_;
};

struct WanderRange {
  double min = 1.0;  // m
  double max = 3.0;  // m
};

struct NavigatorDef {
  double walk_speed = 2.0;         // m/s; also what set_speed(0) restores
  double stopping_distance = 0.1;  // m
  WanderRange wander;
  uint64_t seed = 1;
};

// Horizontal only; gravity does the rest. Blocked when the movement layer would clamp the next step
// (a wall or a cliff right ahead) or the body made less than 0.05 m in 0.5 s (kNavigatorStall).
class GroundNavigator final : public SteppedNavigator {
 public:
  GroundNavigator(Mover& mover, const NavigatorDef& def);
  void move_towards(Vec2 target) override;
  void stop() override;
  void set_speed(double speed) override;
  bool is_moving() const override { return has_target_ && !arrived_ && !blocked_; }
  bool has_arrived() const override { return arrived_; }
  bool is_blocked() const override { return blocked_; }
  // x ± random[min, max] (either side, even odds) at the body's height; never fails: a point past an
  // edge is found out by walking there.
  bool try_pick_wander_point(Vec2& point) override;

  void fixed_update(double dt) override;
  BlockCause block_cause() const override { return cause_; }
  const StallDetector* stall() const override { return is_moving() ? &stall_ : nullptr; }
  bool has_target() const override { return has_target_; }
  Vec2 target() const override { return target_; }
  double speed() const { return speed_; }

 private:
  Mover& mover_;
  NavigatorDef def_;
  Rng rng_;
  StallDetector stall_{kNavigatorStall};
  double speed_;
  bool has_target_ = false, arrived_ = false, blocked_ = false;
  BlockCause cause_ = BlockCause::None;
  Vec2 target_;
};

// Straight at the target through the air; never blocked. Wander points lie around home (where it
// started) at a random angle and a distance in [min, max].
class FlyingNavigator final : public SteppedNavigator {
 public:
  FlyingNavigator(Mover& mover, Vec2 home, const NavigatorDef& def);
  void move_towards(Vec2 target) override;
  void stop() override;
  void set_speed(double speed) override;
  bool is_moving() const override { return has_target_ && !arrived_; }
  bool has_arrived() const override { return arrived_; }
  bool is_blocked() const override { return false; }
  bool try_pick_wander_point(Vec2& point) override;

  void fixed_update(double dt) override;
  bool has_target() const override { return has_target_; }
  Vec2 target() const override { return target_; }

 private:
  Mover& mover_;
  Vec2 home_;
  NavigatorDef def_;
  Rng rng_;
  double speed_;
  bool has_target_ = false, arrived_ = false;
  Vec2 target_;
};

// For enemies that do not move: never moving, never arrived, never blocked, no wander point.
class NullNavigator final : public SteppedNavigator {
 public:
  void move_towards(Vec2) override {}
  void stop() override {}
  void set_speed(double) override {}
  bool is_moving() const override { return false; }
  bool has_arrived() const override { return false; }
  bool is_blocked() const override { return false; }
  bool try_pick_wander_point(Vec2&) override { return false; }
  void fixed_update(double) override {}
};

}  // namespace navlab::side
