// The motion stages of a plan, after the funnel: clearance path → turns (stop-turns or arcs) → speed
// profile. One call so the planning pipeline, the app and the follower run them the same way.
#pragma once

#include <optional>
#include <vector>

#include "agent.h"
#include "clearance_path.h"
#include "coverage.h"
#include "navmesh.h"
#include "portals.h"
#include "profile.h"
#include "result.h"
#include "turns.h"

namespace navlab {

struct MotionResult {
  ClearanceResult clearance;       // shrunk portals and the funnel through them
  TurnsResult turns;               // turns.path: the smoothed path (segments and arcs)
  Profile profile;                 // speed over arc length along turns.path
  std::optional<Failure> failure;  // the first failing stage: "clearance", "turns" or "profile"
  bool ok() const { return !failure.has_value(); }
  // Back to a new result's values, the vectors keeping their capacity.
  void clear() {
    clearance.clear();
    turns.clear();
    profile.clear();
    failure.reset();
  }
};

struct MotionTrace {
  ClearanceTrace clearance;
  TurnTrace turns;
  ProfileTrace profile;
};

// Runs clearance_path, fit_turns and speed_profile for `corridor` (polygon ids of `mesh`) with its
// `portals` (from build_portals, goal portal last) from `start` (plane, m) for `agent`. Stops at the
// first failure. `trace` (optional) receives every stage's steps.
MotionResult plan_motion(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start,
                         const std::vector<Portal>& portals, const AgentDef& agent, MotionTrace* trace = nullptr);
// plan_motion() into `r`, overwritten whole: every vector of it keeps its capacity, so a caller that
// plans again and again with one result allocates nothing once it is large enough.
void plan_motion_into(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start,
                      const std::vector<Portal>& portals, const AgentDef& agent, MotionTrace* trace, MotionResult& r);

}  // namespace navlab
