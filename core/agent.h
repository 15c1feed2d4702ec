// The agent that follows a plan: body, speed limits, turning, and follower tolerances.
// Every field has its default here; units are SI (m, s, rad).
#pragma once

#include <string>
#include <vector>

#include "geom.h"

namespace navlab {

enum class CornerMode { Stop, Arc, Auto };  // auto: an arc when one fits, else a stop-turn

inline const char* to_string(CornerMode m) {
  switch (m) {
    case CornerMode::Stop: return "stop";
    case CornerMode::Arc: return "arc";
    case CornerMode::Auto: return "auto";
  }
  return "auto";
}

struct AgentDef {
  double radius = 0.5;           // m; body radius (a baked mesh is already eroded by bake.agent_radius)
  double max_speed = 4.0;        // m/s; speed limit on straight segments          [Limit: > 0]
  double accel = 2.0;            // m/s²; forward acceleration                      [Limit: > 0]
  double brake_decel = 2.0;      // m/s²; braking deceleration                      [Limit: > 0]
  double reaction_dt = 0.1;      // s; reaction step of the discrete controller     [Limit: >= 0]
  double lateral_accel = 2.0;    // m/s²; limit of v²/R on arcs                      [Limit: > 0]
  double max_accel = 3.0;        // m/s²; total budget sqrt(a_t² + (v²/R)²)          [Limit: > 0]
  double turn_radius = 1.0;      // m; preferred arc radius at corners              [Limit: > 0]
  double min_turn_radius = 0.2;  // m; below this an arc becomes a stop-turn        [Limit: >= 0]
  bool can_turn_in_place = true; // stop-turns allowed (false: a vehicle that needs arcs)
  double max_turn_rate = 3.14159265358979323846;  // rad/s; in-place turning speed [Limit: > 0]
  CornerMode corner_mode = CornerMode::Auto;
  // DistanceToInnerCorner(width): piecewise-affine through (0,0) and these (width, distance) points,
  // each distance <= width/2, constant after the last. Default one point (0.4, 0.2).
  std::vector<Vec2> inner_corner{{0.4, 0.2}};
  std::vector<std::string> excluded_areas;  // area names the agent may not enter
  // Follower (path following) tolerances.
  double arrive_distance = 0.1;  // m; arrived when this close to the goal ...
  double arrive_speed = 0.1;     // m/s; ... and this slow
  double lookahead = 1.0;        // m; target point distance ahead of the projection on the path
  double stall_window = 2.0;     // s; stall detector window
  double stall_min_progress = 0.2;  // m; less progress than this over the window = blocked
  friend bool operator==(const AgentDef&, const AgentDef&) = default;
};

}  // namespace navlab
