#include "side_strategy.h"

namespace navlab::side {
namespace {
// A pause counted down in fixed steps ends when less than this is left, s (0.05 s × 20 is not exactly 1).
constexpr double kPauseEndTolerance = 1e-9;
}  // namespace

bool should_flip_pace(bool blocked, bool blocked_prev, bool opposite_free) {
  return blocked && (!blocked_prev || opposite_free);
}

// ---- Pace ----

Pace::Pace(Mover& mover, double speed, int dir, bool blocked_prev)
    : mover_(mover), speed_(speed), dir_(dir >= 0 ? 1 : -1), blocked_prev_(blocked_prev) {
  state_ = SideState::Idle;  // until its first tick on the ground
  stall_.reset(mover_.x());
}

Note Pace::update(const Context&, double dt) {
  Note note;
  if (!mover_.grounded()) {  // dropped in from above: wait until it stands
    mover_.stop();
    stall_.reset(mover_.x());
    return note;
  }
  const Ahead ahead = mover_.ahead(dir_);
  bool blocked = ahead != Ahead::Free;
  BlockCause cause = ahead == Ahead::Wall    ? BlockCause::Wall
                     : ahead == Ahead::Cliff ? BlockCause::Cliff
                                             : BlockCause::None;
  if (!blocked && stall_.tick(mover_.x(), dt)) {
    blocked = true;
    cause = BlockCause::Stall;
  }
  if (should_flip_pace(blocked, blocked_prev_, !mover_.would_block_ahead(-dir_))) {
    dir_ = -dir_;
    stall_.reset(mover_.x());
    note = {Decision::Flipped, cause, dir_, -1, {}};
  }
  blocked_prev_ = blocked_ = blocked;
  if (mover_.would_block_ahead(dir_)) {
    mover_.stop();
    state_ = SideState::Stuck;
  } else {
    mover_.move_horizontal(dir_, speed_);
    state_ = SideState::Pacing;
  }
  return note;
}

// ---- Wander ----

Note Wander::pick() {
  Vec2 p;
  if (!nav_.try_pick_wander_point(p)) {
    state_ = SideState::Idle;
    return {Decision::PickFailed, BlockCause::None, 0, -1, {}};
  }
  nav_.move_towards(p);
  state_ = SideState::Wandering;
  return {Decision::Picked, BlockCause::None, 0, -1, p};
}

Note Wander::update(const Context&, double dt) {
  if (!started_) {
    started_ = true;
    return pick();
  }
  if (state_ == SideState::Wandering && (nav_.has_arrived() || nav_.is_blocked())) {
    state_ = SideState::Paused;
    pause_left_ = pause_;
    return {Decision::Paused, BlockCause::None, 0, -1, {}};
  }
  if (state_ == SideState::Paused) {
    pause_left_ -= dt;
    if (pause_left_ < kPauseEndTolerance) return pick();
  }
  return {};
}

// ---- Waypoints ----

Note Waypoints::update(const Context&, double) {
  if (points_.empty()) return {};
  if (!started_) {
    started_ = true;
    nav_.move_towards(points_[0]);
    return {Decision::Started, BlockCause::None, 0, 0, points_[0]};
  }
  if (!nav_.has_arrived() && !nav_.is_blocked()) return {};
  const int next = (index_ + 1) % int(points_.size());
  if (points_[size_t(next)] == points_[size_t(index_)]) return {};  // one point (or a repeat): stay
  index_ = next;
  nav_.move_towards(points_[size_t(index_)]);
  return {Decision::Advanced, BlockCause::None, 0, index_, points_[size_t(index_)]};
}

// ---- Approach ----

Note Approach::update(const Context& ctx, double) {
  const Decision d = !started_ ? Decision::Started : ctx.player != target_ ? Decision::TargetMoved : Decision::None;
  started_ = true;
  target_ = ctx.player;
  nav_.move_towards(ctx.player);  // every tick: the same target changes nothing
  if (d == Decision::None) return {};
  return {d, BlockCause::None, 0, -1, ctx.player};
}

SideState Approach::state() const {
  if (nav_.has_arrived()) return SideState::Caught;
  if (nav_.is_blocked()) return SideState::AtEdge;
  return nav_.is_moving() ? SideState::Chasing : SideState::Idle;
}

// ---- Rush ----

Note Rush::start() {
  started_ = true;
  if (lock_.x == mover_.x()) {
    state_ = SideState::Done;
    return {Decision::Passed, BlockCause::None, 0, -1, lock_};
  }
  dir_ = lock_.x > mover_.x() ? 1 : -1;
  stall_.reset(mover_.x());
  state_ = SideState::Charging;
  mover_.charge(dir_, speed_);
  return {Decision::Started, BlockCause::None, dir_, -1, lock_};
}

Note Rush::update(const Context&, double dt) {
  if (!started_) return start();
  if (state_ == SideState::Falling && mover_.grounded()) {
    state_ = SideState::Done;
    return {Decision::Landed, cause_, dir_, -1, mover_.body().pos};
  }
  if (state_ != SideState::Charging) return {};
  Decision d = Decision::None;
  if ((mover_.x() - lock_.x) * dir_ > 0.0) {
    d = Decision::Passed;
  } else if (mover_.room_ahead(dir_, false) <= kContact) {
    d = Decision::RushStopped;
    cause_ = BlockCause::Wall;
  } else if (stall_.tick(mover_.x(), dt)) {
    d = Decision::RushStopped;
    cause_ = BlockCause::Stall;
  }
  if (d == Decision::None) {
    mover_.charge(dir_, speed_);
    return {};
  }
  mover_.stop();
  state_ = mover_.grounded() ? SideState::Done : SideState::Falling;
  return {d, cause_, dir_, -1, lock_};
}

Flags Rush::flags(const Navigator&) const {
  const bool active = state_ == SideState::Charging || state_ == SideState::Falling;
  return {active, state_ == SideState::Done && cause_ == BlockCause::None, cause_ != BlockCause::None};
}

}  // namespace navlab::side
