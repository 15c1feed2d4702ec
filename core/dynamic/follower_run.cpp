// The follower's plan and the world's changes (follower_run.h): the first plan, events, invalidation,
// re-plans, the channel smoothing's spline updates and the way back onto the navmesh.
#include "follower_run.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "channel_plan.h"

namespace navlab::following {

namespace {

constexpr double kWayBackInset = 0.05;  // m; the way back ends this far inside the navmesh past the point
                                        // locate found (so the agent stands on it, not on its border)

// The direction the path of `a` leaves in, if it goes anywhere.
std::optional<Vec2> start_direction(const Active& a) {
  for (size_t i = 1; i < a.dense.pts.size(); ++i)
    if (distance(a.dense.pts[i], a.dense.pts[0]) > tol::kSamePoint) return normalized(a.dense.pts[i] - a.dense.pts[0]);
  return std::nullopt;
}

// The end of the way back from `from` to `located`: kWayBackInset further on when that is on the navmesh.
Vec2 way_back_end(const World& w, Vec2 from, Vec2 located) {
  const Vec2 deeper = located + normalized(located - from) * kWayBackInset;
  return on_navmesh(w, deeper) ? deeper : located;
}

}  // namespace

double angle_between(double from, double to) {
  double d = std::remainder(to - from, 2.0 * std::numbers::pi);
  if (d <= -std::numbers::pi) d += 2.0 * std::numbers::pi;
  return d;
}

Run::Run(const Query& q, World& world, FollowResult& result, const FollowDef& def)
    : query(q),
      ag(world.scene.agent),
      w(world),
      out(result),
      dt(def.dt),
      avoidance(def.avoidance),
      smoothing(def.smoothing),
      stable_distance(def.stable_distance),
      stall(ag.stall_window, stall_progress(ag)),
      avoider(world.scene.blockers.size()) {}

void Run::start() {
  pos = query.start.plane;
  height = query.start.height;
  walls = w.walls();
  Active first = spline_for(plan_here(0.0), 0.0);
  if (!first.walk_back && first.plan.status != Status::Failed && !first.dense.pts.empty())
    pos = first.dense.pts.front();  // within a millimetre: locate placed it there
  act = std::move(first);
  out.plans.push_back(act.plan);
  if (auto d = start_direction(act)) heading = std::atan2(d->y, d->x);  // facing along its path
  state = act.plan.status == Status::Failed ? FollowState::Failed : FollowState::Following;
  stall.reset(pos);
  poly = settle(w.mesh(), pos, act.plan.start);
}

// The plan from where the agent is (graph scenes: from the node it is at or last passed), as the next
// corridor version.
Active Run::plan_here(double t) const {
  const bool graph = w.mesh().kind == NavMesh::Kind::Graph;
  const int node = graph && !act.plan.corridor.empty() ? act.plan.corridor[size_t(act.passed)] : -1;
  return adopt(w, pos, height, query, version + (out.plans.empty() ? 0 : 1), t, node, smoothing);
}

// What the agent follows of the plan `next` made where it stands: the way back when it is off the
// navmesh, and with the channel smoothing the spline update_spline() chooses for a standing agent (the
// fresh one, OutOfNavMesh, or Failure).
Active Run::spline_for(Active next, double t) {
  const bool graph = w.mesh().kind == NavMesh::Kind::Graph;
  const bool off = !graph && !on_navmesh(w, pos);
  const bool fresh = next.movable && next.plan.status != Status::Failed;
  if (!channel()) {
    if (off && next.located) return way_back(w, pos, way_back_end(w, pos, *next.located), next.plan.version, t);
    return next;
  }
  SplineUpdate u = spline_update(fresh && !next.spline.pieces.empty() ? &next.spline : nullptr, false);
  u.on_navmesh = !off;
  if (off && next.located) u.way_back = way_back_end(w, pos, *next.located);
  // Standing (the first plan, a re-plan once stopped): nothing to keep, the stable tail is for an agent
  // in motion (join_in_motion); a failed plan is a Failure, the agent stands.
  u.previous = nullptr;
  SplineTrace trace;
  const Spline s = update_spline(u, &trace);
  if (s.mode == SplineMode::OutOfNavMesh) {
    Active back = way_back(w, pos, *u.way_back, next.plan.version, t);
    follow_spline(back, w, s);
    record_spline(t, back.plan.version, s, trace, nullptr);
    return back;
  }
  if (u.fresh) {
    follow_spline(next, w, s);
  } else {
    next.plan.spline_mode = s.mode;
    if (next.plan.status != Status::Failed && !next.plan.failure) next.plan.status = Status::Failed;
  }
  record_spline(t, next.plan.version, s, trace, u.fresh ? nullptr : &next);
  return next;
}

// A change that touches the plan's read set: the plan is made again (see change_plan); one that does
// not is recorded as ignored.
void Run::invalidate(const NavChange& change, double t) {
  const Touch touch = touches(act.reads, change);
  if (!touch.touched) {
    out.ignored.push_back("t " + num(t) + " s: " + change.describe() + " The plan (version " +
                          std::to_string(act.plan.version) + ") did not read it.");
    return;
  }
  change_plan(change.cause(), change.describe() + " " + touch.why, stop_point(act, w, change, s_now, ag.radius), t);
}

// The plan must be made again for `cause`. With the channel smoothing an agent in motion first tries a
// fresh plan from where it is: when its spline joins the stable tail of the one followed it goes on
// without stopping; otherwise that spline is Frozen up to where it is safe and the agent brakes to stand
// before its end. Either smoothing then re-plans from where the agent stands (`stop_at`: where braking
// must end at the latest, m along the path; < 0: where braking comfortably ends).
void Run::change_plan(const std::string& cause, const std::string& detail, double stop_at, double t) {
  const bool in_motion =
      (state == FollowState::Following || state == FollowState::Braking) && length(vel) > tol::kStill;
  double frozen_end = -1.0;
  if (channel() && in_motion && !act.walk_back && jump_steps == 0 && act.jumps.empty()) {
    if (join_in_motion(cause, detail, t, frozen_end)) return;
  }
  if (frozen_end >= 0.0) {
    const double v = length(vel);
    const double comfortable = s_now + v * v / (2.0 * brake_rate()) + v * ag.reaction_dt;
    stop_at = std::min(stop_at >= 0.0 ? stop_at : comfortable, frozen_end);
  }
  brake_to_replan(cause, detail, stop_at);
}

// Channel smoothing, agent in motion: a fresh plan from here, through update_spline() with the agent
// committed to the spline it follows. True when the fresh spline joined its stable tail and was taken;
// otherwise `frozen_end` is where the Frozen spline ends (m along the path).
bool Run::join_in_motion(const std::string& cause, const std::string& detail, double t, double& frozen_end) {
  Active next = plan_here(t);
  if (!on_navmesh(w, pos)) {
    // The change put the agent off the navmesh (a door closed on it): no spline from here joins; it
    // brakes and, standing, takes the way back (OutOfNavMesh, or Failure when there is none).
    SplineUpdate u = spline_update(nullptr, true);
    u.on_navmesh = false;
    if (next.located) u.way_back = way_back_end(w, pos, *next.located);
    SplineTrace trace;
    record_spline(t, act.plan.version, update_spline(u, &trace), trace, nullptr);
    return false;
  }
  const bool fresh = next.movable && next.plan.status != Status::Failed && !next.spline.pieces.empty();
  SplineTrace trace;
  const Spline s = update_spline(spline_update(fresh ? &next.spline : nullptr, true), &trace);
  if (s.mode == SplineMode::Frozen || s.mode == SplineMode::Failure) {
    record_spline(t, act.plan.version, s, trace, fresh ? nullptr : &next);
    mode = s.mode;
    frozen_end = s_now + s.length;
    return false;
  }
  follow_spline(next, w, s);
  record_spline(t, next.plan.version, s, trace, nullptr);
  pending_cause = cause;
  pending_detail = detail + " The new spline joins the one followed " +
                   num(s.length > 0.0 ? out.spline_updates.back().kept : 0.0) +
                   " m ahead: the agent goes on without stopping.";
  take(std::move(next), t, false);
  return true;
}

// Re-plan for `cause`: now when standing still, else after braking to a stop at `stop_at` (m along the
// path; < 0: where braking comfortably from the current speed ends).
void Run::brake_to_replan(std::string cause, std::string detail, double stop_at) {
  pending_cause = std::move(cause);
  pending_detail = std::move(detail);
  if (state != FollowState::Following && state != FollowState::Braking) {
    pending_replan = true;  // standing still already: re-plan now
    return;
  }
  const double v = length(vel);
  const double comfortable = s_now + v * v / (2.0 * brake_rate()) + v * ag.reaction_dt;
  const double stop = stop_at >= 0.0 ? stop_at : comfortable;
  s_stop = s_stop >= 0.0 ? std::min(s_stop, stop) : stop;
  state = FollowState::Braking;
  stall.reset(pos);
}

// The goal moved (a re-plan trigger like a door): the plan's goal is stale whatever it
// reads, so the plan is made again.
void Run::move_goal(const FollowEvent& e) {
  query.goal = e.goal;
  const std::string where = e.goal.node.empty() ? point_text(e.goal.plane) : "node " + e.goal.node;
  change_plan("goal_moved", "The goal moved to " + where + ".", -1.0, e.t);
}

// Door `id` closed or opened (`close`); false when it already was.
bool Run::set_door(const FollowEvent& e, bool close, bool was_closed) {
  auto& add = close ? w.overrides.closed : w.overrides.opened;
  auto& drop = close ? w.overrides.opened : w.overrides.closed;
  drop.erase(std::remove(drop.begin(), drop.end(), e.door), drop.end());
  if (!std::count(add.begin(), add.end(), e.door)) add.push_back(e.door);
  if (was_closed != close) return true;
  out.ignored.push_back("t " + num(e.t) + " s: door " + e.door + " was already " + (was_closed ? "closed." : "open."));
  return false;
}

// Door `e.door` moved to `e.to`. True when the bake ran again and the change was handled.
bool Run::move_door(const FollowEvent& e) {
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

void Run::apply(const FollowEvent& e) {
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
  walls = w.walls();
  const NavChange change =
      door_change(kind, e.door, before, kind == NavChange::Kind::DoorMoved ? w.covers() : before, was_closed);
  // Connections are compared by key: in the read set and against the plan's portals (stop points).
  NavChange keyed = change;
  keyed.connections = w.keyed(change.connections);
  invalidate(keyed, e.t);  // records it as ignored when it touches nothing the plan reads
}

// Re-plans from where the agent stands (graph scenes: from the node it is at or last passed).
void Run::replan(double t0) { take(spline_for(plan_here(t0), t0), t0, true); }

// `next` becomes the plan followed, as the next corridor version, with the re-plan recorded; the
// controller starts on it (`standing`: from rest, turning in place first when the path leaves in another
// direction; else the agent goes on at its speed, from the start of the new path).
void Run::take(Active next, double t, bool standing) {
  pending_replan = false;
  ++version;
  next.plan.version = version;
  act = std::move(next);
  out.plans.push_back(act.plan);
  out.replans.push_back({t, pending_cause, version, pending_detail, act.plan.status, braking_cannot_stop});
  if (channel()) mode = act.plan.spline_mode;
  braking_cannot_stop = false;
  next_stop = 0;
  next_jump = 0;
  jump_steps = 0;
  s_turned = -1.0;
  turning = false;
  s_now = 0.0;
  s_stop = -1.0;
  walls = w.walls();
  poly = settle(w.mesh(), pos, act.plan.start >= 0 ? act.plan.start : poly);
  stall.reset(pos);
  state = act.plan.status == Status::Failed ? FollowState::Failed : FollowState::Following;
  if (!standing) return;
  vel = {};
  // A new path that leaves in another direction starts with a turn in place.
  if (auto d = start_direction(act);
      d && ag.can_turn_in_place && std::abs(angle_between(heading, std::atan2(d->y, d->x))) > tol::kSameHeading) {
    turning = true;
    turn_to = std::atan2(d->y, d->x);
    turn_is_stop = false;
  }
}

// The spline update for the agent where it is now on the spline it follows.
SplineUpdate Run::spline_update(const Spline* fresh, bool committed) const {
  SplineUpdate u;
  u.previous = act.spline.pieces.empty() ? nullptr : &act.spline;
  u.s = s_now;
  u.position = pos;
  u.fresh = fresh;
  u.obstacles = scene_obstacles(w.scene, w.overrides, false);  // closed doors: blockers are passing
  u.clearance = ag.radius;
  const double v = length(vel);
  u.stable_distance = std::max(stable_distance, v * ag.reaction_dt + v * v / (2.0 * brake_rate()));
  u.committed = committed;
  return u;
}

// Records a spline update (`failed`: the plan whose failure made it, its reason added).
void Run::record_spline(double t, int at_version, const Spline& s, const SplineTrace& trace, const Active* failed) {
  SplineChange c{t, at_version, s.mode, s.recompute_needed, 0.0, ""};
  for (const SplineStep& st : trace.steps) {
    if (st.kind == SplineStep::Kind::TailKept) c.kept = st.distance;
    c.why += (c.why.empty() ? "" : " ") + st.describe();
  }
  if (c.why.empty()) c.why = std::string("The new plan's spline is followed (") + to_string(s.mode) + ").";
  if (failed && failed->plan.failure)
    c.why += " The plan failed: " + std::string(to_string(failed->plan.failure->reason)) + ", " +
             failed->plan.failure->message;
  mode = s.mode;
  out.spline_updates.push_back(std::move(c));
}

void Run::finish(double max_time) {
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
      out.failure =
          Failure{FailStage::Follow, Reason::Timeout, "the agent did not arrive within " + num(max_time) + " s", {}};
  }
}

}  // namespace navlab::following
