// The agent that follows a plan: body, speed limits, turning, and follower tolerances.
// Every field has its default here; units are SI (m, m/s, m/s², s, rad, rad/s).
//
// Why these defaults: max_speed 4 m/s, brake_decel 2 m/s² and reaction_dt 0.1 s are the numbers of the
// seed's braking example (braking starts 4.4 m before a stop). lateral_accel 2 m/s² with max_accel
// 3 m/s² leaves sqrt(3² − 2²) ≈ 2.24 m/s² of tangential budget at an arc's speed limit, so the total
// budget never cuts into accel or brake_decel with the defaults. turn_radius 1 m and min_turn_radius
// 0.2 m suit a person-sized body (radius 0.5 m) in rooms and corridors a few metres wide.
#pragma once

#include <string>
#include <vector>

#include "enum_names.h"
#include "geom.h"

namespace navlab {

enum class CornerMode { Stop, Arc, Auto };  // auto: an arc when one fits, else a stop-turn

inline constexpr Named<CornerMode> kCornerModeNames[] = {
    {CornerMode::Stop, "stop"},
    {CornerMode::Arc, "arc"},
    {CornerMode::Auto, "auto"},
};
static_assert(names_cover(kCornerModeNames, CornerMode::Auto));
inline const char* to_string(CornerMode v) { return name_in(kCornerModeNames, v); }

struct AgentDef {
  double radius = 0.5;            // m; body radius (a baked mesh is already eroded by bake.agent_radius)
  double max_speed = 4.0;         // m/s; speed limit on straight segments          [Limit: > 0]
  double accel = 2.0;             // m/s²; forward acceleration                      [Limit: > 0]
  double brake_decel = 2.0;       // m/s²; braking deceleration                      [Limit: > 0]
  double reaction_dt = 0.1;       // s; reaction step of the discrete controller: speed is held this long
                                  // before braking starts                           [Limit: >= 0]
  double lateral_accel = 2.0;     // m/s²; limit of v²/R on arcs: arc speed <= sqrt(lateral_accel·R)
                                  // (the profile uses min(lateral_accel, max_accel)) [Limit: > 0]
  double max_accel = 3.0;         // m/s²; total budget: |a_t| <= sqrt(max_accel² − (v²/R)²) [Limit: > 0]
  double turn_radius = 1.0;       // m; preferred arc radius at corners (first radius tried) [Limit: > 0]
  double min_turn_radius = 0.2;   // m; arcs are shrunk down to this, below it a corner is a stop-turn
                                  //                                                 [Limit: >= 0]
  bool can_turn_in_place = true;  // stop-turns allowed (false: a vehicle; a corner without an arc fails)
  double max_turn_rate = 3.14159265358979323846;  // rad/s; in-place turning speed at stop-turns
                                                  // (180°/s)                      [Limit: > 0]
  CornerMode corner_mode = CornerMode::Auto;      // stop: only stop-turns; arc: only arcs (fail otherwise);
                                                  // auto: an arc when one fits, else a stop-turn
  // DistanceToInnerCorner(width): piecewise-affine through (0,0) and these (width m, distance m) points,
  // widths increasing, each distance <= width/2, constant after the last. Default one point (0.4, 0.2):
  // 0.2 m from the wall vertex wherever a portal is at least 0.4 m wide. Empty: zero clearance (a scene
  // file needs at least one point and writes zero clearance as [[1, 0]]).
  std::vector<Vec2> inner_corner = std::vector<Vec2>(1, Vec2{0.4, 0.2});
  std::vector<std::string> excluded_areas;  // area names the agent may not enter (default: none)
  // Follower (path following) tolerances.
  double arrive_distance = 0.1;     // m; arrived when this close to the goal ...
  double arrive_speed = 0.1;        // m/s; ... and this slow
  double lookahead = 1.0;           // m; target point distance ahead of the projection on the path
  double stall_window = 2.0;        // s; stall detector window
  double stall_min_progress = 0.2;  // m; less progress than this over the window = blocked
  friend bool operator==(const AgentDef&, const AgentDef&) = default;
};

}  // namespace navlab
