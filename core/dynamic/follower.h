// The follower: a fixed-step simulation of one agent following its plan while doors open, close and
// move and transient blockers pass (the stall detector is the one of
// docs/sidescroller.md).
//
// Every step (dt seconds):
//   1. Events due at t change the navigation state (door closed, opened or moved). Each change is
//      checked against the current plan's read set (core/search/corridor_version.h): a change that does not
//      touch it is ignored; one that does invalidates the corridor. A door the bake marked is baked again
//      where it moved to: with FollowDef::tile_cache only the tiles under its old and new footprints
//      (tiles_rebuilt), else the whole single-tile mesh (mesh_rebaked, which every plan read). Other
//      doors gate the edges their new shape covers (door_moved).
//   2. Following: the agent is projected onto the smoothed path (arc length s, never moving backwards);
//      the target is the farthest path point at most `agent.lookahead` metres further on (never past
//      the next stop-turn) whose straight line from the agent keeps within kSteerTolerance (plus the
//      agent's distance from the path) of the path between: the agent does not cut inside corners. The
//      speed of a step is held over the whole step, so it is the fastest the budget reaches that the plan
//      allows where the move ends (the profile's braking envelope over the stretch, the reaction-step
//      stopping limits for the distance left and for the next stop-turn, half a step's travel of room
//      for braking step by step); a velocity that local avoidance or a turn the budget cannot make at
//      once would carry past that limit is brought back within it, speed before direction. So no step
//      is faster than agent.max_speed or the plan's limit where it ends. At a stop-turn the agent stands (speed 0) and
//      turns its heading in place at agent.max_turn_rate until it points along the next segment (state turning: θ /
//      max_turn_rate seconds, rounded up to whole steps), then goes on. A re-planned path that starts in another
//      direction than the agent's heading begins with such a turn too. Invalidated: the agent keeps moving along the
//      old path but brakes for the point where the path crosses the change (the door's connection, or after a bake the
//      first point that cannot be stood on), never faster than the profile, until it stands still; then it re-plans
//      from where it actually is (a new corridor version). Graph scenes re-plan from the node the agent is at or last
//      passed; the new path leads from the agent's position back to that node first when it stands past it.
//   The plan's read set shrinks as the agent moves on: the polygons (graph nodes) it has left behind
//   and the connections between them are dropped, so a door closing behind it changes nothing.
//   3. Transient blockers change only the local velocity: DetourCrowd's dtObstacleAvoidanceQuery samples
//      a velocity around the circles (boxes: their bounding circles) moving with their velocity. They
//      never invalidate a plan and never cause a re-plan.
//   4. The velocity changes by at most agent.max_accel·dt per step (as a vector), speeding up by at
//      most accel·dt and slowing down by at most brake_decel·dt: it never jumps, except against a wall.
//      The move is made over the mesh surface (move_along_surface): the agent slides along walls and
//      never leaves the mesh; a closed door is a wall, so an agent that cannot stop before a door that
//      closed too late stops against it (the step records `collided`, the braking steps and the
//      re-plan `cannot_stop`), and every re-plan starts from a point on the mesh.
//   Off-mesh links: the agent brakes to stand at a link's takeoff (as at a stop-turn, after turning there
//   if the path has a stop-turn), then jumps: a straight line to the landing at agent.max_speed, taking
//   link length / max_speed seconds (rounded up to whole steps; state jumping), the one move that leaves
//   the mesh. It lands standing and follows the path on from the landing.
//   Smoothing::Channel: the spline followed is updated (core/channel/spline_update.h) at each plan
//   adopted, at each invalidating change while the agent moves (a fresh plan from where it is: its
//   spline joins the stable tail and the agent goes on without stopping, or the old spline is Frozen up
//   to where it is safe and the agent brakes before its end), and when the agent is off the navmesh (a
//   door closed on it: OutOfNavMesh, the straight way back, the one walk that crosses walls, then a
//   re-plan, cause back_on_navmesh). A failed plan is Failure. FollowResult::spline_updates lists them.
//   5. Arrival is judged on the real position and speed: within arrive_distance of the end point and
//      slower than arrive_speed. A stall detector reports blocked: less progress than
//      stall_progress(agent) over stall_window.
// Outcomes: arrived; partial (reached the end of a partial plan: the nearest reachable point, not the
// goal); failed (the plan failed: the reason and blocked_by are kept, the agent stands still; or
// blocked; or the time ran out). A failed agent keeps waiting while events are pending: opening a door
// that blocked it re-plans.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "corridor_version.h"
#include "enum_names.h"
#include "geom.h"
#include "navmesh.h"
#include "profile.h"
#include "result.h"
#include "scene.h"
#include "search.h"
#include "spline.h"
#include "surface.h"
#include "turns.h"

namespace navlab {

class TileCache;
struct BakeProgress;

// A change scheduled at time t (s): a door closes, opens or moves, or the goal moves (Goal: the agent
// brakes comfortably, as for a change it cannot see, and re-plans from where it stops to `goal`).
struct FollowEvent {
  enum class Kind { Close, Open, Move, Goal };
  double t = 0.0;
  Kind kind = Kind::Close;
  std::string door;
  std::vector<Vec2> to;     // Move: the new segment (2 points) or polygon, planning plane, m
  bool to_polygon = false;  // Move: `to` is a polygon
  ScenePoint goal;          // Goal: the new goal (graph scenes: a node id)
};

// What the agent follows between the corridor's corners: the arcs of core/motion (default) or the
// circle-arc spline fitted in the channel around the funnel path (core/channel; polygon
// meshes only: graph scenes always use their stop-turns).
enum class Smoothing { Arcs, Channel };
inline constexpr Named<Smoothing> kSmoothingNames[] = {
    {Smoothing::Arcs, "arcs"},
    {Smoothing::Channel, "channel"},
};
static_assert(names_cover(kSmoothingNames, Smoothing::Channel));
inline const char* to_string(Smoothing v) { return name_in(kSmoothingNames, v); }

struct FollowDef {
  double dt = 0.05;         // s; fixed step (not > 0: follow() fails, invalid_argument) [Limit: > 0]
  double max_time = 120.0;  // s; the simulation stops (failed, "timeout") after this
  bool avoidance = true;    // local avoidance of scene.blockers
  Smoothing smoothing = Smoothing::Arcs;
  // Baked scenes: when set, the plan runs on this tile cache's mesh (baked from the scene, every door
  // marked) and a door move rebuilds only the tiles it touches.
  TileCache* tile_cache = nullptr;
  // Optional, shared with another thread: once its `cancel` is set the run stops before its next step,
  // and a bake again under way (a baked door moved) before that bake's next phase or tile. The result
  // then has the steps so far, outcome failed, reason "cancelled".
  BakeProgress* progress = nullptr;
  // Smoothing::Channel: the spline followed is kept at least this far ahead of the agent when its channel
  // is updated (the stable distance; longer when the agent needs more to stop). m  [Limit: >= 0]
  double stable_distance = 5.0;
};

// Jumping: crossing an off-mesh link (NavMesh::links), the one move off the mesh (see Run's jump below).
enum class FollowState { Following, Turning, Braking, Arrived, Partial, Failed, Blocked, Jumping };

// How a run ended; JSON names "arrived", "partial", "failed" (to_string).
enum class FollowOutcome { Arrived, Partial, Failed };
inline constexpr Named<FollowOutcome> kFollowOutcomeNames[] = {
    {FollowOutcome::Arrived, "arrived"},
    {FollowOutcome::Partial, "partial"},
    {FollowOutcome::Failed, "failed"},
};
static_assert(names_cover(kFollowOutcomeNames, FollowOutcome::Failed));
inline const char* to_string(FollowOutcome v) { return name_in(kFollowOutcomeNames, v); }
// "following", "turning", "braking", "arrived", "partial", "failed", "blocked", "jumping"
inline constexpr Named<FollowState> kFollowStateNames[] = {
    {FollowState::Following, "following"}, {FollowState::Turning, "turning"}, {FollowState::Braking, "braking"},
    {FollowState::Arrived, "arrived"},     {FollowState::Partial, "partial"}, {FollowState::Failed, "failed"},
    {FollowState::Blocked, "blocked"},     {FollowState::Jumping, "jumping"},
};
static_assert(names_cover(kFollowStateNames, FollowState::Jumping));
inline const char* to_string(FollowState v) { return name_in(kFollowStateNames, v); }

// One simulation step (the state after it).
struct FollowStep {
  double t = 0.0;  // s, time at the end of the step
  Vec2 pos;        // m
  Vec2 vel;        // m/s
  int corridor_version = 0;
  FollowState state = FollowState::Following;
  double s = 0.0;            // m, where the step ended, projected on the current path (never backwards)
  double speed_limit = 0.0;  // m/s, the plan's limit where the step ended: min(profile, stopping limits)
  bool avoiding = false;     // local avoidance changed the velocity
  bool cannot_stop = false;  // braking: the stop point is closer than the braking distance
  bool collided = false;     // the move was stopped or deflected by a wall (mesh border or closed door)
  double heading = 0.0;      // rad, counter-clockwise from +x: the agent's facing (turns in place at stop-turns)
  int passed = 0;            // index in the plan's corridor of the polygon (node) the agent is in (last passed)
  std::optional<SplineMode> spline_mode;  // Smoothing::Channel: the mode of the spline followed
  std::string describe() const;           // one sentence with its numbers
};

// A re-plan after an invalidating change (or a failed plan that waits).
struct Replan {
  double t = 0.0;
  std::string cause;                 // NavChange::cause() (door_closed, door_opened, door_moved, tiles_rebuilt,
                                     // mesh_rebaked), goal_moved, or back_on_navmesh (the shortcut back has ended)
  int version = 0;                   // the corridor version adopted
  std::string detail;                // the change and the read item it touched
  Status status = Status::Complete;  // of the new plan
  bool cannot_stop = false;          // the agent could not stop before the change: it stopped against it
  std::string describe() const;
};

// A plan adopted by the follower (for drawing).
struct FollowPlan {
  int version = 0;
  double t = 0.0;
  Status status = Status::Complete;
  std::optional<Failure> failure;
  int start = -1;  // polygon (graph node) the plan starts from, -1 when off the mesh
  std::vector<int> corridor;
  SmoothPath path;
  std::optional<SplineMode> spline_mode;  // Smoothing::Channel: how good the spline followed is (never
                                          // unset on polygon meshes: Failure when none could be followed)
  Profile profile;                        // of `path`
  ReadSet reads;  // of the whole corridor, at adoption (the follower checks the part not passed)
};

// Smoothing::Channel: one update of the spline followed (core/channel/spline_update.h), at each plan the
// agent adopts, at each change that invalidates its plan while it moves, and when it is off the navmesh.
struct SplineChange {
  double t = 0.0;   // s
  int version = 0;  // the corridor version followed after it
  SplineMode mode = SplineMode::Failure;
  bool recompute_needed = false;
  double kept = 0.0;             // m of the previous spline kept ahead of the agent (the stable tail; 0: none)
  std::string why;               // the update's own sentences, or the plan's failure
  std::string describe() const;  // one sentence with its numbers
};

struct FollowResult {
  FollowOutcome outcome = FollowOutcome::Failed;
  std::optional<Failure> failure;  // failed/partial: why (stage "follow" reason "blocked" / "timeout" /
                                   // "cancelled", or the plan's failure with blocked_by)
  std::vector<FollowStep> steps;
  std::vector<Replan> replans;
  std::vector<FollowPlan> plans;             // every adopted plan, version order
  std::vector<std::string> ignored;          // changes that touched no read set, as sentences
  std::vector<SplineChange> spline_updates;  // Smoothing::Channel, in time order
};

// Runs the follower for `query` on `mesh` (built from `scene`). `scene` is copied; its doors change
// with the events. Events need not be sorted. An event naming an unknown door is a failure value
// (stage "follow", reason "bad_event") returned before any step.
FollowResult follow(const Scene& scene, const NavMesh& mesh, const Query& query, const std::vector<FollowEvent>& events,
                    const FollowDef& def = {});

// The progress (m) below which the follower's stall detector reports blocked over agent.stall_window:
// agent.stall_min_progress, but never more than kStallSpeedShare of what the agent covers at its top
// speed in the window (a slow agent is not blocked for being slow).
constexpr double kStallSpeedShare = 0.25;
double stall_progress(const AgentDef& agent);

// The stall detector of docs/sidescroller.md: reports when the net displacement over a window is below a minimum.
class StallDetector {
 public:
  StallDetector(double window_s, double min_progress_m) : window_(window_s), min_progress_(min_progress_m) {}
  // Restarts the window at `pos` (start, new target, after a report).
  void reset(Vec2 pos) {
    anchor_ = pos;
    elapsed_ = 0.0;
  }
  // Advances by dt (s); true when the window is over and the displacement is below the minimum (the
  // window then restarts).
  bool tick(Vec2 pos, double dt);

 private:
  double window_, min_progress_;
  Vec2 anchor_;
  double elapsed_ = 0.0;
};

}  // namespace navlab
