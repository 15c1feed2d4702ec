#include "side_navigator.h"

#include <cmath>

namespace navlab::side {

bool arrived(double x, double target_x, double stopping_distance) {
  return std::fabs(target_x - x) <= stopping_distance;
}

uint64_t Rng::next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double Rng::uniform(double lo, double hi) {
  const double unit = double(next() >> 11) * 0x1.0p-53;  // 53 random bits in [0, 1)
  return lo + (hi - lo) * unit;
}

// ---- Ground ----

GroundNavigator::GroundNavigator(Mover& mover, const NavigatorDef& def)
    : mover_(mover), def_(def), rng_(def.seed), speed_(def.walk_speed) {}

void GroundNavigator::move_towards(Vec2 target) {
  if (has_target_ && target == target_) return;
  target_ = target;
  has_target_ = true;
  arrived_ = blocked_ = false;
  cause_ = BlockCause::None;
  stall_.reset(mover_.x());
}

void GroundNavigator::stop() {
  has_target_ = arrived_ = blocked_ = false;
  cause_ = BlockCause::None;
  mover_.stop();
}

void GroundNavigator::set_speed(double speed) { speed_ = speed > 0.0 ? speed : def_.walk_speed; }

bool GroundNavigator::try_pick_wander_point(Vec2& point) {
  const double d = rng_.uniform(def_.wander.min, def_.wander.max);
  point = {mover_.x() + (rng_.coin() ? d : -d), mover_.body().pos.y};
  return true;
}

// The seed's FixedUpdate: arrived → stop; a wall or cliff ahead → blocked; else walk; no progress → blocked.
void GroundNavigator::fixed_update(double dt) {
  if (!is_moving()) return;  // arriving, blocking and stop() already stopped the body
  const double dx = target_.x - mover_.x();
  if (arrived(mover_.x(), target_.x, def_.stopping_distance)) {
    arrived_ = true;
    mover_.stop();
    return;
  }
  const int dir = dx > 0 ? 1 : -1;
  if (const Ahead a = mover_.ahead(dir); a != Ahead::Free) {
    blocked_ = true;
    cause_ = a == Ahead::Wall ? BlockCause::Wall : BlockCause::Cliff;
    mover_.stop();
    return;
  }
  mover_.move_horizontal(dir, speed_, std::fabs(dx));  // never past the target
  if (stall_.tick(mover_.x(), dt)) {
    blocked_ = true;
    cause_ = BlockCause::Stall;
    mover_.stop();
  }
}

// ---- Flying ----

FlyingNavigator::FlyingNavigator(Mover& mover, Vec2 home, const NavigatorDef& def)
    : mover_(mover), home_(home), def_(def), rng_(def.seed), speed_(def.walk_speed) {}

void FlyingNavigator::move_towards(Vec2 target) {
  if (has_target_ && target == target_) return;
  target_ = target;
  has_target_ = true;
  arrived_ = false;
}

void FlyingNavigator::stop() {
  has_target_ = arrived_ = false;
  mover_.stop();
}

void FlyingNavigator::set_speed(double speed) { speed_ = speed > 0.0 ? speed : def_.walk_speed; }

bool FlyingNavigator::try_pick_wander_point(Vec2& point) {
  const double angle = rng_.uniform(0.0, 2.0 * M_PI);
  const double r = rng_.uniform(def_.wander.min, def_.wander.max);
  point = home_ + Vec2{std::cos(angle), std::sin(angle)} * r;
  return true;
}

void FlyingNavigator::fixed_update(double) {
  if (!is_moving()) return;
  if (distance(mover_.body().pos, target_) <= def_.stopping_distance) {
    arrived_ = true;
    mover_.stop();
    return;
  }
  mover_.fly_towards(target_, speed_);
}

}  // namespace navlab::side
