#include "side_movement.h"

#include <algorithm>
#include <cmath>

namespace navlab::side {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Length of the overlap of [a0, a1] and [b0, b1] (negative when apart).
double overlap(double a0, double a1, double b0, double b1) { return std::min(a1, b1) - std::max(a0, b0); }

bool top_at(const SideBox& b, double y) { return std::fabs(b.y1 - y) <= kContact; }

}  // namespace

Mover::Mover(const World& world, Body body) : world_(&world), body_(body) {
  body_.grounded = !body_.flying && supported();
}

// Standing: some solid's top is at the feet and under more than a touch of the footprint.
bool Mover::supported() const {
  const double half = body_.size.x / 2;
  for (const SideBox& b : world_->solids)
    if (top_at(b, body_.pos.y) && overlap(body_.pos.x - half, body_.pos.x + half, b.x0, b.x1) > kContact) return true;
  return false;
}

// Distance to the nearest solid face ahead that overlaps the body's height (not the ground under it).
double Mover::wall_room(int dir) const {
  const double half = body_.size.x / 2, y0 = body_.pos.y, y1 = body_.pos.y + body_.size.y;
  const double front = body_.pos.x + dir * half;
  double room = kInf;
  for (const SideBox& b : world_->solids) {
    if (overlap(y0, y1, b.y0, b.y1) <= kContact) continue;
    const double d = dir > 0 ? b.x0 - front : front - b.x1;
    if (d >= -kContact) room = std::min(room, std::max(d, 0.0));
  }
  return room;
}

// Distance from the leading edge to the end of the ground under the body: the tops at the feet that
// touch or overlap one another form one floor.
double Mover::ground_room(int dir) const {
  const double half = body_.size.x / 2, y = body_.pos.y;
  double lo = kInf, hi = -kInf;
  for (const SideBox& b : world_->solids)
    if (top_at(b, y) && overlap(body_.pos.x - half, body_.pos.x + half, b.x0, b.x1) > kContact) {
      lo = std::min(lo, b.x0);
      hi = std::max(hi, b.x1);
    }
  if (lo > hi) return 0.0;
  for (bool grew = true; grew;) {
    grew = false;
    for (const SideBox& b : world_->solids) {
      if (!top_at(b, y)) continue;
      if (b.x0 <= hi + kContact && b.x1 > hi) hi = b.x1, grew = true;
      if (b.x1 >= lo - kContact && b.x0 < lo) lo = b.x0, grew = true;
    }
  }
  const double front = body_.pos.x + dir * half;
  return std::max(0.0, dir > 0 ? hi - front : front - lo);
}

double Mover::room_ahead(int dir, bool stop_at_cliffs) const {
  if (dir == 0) return 0.0;
  const double wall = wall_room(dir);
  return stop_at_cliffs && body_.grounded ? std::min(wall, ground_room(dir)) : wall;
}

Ahead Mover::ahead(int dir) const {
  if (!body_.grounded || dir == 0 || body_.flying) return Ahead::Free;
  if (wall_room(dir) <= kContact) return Ahead::Wall;
  if (ground_room(dir) <= kContact) return Ahead::Cliff;
  return Ahead::Free;
}

void Mover::move_horizontal(int dir, double speed, double max_distance) {
  intent_ = Intent{dir, speed, max_distance, true, false, {}};
}

void Mover::charge(int dir, double speed) { intent_ = Intent{dir, speed, kInf, false, false, {}}; }

void Mover::fly_towards(Vec2 target, double speed) { intent_ = Intent{0, speed, kInf, false, true, target}; }

void Mover::stop() { intent_ = Intent{}; }

// Gravity for one step; lands on the highest top crossed. Returns true on touching down.
bool Mover::fall(double dt) {
  body_.vel.y -= world_->gravity * dt;
  const double y = body_.pos.y, next = y + body_.vel.y * dt, half = body_.size.x / 2;
  double land = -kInf;
  for (const SideBox& b : world_->solids)
    if (b.y1 <= y + kContact && b.y1 >= next && overlap(body_.pos.x - half, body_.pos.x + half, b.x0, b.x1) > kContact)
      land = std::max(land, b.y1);
  if (land == -kInf) {
    body_.pos.y = next;
    return false;
  }
  body_.pos.y = land;
  body_.vel.y = 0.0;
  body_.grounded = true;
  return true;
}

StepOutcome Mover::step(double dt) {
  StepOutcome out;
  const Vec2 before = body_.pos;
  if (body_.flying) {
    const Vec2 d = intent_.fly ? intent_.fly_target - body_.pos : Vec2{};
    const double len = length(d);
    if (len > 0.0) body_.pos = body_.pos + d * (std::min(intent_.speed * dt, len) / len);
    body_.vel = (body_.pos - before) / dt;
    return out;
  }
  if (intent_.dir != 0) {
    const double want = std::min(intent_.speed * dt, intent_.max_distance);
    const double room = room_ahead(intent_.dir, intent_.cliffs_stop);
    out.clamped = room < want;
    body_.pos.x += intent_.dir * std::min(want, room);
  }
  body_.vel.x = (body_.pos.x - before.x) / dt;
  body_.grounded = supported();
  if (!body_.grounded) out.landed = fall(dt);
  if (body_.grounded) body_.vel.y = 0.0;
  return out;
}

}  // namespace navlab::side
