// One follower simulation (core/dynamic/follower.h) as follow() runs it: the world, the plan being
// followed, the agent and the controller's state. Inside core/dynamic only.
//   follower_run.cpp     the plan and the world's changes: start, events, invalidation, re-plans, the
//                        channel smoothing's spline updates, the way back onto the navmesh, the outcome;
//   follower_motion.cpp  one step of motion: turning in place, jumping, the speed the plan allows where
//                        the move ends, the velocity within the budget, the move over the surface.
#pragma once

#include <optional>
#include <string>

#include "avoider.h"
#include "follower.h"
#include "follower_plan.h"
#include "spline_update.h"

namespace navlab::following {

struct Run {
  Query query;  // a goal event moves its goal
  const AgentDef& ag;
  World& w;
  FollowResult& out;
  double dt;
  bool avoidance;  // FollowDef::avoidance: steer around the scene's blockers
  Smoothing smoothing;
  double stable_distance;  // FollowDef::stable_distance

  Active act;
  Vec2 pos, vel;
  double height = 0.0, heading = 0.0;
  int version = 1;
  int poly = -1;       // the polygon the agent stands in (-1: graph, or off every polygon)
  SearchFilter walls;  // what the agent slides along besides the mesh border
  FollowState state = FollowState::Following;
  std::optional<SplineMode> mode;     // Smoothing::Channel: the mode of the spline followed now
  size_t next_stop = 0;               // first stop-turn of the path not done yet
  bool turning = false;               // turning in place ...
  double turn_to = 0.0;               // ... towards this heading (rad)
  bool turn_is_stop = false;          // the turn is stop-turn `next_stop` (else: aligning to a new plan)
  double s_turned = -1.0;             // m, the last stop-turn done on this path
  double s_now = 0.0, s_stop = -1.0;  // m along the path: where the agent is, where braking must end
  double step_cap = -1.0;             // m, this step's next stop along the path (< 0: not following one)
  bool pending_replan = false;
  std::string pending_cause, pending_detail;
  bool braking_cannot_stop = false;  // a braking step since the last re-plan could not stop in time
  size_t next_jump = 0;              // first off-mesh link of the path not crossed yet
  int jump_steps = 0;                // steps of the jump under way (0: not jumping)
  int jump_step = 0;                 // ... of which this many are done
  StallDetector stall;
  Avoider avoider;

  Run(const Query& q, World& world, FollowResult& result, const FollowDef& def);

  // ---- follower_run.cpp ----
  void start();
  void apply(const FollowEvent& e);  // one event, due now
  void replan(double t0);            // from where the agent stands
  void finish(double max_time);      // the outcome from the last state
  bool channel() const { return smoothing == Smoothing::Channel && w.mesh().kind != NavMesh::Kind::Graph; }

  void invalidate(const NavChange& change, double t);
  void change_plan(const std::string& cause, const std::string& detail, double stop_at, double t);
  void brake_to_replan(std::string cause, std::string detail, double stop_at);
  void move_goal(const FollowEvent& e);
  bool set_door(const FollowEvent& e, bool close, bool was_closed);
  bool move_door(const FollowEvent& e);
  bool join_in_motion(const std::string& cause, const std::string& detail, double t, double& frozen_end);
  Active plan_here(double t) const;
  Active spline_for(Active next, double t);
  void take(Active next, double t, bool standing);
  SplineUpdate spline_update(const Spline* fresh, bool committed) const;
  void record_spline(double t, int at_version, const Spline& s, const SplineTrace& trace, const Active* failed);

  // ---- follower_motion.cpp ----
  void step(double t0);
  bool turn(double t0);
  bool jump(double t0);
  double takeoff_cap() const;
  double brake_rate() const;
  double profile_min(double a, double b) const;
  double allowed_at(double q, double cap, double cur) const;
  double slow_for_turn(Vec2 dir, double v, double lo) const;
  double step_speed(Vec2& dir, double& limit, bool& cannot_stop);
  double end_s(Vec2 v) const;
  double held(double v) const;
  Vec2 within_plan(Vec2 before, Vec2 v) const;
  bool move(double t0, bool moving, double speed, Vec2 dir, bool& avoiding);
  void judge(bool moving);
  void record(double t, FollowState st, double limit, bool avoiding, bool cannot_stop, bool collided);
};

// Signed angle (rad, in (-π, π]) that turns direction `from` onto direction `to`.
double angle_between(double from, double to);

}  // namespace navlab::following
