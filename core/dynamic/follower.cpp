#include "follower.h"
#include "format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <optional>

#include "avoider.h"
#include "channel_plan.h"
#include "coverage.h"
#include "gates.h"
#include "navmesh_build.h"
#include "motion.h"
#include "plan.h"
#include "portals.h"
#include "profile.h"
#include "surface.h"
#include "tilecache.h"
#include "tolerances.h"
#include "follower_plan.h"

namespace navlab {

using namespace following;

namespace {

constexpr double kCrawl = 0.02;  // m/s
constexpr long long kMaxSteps = 1LL << 40;  // steps; a bound no simulation reaches, so the count never overflows

Vec2 clamp_length(Vec2 v, double max_len) {
  const double l = length(v);
  return l > max_len && l > 0.0 ? v * (max_len / l) : v;
}

constexpr double kSteerTolerance = 0.02;  // m; the line to the steering target keeps this close to the path
constexpr double kAtStop = 1e-3;           // m; an agent this close to a stop-turn stands at it (keeps its direction)
constexpr double kJumpStepSlack = 1e-4;   // steps; a jump this close above a whole number of steps takes that
                                           // many (link ends are Detour floats: 3.6 m reads 3.6000004)
constexpr double kMinLook = 0.05;          // m; the profile is read at least this far ahead of the agent

// Signed angle (rad, in (-π, π]) that turns direction `from` onto direction `to`.
double angle_between(double from, double to) {
  double d = std::remainder(to - from, 2.0 * std::numbers::pi);
  if (d <= -std::numbers::pi) d += 2.0 * std::numbers::pi;
  return d;
}


}  // namespace

const char* to_string(Smoothing s) { return s == Smoothing::Channel ? "channel" : "arcs"; }

const char* to_string(FollowOutcome o) {
  switch (o) {
    case FollowOutcome::Arrived: return "arrived";
    case FollowOutcome::Partial: return "partial";
    case FollowOutcome::Failed: return "failed";
  }
  return "failed";
}

const char* to_string(FollowState s) {
  switch (s) {
    case FollowState::Following: return "following";
    case FollowState::Turning: return "turning";
    case FollowState::Braking: return "braking";
    case FollowState::Arrived: return "arrived";
    case FollowState::Partial: return "partial";
    case FollowState::Failed: return "failed";
    case FollowState::Blocked: return "blocked";
    case FollowState::Jumping: return "jumping";
  }
  return "failed";
}

double stall_progress(const AgentDef& agent) {
  return std::min(agent.stall_min_progress, kStallSpeedShare * agent.max_speed * agent.stall_window);
}

std::string FollowStep::describe() const {
  std::string text = "t " + num(t) + " s: " + to_string(state) + " at (" + num(pos.x) + ", " + num(pos.y) +
                  "), speed " + num(length(vel)) + " m/s (limit " + num(speed_limit) + "), s " + num(this->s) +
                  " m on corridor version " + std::to_string(corridor_version);
  if (avoiding) text += "; avoiding a blocker";
  if (cannot_stop) text += "; cannot stop before the change, braking at the maximum";
  if (collided) text += "; stopped by a wall (a closed door or the mesh border)";
  return text + ".";
}

std::string Replan::describe() const {
  return "t " + num(t) + " s: re-planned (" + cause + ") to corridor version " + std::to_string(version) + ", " +
         to_string(status) + ". " + detail +
         (cannot_stop ? " The agent could not stop before the change and stopped against it." : "");
}

bool StallDetector::tick(Vec2 pos, double dt) {
  elapsed_ += dt;
  if (elapsed_ + tol::kSameTime < window_) return false;
  const bool stalled = distance(pos, anchor_) < min_progress_;
  reset(pos);
  return stalled;
}

namespace {

// "" when every event names a door the scene (or a graph edge) has and every move has a shape; else the
// failure message for the first that does not.
std::string check_events(const World& w, const std::vector<FollowEvent>& events) {
  const auto known = w.covers();
  for (const FollowEvent& e : events) {
    if (e.kind == FollowEvent::Kind::Goal) {
      const bool graph = w.mesh().kind == NavMesh::Kind::Graph;
      if (graph && w.mesh().node_index(e.goal.node) < 0)
        return "goal event at t " + num(e.t) + " s names node '" + e.goal.node + "', which is not in the graph";
      if (!graph && !e.goal.node.empty())
        return "goal event at t " + num(e.t) + " s names a node; this scene's goals are points";
      continue;
    }
    const bool in_scene = std::any_of(w.scene.doors.begin(), w.scene.doors.end(), [&](const Door& d) { return d.id == e.door; });
    const bool gate = std::any_of(known.begin(), known.end(), [&](const DoorCover& c) { return c.door == e.door; });
    const bool move = e.kind == FollowEvent::Kind::Move;
    if ((move && !in_scene) || (!in_scene && !gate) || (move && e.to.size() < (e.to_polygon ? 3u : 2u)))
      return "event at t " + num(e.t) + " s names door '" + e.door + "', which " +
             (in_scene || gate ? "cannot move there" : "is not in the scene");
  }
  return "";
}

// The direction the path of `a` leaves in, if it goes anywhere.
std::optional<Vec2> start_direction(const Active& a) {
  for (size_t i = 1; i < a.dense.pts.size(); ++i)
    if (distance(a.dense.pts[i], a.dense.pts[0]) > tol::kSamePoint) return normalized(a.dense.pts[i] - a.dense.pts[0]);
  return std::nullopt;
}

// One simulation: the world, the plan being followed, the agent and the controller's state. follow()
// runs its steps: events, re-plan, turn in place, velocity, move over the surface, judge.
struct Run {
  Query query;  // a goal event moves its goal
  const AgentDef& ag;
  World& w;
  FollowResult& out;
  double dt;
  bool avoidance;  // FollowDef::avoidance: steer around the scene's blockers
  Smoothing smoothing;

  Active act;
  Vec2 pos, vel;
  double height = 0.0, heading = 0.0;
  int version = 1;
  int poly = -1;                     // the polygon the agent stands in (-1: graph or none)
  SearchFilter walls;                // what the agent slides along besides the mesh border
  FollowState state = FollowState::Following;
  size_t next_stop = 0;              // first stop-turn of the path not done yet
  bool turning = false;              // turning in place ...
  double turn_to = 0.0;              // ... towards this heading (rad)
  bool turn_is_stop = false;         // the turn is stop-turn `next_stop` (else: aligning to a new plan)
  double s_turned = -1.0;            // m, the last stop-turn done on this path
  double s_now = 0.0, s_stop = -1.0;  // m along the path: where the agent is, where braking must end
  bool pending_replan = false;
  std::string pending_cause, pending_detail;
  bool braking_cannot_stop = false;  // a braking step since the last re-plan could not stop in time
  size_t next_jump = 0;              // first off-mesh link of the path not crossed yet
  int jump_steps = 0;                // steps of the jump under way (0: not jumping)
  int jump_step = 0;                 // ... of which this many are done
  StallDetector stall;
  Avoider avoider;

  Run(const Query& q, World& world, FollowResult& result, const FollowDef& def)
      : query(q), ag(world.scene.agent), w(world), out(result), dt(def.dt), avoidance(def.avoidance), smoothing(def.smoothing),
        stall(ag.stall_window, stall_progress(ag)), avoider(world.scene.blockers.size()) {}

  void start() {
    pos = query.start.plane;
    height = query.start.height;
    act = adopt(w, pos, height, query, version, 0.0, -1, smoothing);
    out.plans.push_back(act.plan);
    if (act.plan.status != Status::Failed && !act.dense.pts.empty()) pos = act.dense.pts.front();
    if (auto d = start_direction(act)) heading = std::atan2(d->y, d->x);  // facing along its path
    state = act.plan.status == Status::Failed ? FollowState::Failed : FollowState::Following;
    stall.reset(pos);
    poly = act.plan.status == Status::Failed ? -1 : settle(w.mesh(), pos, act.plan.start);
    walls = w.walls();
  }

  // A change that touches the plan's read set: brake for the point where the path meets it (or stop
  // comfortably), then re-plan; one that does not is recorded as ignored.
  void invalidate(const NavChange& change, double t) {
    const Touch touch = touches(act.reads, change);
    if (!touch.touched) {
      out.ignored.push_back("t " + num(t) + " s: " + change.describe() + " The plan (version " +
                            std::to_string(act.plan.version) + ") did not read it.");
      return;
    }
    brake_to_replan(change.cause(), change.describe() + " " + touch.why, stop_point(act, w, change, s_now, ag.radius));
  }

  // Re-plan for `cause`: now when standing still, else after braking to a stop at `stop_at` (m along the
  // path; < 0: where braking comfortably from the current speed ends).
  void brake_to_replan(std::string cause, std::string detail, double stop_at) {
    pending_cause = std::move(cause);
    pending_detail = std::move(detail);
    if (state != FollowState::Following && state != FollowState::Braking) {
      pending_replan = true;  // standing still already: re-plan now
      return;
    }
    const double v = length(vel);
    const double comfortable = s_now + v * v / (2.0 * ag.brake_decel) + v * ag.reaction_dt;
    const double stop = stop_at >= 0.0 ? stop_at : comfortable;
    s_stop = s_stop >= 0.0 ? std::min(s_stop, stop) : stop;
    state = FollowState::Braking;
    stall.reset(pos);
  }

  // The goal moved (seed 002 lists it among the re-plan triggers): the plan's goal is stale whatever it
  // reads, so the agent brakes comfortably and re-plans from where it stops.
  void move_goal(const FollowEvent& e) {
    query.goal = e.goal;
    const std::string where = e.goal.node.empty() ? point_text(e.goal.plane) : "node " + e.goal.node;
    brake_to_replan("goal_moved", "The goal moved to " + where + ".", -1.0);
  }

  // Door `id` closed or opened (`close`); false when it already was.
  bool set_door(const FollowEvent& e, bool close, bool was_closed) {
    auto& add = close ? w.overrides.closed : w.overrides.opened;
    auto& drop = close ? w.overrides.opened : w.overrides.closed;
    drop.erase(std::remove(drop.begin(), drop.end(), e.door), drop.end());
    if (!std::count(add.begin(), add.end(), e.door)) add.push_back(e.door);
    if (was_closed != close) return true;
    out.ignored.push_back("t " + num(e.t) + " s: door " + e.door + " was already " + (was_closed ? "closed." : "open."));
    return false;
  }

  // Door `e.door` moved to `e.to`. True when the bake ran again and the change was handled.
  bool move_door(const FollowEvent& e) {
    for (Door& d : w.scene.doors) {
      if (d.id != e.door) continue;
      d.shape.clear();
      for (Vec2 p : e.to) {
        ScenePoint sp;
        sp.plane = p;
        sp.is3d = w.mesh().is3d;
        d.shape.push_back(sp);
      }
      d.is_polygon = e.to_polygon;
      if (auto rebuilt = w.rebake(d)) {
        walls = w.walls();
        invalidate(*rebuilt, e.t);
        return true;
      }
    }
    return false;
  }

  void apply(const FollowEvent& e) {
    if (e.kind == FollowEvent::Kind::Goal) return move_goal(e);
    const std::vector<DoorCover> before = w.covers();
    const bool was_closed = w.closed(e.door);
    NavChange::Kind kind = NavChange::Kind::DoorMoved;
    if (e.kind == FollowEvent::Kind::Close || e.kind == FollowEvent::Kind::Open) {
      const bool close = e.kind == FollowEvent::Kind::Close;
      if (!set_door(e, close, was_closed)) return;
      kind = close ? NavChange::Kind::DoorClosed : NavChange::Kind::DoorOpened;
    } else if (move_door(e)) {
      return;
    }
    const NavChange change = door_change(kind, e.door, before, kind == NavChange::Kind::DoorMoved ? w.covers() : before,
                                         was_closed);
    // Connections are compared by key: in the read set and against the plan's portals (stop points).
    NavChange keyed = change;
    keyed.connections = w.keyed(change.connections);
    invalidate(keyed, e.t);  // records it as ignored when it touches nothing the plan reads
    walls = w.walls();
  }

  // Re-plans from where the agent stands (graph scenes: from the node it is at or last passed).
  void replan(double t0) {
    pending_replan = false;
    ++version;
    const int node =
        w.mesh().kind == NavMesh::Kind::Graph && !act.plan.corridor.empty() ? act.plan.corridor[size_t(act.passed)] : -1;
    act = adopt(w, pos, height, query, version, t0, node, smoothing);
    out.plans.push_back(act.plan);
    next_stop = 0;
    next_jump = 0;
    jump_steps = 0;
    s_turned = -1.0;
    turning = false;
    // A new path that leaves in another direction starts with a turn in place.
    if (auto d = start_direction(act);
        d && ag.can_turn_in_place && std::abs(angle_between(heading, std::atan2(d->y, d->x))) > tol::kSameHeading) {
      turning = true;
      turn_to = std::atan2(d->y, d->x);
      turn_is_stop = false;
    }
    out.replans.push_back({t0, pending_cause, version, pending_detail, act.plan.status, braking_cannot_stop});
    braking_cannot_stop = false;
    poly = settle(w.mesh(), pos, act.plan.start);
    s_now = 0.0;
    s_stop = -1.0;
    stall.reset(pos);
    state = act.plan.status == Status::Failed ? FollowState::Failed : FollowState::Following;
    vel = {};
  }

  // Turning in place: at a stop-turn once the agent stands there, or at the start of a new path.
  // True when this step was spent turning (it is recorded).
  bool turn(double t0) {
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
      if (turn_is_stop) s_turned = act.stops[next_stop++].s;
      stall.reset(pos);
    }
    if (turned)
      out.steps.push_back({t0 + dt, pos, vel, act.plan.version, FollowState::Turning, s_now, 0.0, false, false, false,
                           heading, act.passed});
    return turned;
  }

  // The speed limit of this step along the path, and the direction to steer in (`dir`); `cannot_stop`
  // when braking cannot end before the stop point.
  double speed_limit(Vec2& dir, bool& cannot_stop) {
    const double cur = length(vel);
    s_now = act.dense.project(pos, s_now, std::max(2.0, 3.0 * cur * dt + ag.lookahead));
    const double L = act.dense.length();
    // The next stop-turn caps the target and the speed: the agent stands there before turning.
    double cap = next_stop < act.stops.size() ? act.stops[next_stop].s : L;
    if (const double takeoff = takeoff_cap(); takeoff >= 0.0) cap = std::min(cap, takeoff);
    const double tolerance = kSteerTolerance + distance(pos, act.dense.at(s_now));
    double aim = steer_s(act.dense, pos, s_now, std::min(s_now + ag.lookahead, cap), tolerance);
    // Never aim across a wall: back off along the path until the target is in sight on the mesh.
    poly = settle(w.mesh(), pos, poly);
    while (aim > s_now + kSightHop && !in_sight(w.mesh(), walls, poly, pos, act.dense.at(aim))) aim -= kSightHop;
    const Vec2 target = act.dense.at(aim);
    dir = normalized(target - pos);
    if (length(target - pos) < tol::kSamePoint) dir = normalized(act.dense.pts.back() - act.dense.pts[act.dense.pts.size() - 2]);
    if (cap < L && (cap - s_now < kAtStop || length(target - pos) < kAtStop)) dir = normalized(vel);
    // The profile is read a little ahead, but not into the last 5 cm before a stop (the stopping limit
    // brings the agent there) and never before a stop-turn already done (it stands at it).
    const double look = std::max(cur * dt, kMinLook);
    const double ahead = std::max(std::min(s_now + look, std::max(s_now, cap - look)), s_turned + look);
    double limit = std::min({act.profile.speed_at(ahead),
                             stopping_speed_limit(std::max(0.0, L - s_now), ag.brake_decel, ag.reaction_dt),
                             stopping_speed_limit(std::max(0.0, cap - s_now), ag.brake_decel, ag.reaction_dt)});
    // Arrived at the end point?
    const double remaining = distance(pos, act.end);
    if (remaining <= ag.arrive_distance) limit = std::min(limit, stopping_speed_limit(remaining, ag.brake_decel, 0.0));
    if (state == FollowState::Braking) {
      const double d = std::max(0.0, s_stop - s_now);
      // Cancelling: never speed up again; brake for the stop point as the profile would.
      limit = std::min({limit, cur, stopping_speed_limit(d, ag.brake_decel, ag.reaction_dt)});
      cannot_stop = cur * cur / (2.0 * ag.brake_decel) > d + tol::kSamePoint && cur > 0.0;
      braking_cannot_stop = braking_cannot_stop || cannot_stop;
    }
    return limit;
  }

  // Moves the agent for one step: velocity towards the limit (local avoidance around blockers), then
  // over the mesh surface. Returns whether a wall stopped or deflected it.
  bool move(double t0, bool moving, double limit, Vec2 dir, bool& avoiding) {
    const double cur = length(vel);
    // Below a crawl the stopping limit only creeps towards the stop point: treat it as a stop.
    if (limit < kCrawl) limit = 0.0;
    const double speed = std::clamp(limit, std::max(0.0, cur - ag.brake_decel * dt), cur + ag.accel * dt);
    Vec2 desired = moving ? dir * speed : normalized(vel) * std::max(0.0, cur - ag.brake_decel * dt);
    avoiding = false;
    if (moving && avoidance && !w.scene.blockers.empty() && speed > 0.0) {
      // The sampling pattern scales with vmax: the agent's top speed, as DetourCrowd passes it.
      Vec2 nv = avoider.sample(w.scene, t0, pos, vel, desired, ag.max_speed, avoiding);
      nv = clamp_length(nv, speed);
      if (avoiding && !on_mesh(w.mesh(), pos + nv * dt)) avoiding = false;
      else desired = nv;
    }
    vel = vel + clamp_length(desired - vel, ag.max_accel * dt);
    if (length(vel) < tol::kStill) vel = {};
    bool collided = false;
    if (length(vel) > 0.0 && w.mesh().kind != NavMesh::Kind::Graph) {
      poly = settle(w.mesh(), pos, poly);
      const SurfaceMove m = move_along_surface(w.mesh(), walls, poly, pos, pos + vel * dt);
      poly = m.poly;
      collided = m.hit_wall;
      // Against a wall the velocity is what the move allowed.
      if (collided) vel = (m.pos - pos) / dt;
      if (length(vel) < tol::kStill) vel = {};
      pos = m.pos;
    } else {
      pos = pos + vel * dt;
    }
    if (length(vel) > tol::kStill) heading = std::atan2(vel.y, vel.x);
    return collided;
  }

  // The next off-mesh link's takeoff, when the agent stands at it following its path (s <= 0: none).
  double takeoff_cap() const {
    return next_jump < act.jumps.size() ? act.jumps[next_jump].s_takeoff : -1.0;
  }

  // Jumping (see the header): starts when the agent stands at the next takeoff, then one straight
  // move per step towards the landing. Returns whether this step was a jump step.
  bool jump(double t0) {
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
    out.steps.push_back({t0 + dt, pos, vel, act.plan.version, FollowState::Jumping, s_now, ag.max_speed, false, false,
                         false, heading, act.passed});
    return true;
  }

  // One step of following (after events and re-plans): turn, or jump, or steer and move; then arrival
  // and stall.
  void step(double t0) {
    if (turn(t0)) return;
    if (jump(t0)) return;
    double limit = 0.0;
    bool cannot_stop = false, avoiding = false;
    Vec2 dir = normalized(vel);
    const bool moving = state == FollowState::Following || state == FollowState::Braking;
    if (moving && act.dense.pts.size() >= 2) limit = speed_limit(dir, cannot_stop);
    const bool collided = move(t0, moving, limit, dir, avoiding);
    const double t1 = t0 + dt;
    if (moving) {
      const int passed = passed_index(act, pos, s_now, ag.arrive_distance);
      if (passed != act.passed) read_from(act, passed);
    }
    if (moving && act.movable && distance(pos, act.end) <= ag.arrive_distance && length(vel) <= ag.arrive_speed &&
        state == FollowState::Following) {
      state = act.plan.status == Status::Partial ? FollowState::Partial : FollowState::Arrived;
    } else if (state == FollowState::Following && stall.tick(pos, dt)) {
      state = FollowState::Blocked;
      out.failure = Failure{FailStage::Follow, Reason::Blocked,
                            "the agent moved less than " + num(stall_progress(ag)) + " m in " +
                                num(ag.stall_window) + " s (stall detector)", {}};
    }
    out.steps.push_back(
        {t1, pos, vel, act.plan.version, state, s_now, limit, avoiding, cannot_stop, collided, heading, act.passed});
  }

  // The outcome from the last state.
  void finish(double max_time) {
    const FollowState last = out.steps.empty() ? state : out.steps.back().state;
    switch (last) {
      case FollowState::Arrived:
        out.outcome = FollowOutcome::Arrived;
        out.failure.reset();
        break;
      case FollowState::Partial:
        out.outcome = FollowOutcome::Partial;
        out.failure = act.plan.failure;
        break;
      case FollowState::Blocked:
        out.outcome = FollowOutcome::Failed;
        break;
      case FollowState::Failed:
        out.outcome = FollowOutcome::Failed;
        out.failure = act.plan.failure;
        break;
      default:
        out.outcome = FollowOutcome::Failed;
        out.failure = Failure{FailStage::Follow, Reason::Timeout, "the agent did not arrive within " + num(max_time) + " s", {}};
    }
  }
};

}  // namespace

FollowResult follow(const Scene& scene, const NavMesh& mesh, const Query& query,
                    const std::vector<FollowEvent>& events_in, const FollowDef& def) {
  FollowResult out;
  World w;
  w.scene = scene;
  w.fixed = &mesh;
  w.tiles = def.tile_cache;
  w.progress = def.progress;
  std::vector<FollowEvent> events = events_in;
  std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.t < b.t; });
  if (std::string bad = check_events(w, events); !bad.empty()) {
    out.failure = Failure{FailStage::Follow, Reason::BadEvent, bad, {}};
    return out;
  }
  // A time step or time limit that is not a positive number is the caller's mistake, said as such.
  if (!(def.dt > 0.0 && std::isfinite(def.dt)) || !(def.max_time >= 0.0)) {
    out.outcome = FollowOutcome::Failed;
    out.failure = Failure{FailStage::Follow, Reason::InvalidArgument,
                          "dt must be a positive number of seconds and max_time >= 0, got dt " + num(def.dt) +
                              " s and max_time " + num(def.max_time) + " s",
                          {}};
    return out;
  }
  Run run(query, w, out, def);
  run.start();
  // Counted in 64 bits: max_time / dt may exceed the range of int (a huge --max-time).
  const double wanted_steps = std::ceil(def.max_time / run.dt);
  const long long max_steps = wanted_steps < double(kMaxSteps) ? (long long)wanted_steps : kMaxSteps;
  size_t next_event = 0;
  bool cancelled = false;
  for (long long k = 0; k < max_steps; ++k) {
    if (def.progress && def.progress->cancel.load()) {
      cancelled = true;
      break;
    }
    const double t0 = double(k) * run.dt;
    while (next_event < events.size() && events[next_event].t <= t0 + tol::kSameTime) run.apply(events[next_event++]);
    const bool standing = length(run.vel) <= tol::kStill;
    // An agent in the air lands first: a jump is never cut short.
    if (run.jump_steps == 0 && ((run.state == FollowState::Braking && standing) || run.pending_replan)) run.replan(t0);
    run.step(t0);
    if (run.state == FollowState::Arrived) break;
    const bool waiting =
        run.state == FollowState::Failed || run.state == FollowState::Partial || run.state == FollowState::Blocked;
    if (waiting && length(run.vel) <= tol::kStill && next_event >= events.size()) break;
  }
  run.finish(def.max_time);
  if (cancelled) {
    out.outcome = FollowOutcome::Failed;
    std::string why = "the run was stopped after " + std::to_string(out.steps.size()) + " steps";
    if (!w.bake_stopped.empty()) why += ", and its bake again for " + w.bake_stopped;
    out.failure = Failure{FailStage::Follow, Reason::Cancelled, why, {}};
  }
  return out;
}

}  // namespace navlab
