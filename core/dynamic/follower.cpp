// The follower's public face (follower.h): names, sentences, the stall detector and follow(), which
// runs a following::Run step by step (follower_run.h).
#include "follower.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "follower_run.h"
#include "tolerances.h"

namespace navlab {

using namespace following;

namespace {

constexpr long long kMaxSteps = 1LL << 40;  // steps; a bound no simulation reaches, so the count never overflows

}  // namespace

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

std::string SplineChange::describe() const {
  std::string text =
      "t " + num(t) + " s: spline " + to_string(mode) + " on corridor version " + std::to_string(version);
  if (kept > 0.0) text += ", the previous spline kept " + num(kept) + " m ahead";
  if (recompute_needed) text += ", a new plan is needed";
  return text + ". " + why;
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

// Success when every event names a door the scene (or a graph edge) has and every move has a shape; else fails with the
// message for the first that does not.
Result<void> check_events(const World& w, const std::vector<FollowEvent>& events) {
  const auto known = w.covers();
  for (const FollowEvent& e : events) {
    if (e.kind == FollowEvent::Kind::Goal) {
      const bool graph = w.mesh().kind == NavMesh::Kind::Graph;
      if (graph && w.mesh().node_index(e.goal.node) < 0)
        return Error{"goal event at t " + num(e.t) + " s names node '" + e.goal.node + "', which is not in the graph"};
      if (!graph && !e.goal.node.empty())
        return Error{"goal event at t " + num(e.t) + " s names a node; this scene's goals are points"};
      continue;
    }
    const bool in_scene =
        std::any_of(w.scene.doors.begin(), w.scene.doors.end(), [&](const Door& d) { return d.id == e.door; });
    const bool gate = std::any_of(known.begin(), known.end(), [&](const DoorCover& c) { return c.door == e.door; });
    const bool move = e.kind == FollowEvent::Kind::Move;
    if ((move && !in_scene) || (!in_scene && !gate) || (move && e.to.size() < (e.to_polygon ? 3u : 2u)))
      return Error{"event at t " + num(e.t) + " s names door '" + e.door + "', which " +
                   (in_scene || gate ? "cannot move there" : "is not in the scene")};
  }
  return {};
}

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
  if (Result<void> bad = check_events(w, events); !bad) {
    out.failure = Failure{FailStage::Follow, Reason::BadEvent, bad.error(), {}};
    return out;
  }
  // A time step or time limit that is not a positive number is the caller's mistake, said as such.
  if (!(def.dt > 0.0 && std::isfinite(def.dt)) || !(def.max_time >= 0.0) || !(def.stable_distance >= 0.0)) {
    out.outcome = FollowOutcome::Failed;
    out.failure =
        Failure{FailStage::Follow,
                Reason::InvalidArgument,
                "dt must be a positive number of seconds, max_time and stable_distance >= 0, got dt " + num(def.dt) +
                    " s, max_time " + num(def.max_time) + " s and stable_distance " + num(def.stable_distance) + " m",
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
