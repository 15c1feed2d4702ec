// One step of the follower's motion (follower_run.h): turning in place, jumping, the speed the plan
// allows where the move ends, the velocity within the agent's budget and the move over the surface.
#include "follower_run.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navlab::following {

namespace {

constexpr double kCrawl = 0.02;           // m/s; a step slower than this is a stop (see step_speed)
constexpr double kSteerTolerance = 0.02;  // m; the line to the steering target keeps this close to the path
constexpr double kAtStop = 1e-3;          // m; an agent this close to a stop-turn stands at it (keeps its direction)
constexpr double kJumpStepSlack = 1e-4;   // steps; a jump this close above a whole number of steps takes that
                                          // many (link ends are Detour floats: 3.6 m reads 3.6000004)
constexpr double kPastStop = 1e-6;        // m; the profile's limit is read this far past a stop-turn done
constexpr int kSpeedBisections = 30;      // bisections of a step's speed (to 2^-30 of accel·dt + brake·dt)

Vec2 clamp_length(Vec2 v, double max_len) {
  const double l = length(v);
  return l > max_len && l > 0.0 ? v * (max_len / l) : v;
}

// The next velocity: the one nearest `desired` (|desired| <= speed) that changes `vel` by at most `most`
// (m/s, as a vector) and is no faster than `speed`. The speed bound comes first: when both cannot hold
// (|vel| - most > speed) the velocity shrinks by `most` along itself. Otherwise the nearest point of the
// two discs' intersection: the step towards `desired`, or where it would be too fast, the nearer point
// where the two circles cross (the direction lags behind, never the speed).
Vec2 next_velocity(Vec2 vel, Vec2 desired, double speed, double most) {
  const Vec2 step = vel + clamp_length(desired - vel, most);
  if (length(step) <= speed + tol::kStill) return step;
  const double d = length(vel);
  if (d - most >= speed) return d > 0.0 ? vel * ((d - most) / d) : vel;
  if (d + speed <= most) return clamp_length(desired, speed);  // every velocity up to `speed` is reachable
  // Circles |x| = speed and |x - vel| = most cross at distance a from the origin along vel, h aside.
  const double a = (speed * speed - most * most + d * d) / (2.0 * d);
  const double h = std::sqrt(std::max(0.0, speed * speed - a * a));
  const Vec2 u = vel / d, n = perp_left(u);
  const Vec2 p = u * a + n * h, q = u * a - n * h;
  return distance(p, desired) <= distance(q, desired) ? p : q;
}

}  // namespace

void Run::record(double t, FollowState st, double limit, bool avoiding, bool cannot_stop, bool collided) {
  FollowStep s;
  s.t = t;
  s.pos = pos;
  s.vel = vel;
  s.corridor_version = act.plan.version;
  s.state = st;
  s.s = s_now;
  s.speed_limit = limit;
  s.avoiding = avoiding;
  s.cannot_stop = cannot_stop;
  s.collided = collided;
  s.heading = heading;
  s.passed = act.passed;
  s.spline_mode = mode;
  out.steps.push_back(s);
}

// Turning in place: at a stop-turn once the agent stands there, or at the start of a new path.
// True when this step was spent turning (it is recorded).
bool Run::turn(double t0) {
  if (state == FollowState::Following && !turning && next_stop < act.stops.size() && length(vel) <= tol::kStill &&
      s_now >= act.stops[next_stop].s - ag.arrive_distance) {
    turning = true;
    turn_to = std::atan2(act.stops[next_stop].out.y, act.stops[next_stop].out.x);
    turn_is_stop = true;
  }
  if (state != FollowState::Following || !turning || length(vel) > tol::kStill) return false;
  const double d = angle_between(heading, turn_to);
  const double most = ag.max_turn_rate * dt;
  const bool turned = std::abs(d) > tol::kSameHeading;
  if (turned) heading = std::remainder(heading + std::clamp(d, -most, most), 2.0 * std::numbers::pi);
  if (std::abs(d) <= most) {
    heading = turn_to;
    turning = false;
    if (turn_is_stop) {  // turned at the stop: the agent goes on from it
      s_turned = act.stops[next_stop++].s;
      s_now = std::max(s_now, s_turned);
    }
    stall.reset(pos);
  }
  if (turned) record(t0 + dt, FollowState::Turning, 0.0, false, false, false);
  return turned;
}

// The next off-mesh link's takeoff, when the agent stands at it following its path (s <= 0: none).
double Run::takeoff_cap() const { return next_jump < act.jumps.size() ? act.jumps[next_jump].s_takeoff : -1.0; }

// Jumping (see the header): starts when the agent stands at the next takeoff, then one straight
// move per step towards the landing. Returns whether this step was a jump step.
bool Run::jump(double t0) {
  if (jump_steps == 0) {
    if (state != FollowState::Following || turning || next_jump >= act.jumps.size() || length(vel) > tol::kStill ||
        s_now < act.jumps[next_jump].s_takeoff - ag.arrive_distance)
      return false;
    const Jump& j = act.jumps[next_jump];
    jump_steps = std::max(1, int(std::ceil(distance(j.from, j.to) / ag.max_speed / dt - kJumpStepSlack)));
    jump_step = 0;
    pos = j.from;
  }
  const Jump& j = act.jumps[next_jump];
  ++jump_step;
  const double u = double(jump_step) / jump_steps;
  const Vec2 before = pos;
  pos = lerp(j.from, j.to, u);
  height = j.from_height + (j.to_height - j.from_height) * u;
  vel = (pos - before) / dt;
  if (length(vel) > tol::kStill) heading = std::atan2(vel.y, vel.x);
  if (jump_step == jump_steps) {  // landed, standing: follow the path on from the landing
    vel = {};
    s_now = j.s_landing;
    s_turned = std::max(s_turned, j.s_takeoff);
    poly = settle(w.mesh(), pos, j.to_poly);
    ++next_jump;
    jump_steps = 0;
    stall.reset(pos);
  }
  record(t0 + dt, FollowState::Jumping, ag.max_speed, false, false, false);
  return true;
}

// How fast the agent slows down at most, m/s²: brake_decel, never more than the total budget max_accel
// (speeding up likewise takes min(accel, max_accel)).
double Run::brake_rate() const { return std::min(ag.brake_decel, ag.max_accel); }

// The lowest limit of the profile (its braking envelope: how fast the agent may be there; speeding up is
// the agent's own accel) over arc lengths [a, b] (at both ends and every dense sample between), read from
// just past where the agent departed from rest (the path's start, the last stop-turn done: the limit is 0
// there).
double Run::profile_min(double a, double b) const {
  a = std::max({a, s_turned + kPastStop, kPastStop});
  b = std::max(a, b);
  double v = std::min(act.profile.limit_speed_at(a), act.profile.limit_speed_at(b));
  const std::vector<double>& s = act.dense.s;
  for (auto it = std::upper_bound(s.begin(), s.end(), a); it != s.end() && *it < b; ++it)
    v = std::min(v, act.profile.limit_speed_at(*it));
  return v;
}

// The plan's speed limit (m/s) for a speed held from where the agent is up to arc length q, whose next
// stop is at `cap`: the profile's lowest limit on the way, the reaction-step stopping limits for the end
// of the path and for the stop at q (an off-mesh takeoff is one the profile does not know), and while
// braking for the stop point, never faster than `cur` then.
double Run::allowed_at(double q, double cap, double cur) const {
  const double end = act.dense.length();
  const double p = profile_min(s_now, q);
  double v = std::min({p, stopping_speed_limit(std::max(0.0, end - q), ag.brake_decel, ag.reaction_dt),
                       stopping_speed_limit(std::max(0.0, cap - q), ag.brake_decel, ag.reaction_dt)});
  if (state == FollowState::Braking)
    v = std::min({v, cur, stopping_speed_limit(std::max(0.0, s_stop - q), ag.brake_decel, ag.reaction_dt)});
  return v;
}

// The speed (at most v, at least lo) at which the velocity can turn onto `dir` within the total budget
// (|dir·u - vel| <= max_accel·dt): where a turn asks for more, the agent slows for it as a driver
// brakes into a bend; where no speed turns it within one step, the speed that comes nearest.
double Run::slow_for_turn(Vec2 dir, double v, double lo) const {
  const double most = ag.max_accel * dt;
  if (distance(dir * v, vel) <= most || length(dir) <= 0.0) return v;
  const double b = dot(dir, vel), disc = b * b - (dot(vel, vel) - most * most);
  if (disc < 0.0) return std::clamp(b, lo, v);
  const double u0 = b - std::sqrt(disc), u1 = b + std::sqrt(disc);  // the speeds that turn it
  return u1 < lo ? lo : u0 > v ? v : std::clamp(u1, lo, v);
}

// The speed is held over a whole step, so braking step by step from v needs v·dt/2 more room than
// braking continuously at the same rate (v·dt·(n + 1)/2 over n = v / (b·dt) steps, against v²/(2b)): the
// plan's limit is read that much further on, and the agent stays under it from step to step.
double Run::held(double v) const { return 0.5 * v * dt; }

// Arc length where a move at velocity v from the agent ends on the path (its projection).
double Run::end_s(Vec2 v) const {
  const Vec2 to = pos + v * dt;
  const double q = act.dense.project(to, s_now, std::max(2.0, 3.0 * length(v) * dt + ag.lookahead));
  return q + distance(to, act.dense.at(q));
}

// The speed of this step (m/s) and the direction to steer in (`dir`); `limit` is the plan's limit where
// the move ends and `cannot_stop` says braking cannot end before the stop point. The speed is held over
// the whole step, so it is the fastest within what accel and brake_decel allow from the current speed
// that the plan allows where the move ends: v <= allowed(s + v·dt + held(v)).
double Run::step_speed(Vec2& dir, double& limit, bool& cannot_stop) {
  const double cur = length(vel);
  s_now = act.dense.project(pos, s_now, std::max(2.0, 3.0 * cur * dt + ag.lookahead));
  const double L = act.dense.length();
  // The next stop-turn caps the target and the speed: the agent stands there before turning.
  double cap = next_stop < act.stops.size() ? act.stops[next_stop].s : L;
  if (const double takeoff = takeoff_cap(); takeoff >= 0.0) cap = std::min(cap, takeoff);
  step_cap = cap;
  const double tolerance = kSteerTolerance + distance(pos, act.dense.at(s_now));
  double aim = steer_s(act.dense, pos, s_now, std::min(s_now + ag.lookahead, cap), tolerance);
  // Never aim across a wall: back off along the path until the target is in sight on the mesh (the way
  // back onto the navmesh crosses what it must).
  poly = settle(w.mesh(), pos, poly);
  if (!act.walk_back) {
    while (aim > s_now + kSightHop && !in_sight(w.mesh(), walls, poly, pos, act.dense.at(aim))) aim -= kSightHop;
    // Not even the nearest target is in sight (the agent stands just off its path where the path turns
    // round a corner of the mesh border): back onto the path first, where the agent is along it.
    if (!in_sight(w.mesh(), walls, poly, pos, act.dense.at(aim))) aim = s_now;
  }
  const Vec2 target = act.dense.at(aim);
  dir = normalized(target - pos);
  if (length(target - pos) < tol::kSamePoint)
    dir = normalized(act.dense.pts.back() - act.dense.pts[act.dense.pts.size() - 2]);
  if (cap < L && (cap - s_now < kAtStop || length(target - pos) < kAtStop)) dir = normalized(vel);
  const double lo = std::max(0.0, cur - brake_rate() * dt), hi = cur + std::min(ag.accel, ag.max_accel) * dt;
  auto fits = [&](double v) { return v <= allowed_at(end_s(dir * v) + held(v), cap, cur); };
  double v = hi;
  if (!fits(hi)) {
    double a = lo, b = hi;  // fits(a) or a == lo (braking harder than brake_decel is not possible)
    for (int i = 0; i < kSpeedBisections && b - a > tol::kStill; ++i) (fits(0.5 * (a + b)) ? a : b) = 0.5 * (a + b);
    v = a;
  }
  // Arrived at the end point? Within arrive_distance the agent brakes for it as the crow flies.
  const double remaining = distance(pos, act.end);
  if (remaining <= ag.arrive_distance)
    v = std::max(lo, std::min(v, stopping_speed_limit(remaining, ag.brake_decel, 0.0)));
  // Below a crawl the stopping limit only creeps towards the stop point: treat it as a stop.
  if (v < kCrawl) v = lo;
  limit = allowed_at(end_s(dir * v), cap, cur);
  if (state == FollowState::Braking) {
    const double d = std::max(0.0, s_stop - s_now);
    cannot_stop = cur * cur / (2.0 * brake_rate()) > d + tol::kSamePoint && cur > 0.0;
    braking_cannot_stop = braking_cannot_stop || cannot_stop;
  }
  return v;
}

// `v` (reached from `before` this step) or, when the plan does not allow it where its move ends
// (avoidance and a lagging turn move the agent otherwise than step_speed assumed), the velocity nearest
// it towards braking straight on as hard as it can (`before` shortened by brake_rate()·dt) that the plan
// allows: the speed is kept within the plan before the direction is.
Vec2 Run::within_plan(Vec2 before, Vec2 v) const {
  auto fits = [&](Vec2 x) { return length(x) <= allowed_at(end_s(x) + held(length(x)), step_cap, length(before)); };
  if (fits(v)) return v;
  const double b = length(before), most = brake_rate() * dt;
  const Vec2 brake = b > most ? before * ((b - most) / b) : Vec2{};
  if (!fits(brake)) return brake;  // braking as hard as it can is all it can do
  double lo = 0.0, hi = 1.0;       // fits(lerp(v, brake, hi)) holds
  for (int i = 0; i < kSpeedBisections && hi - lo > tol::kStill; ++i) {
    const double k = 0.5 * (lo + hi);
    (fits(lerp(v, brake, k)) ? hi : lo) = k;
  }
  return lerp(v, brake, hi);
}

// Moves the agent for one step: velocity towards `speed` along `dir` (local avoidance around blockers),
// then over the mesh surface. Returns whether a wall stopped or deflected it.
bool Run::move(double t0, bool moving, double speed, Vec2 dir, bool& avoiding) {
  const double cur = length(vel);
  Vec2 desired = moving ? dir * speed : normalized(vel) * std::max(0.0, cur - brake_rate() * dt);
  avoiding = false;
  if (moving && avoidance && !w.scene.blockers.empty() && speed > 0.0) {
    // The sampling pattern scales with vmax: the agent's top speed, as DetourCrowd passes it.
    Vec2 nv = avoider.sample(w.scene, t0, pos, vel, desired, ag.max_speed, avoiding);
    nv = clamp_length(nv, speed);
    if (avoiding && !on_mesh(w.mesh(), pos + nv * dt))
      avoiding = false;
    else
      desired = nv;
  }
  // Following the path (not avoiding), the agent slows where its turn asks for more than the budget.
  if (moving && !avoiding) desired = dir * slow_for_turn(dir, speed, std::max(0.0, cur - brake_rate() * dt));
  const Vec2 before = vel;
  vel = next_velocity(vel, desired, moving ? speed : length(desired), ag.max_accel * dt);
  if (moving && step_cap >= 0.0) vel = within_plan(before, vel);
  if (length(vel) < tol::kStill) vel = {};
  bool collided = false;
  poly = settle(w.mesh(), pos, poly);
  if (length(vel) > 0.0 && poly >= 0) {
    // The way back onto the navmesh leaves the area it stands in (a closed door's) through its walls.
    static const SearchFilter kNoWalls;
    const SurfaceMove m = move_along_surface(w.mesh(), act.walk_back ? kNoWalls : walls, poly, pos, pos + vel * dt);
    poly = m.poly;
    collided = m.hit_wall;
    // Against a wall the velocity is what the move allowed.
    if (collided) vel = (m.pos - pos) / dt;
    if (length(vel) < tol::kStill) vel = {};
    pos = m.pos;
  } else {
    pos = pos + vel * dt;  // a graph, or off every polygon (on the way back)
  }
  if (length(vel) > tol::kStill) heading = std::atan2(vel.y, vel.x);
  return collided;
}

// After the move: where the agent is along its corridor, then arrival (the way back: back on the
// navmesh) and the stall detector.
void Run::judge(bool moving) {
  if (moving) {
    const int passed = passed_index(act, pos, s_now, ag.arrive_distance);
    if (passed != act.passed) read_from(act, passed);
  }
  if (act.walk_back && state == FollowState::Following && passable(w.mesh(), walls, pos)) {
    brake_to_replan("back_on_navmesh", "The agent is back on the navmesh at " + point_text(pos) + ".",
                    act.dense.length());
    return;
  }
  if (moving && act.movable && distance(pos, act.end) <= ag.arrive_distance && length(vel) <= ag.arrive_speed &&
      state == FollowState::Following) {
    state = act.plan.status == Status::Partial ? FollowState::Partial : FollowState::Arrived;
  } else if (state == FollowState::Following && stall.tick(pos, dt)) {
    state = FollowState::Blocked;
    out.failure = Failure{FailStage::Follow,
                          Reason::Blocked,
                          "the agent moved less than " + num(stall_progress(ag)) + " m in " + num(ag.stall_window) +
                              " s (stall detector)",
                          {}};
  }
}

// One step of following (after events and re-plans): turn, or jump, or steer and move; then judge.
void Run::step(double t0) {
  if (turn(t0)) return;
  if (jump(t0)) return;
  double limit = 0.0, speed = 0.0;
  step_cap = -1.0;
  bool cannot_stop = false, avoiding = false;
  Vec2 dir = normalized(vel);
  const bool moving = state == FollowState::Following || state == FollowState::Braking;
  const bool on_path = moving && act.dense.pts.size() >= 2;
  if (on_path) speed = step_speed(dir, limit, cannot_stop);
  const bool collided = move(t0, moving, speed, dir, avoiding);
  if (on_path)  // where the move ended along the path (never backwards)
    s_now = act.dense.project(pos, s_now, std::max(2.0, 2.0 * length(vel) * dt + ag.lookahead));
  judge(moving);
  record(t0 + dt, state, limit, avoiding, cannot_stop, collided);
}

}  // namespace navlab::following
