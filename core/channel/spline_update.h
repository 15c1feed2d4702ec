// Updating the followed spline: the stable tail and the modes a follower meets,
// Frozen, OutOfNavMesh and Failure, with the recompute_needed flag.
//
//   fresh spline, agent on the navmesh   the fresh spline, but the previous one is kept for
//                                        stable_distance ahead of the agent when the fresh one joins it
//                                        there (same point and direction): the trajectory does not jitter;
//   no fresh spline (the plan failed)    Frozen, recompute_needed: the previous spline from the agent on;
//                                        with FailureMode::Safe it is cut where it first leaves the navmesh
//                                        or meets an obstacle, with Unsafe it is followed as it is;
//   agent off the navmesh                OutOfNavMesh, recompute_needed: the shortcut (a segment) back to
//                                        the nearest point of the navmesh;
//   none of these possible               Failure, recompute_needed: no way back, the agent stops.
// recompute_needed may be true while the spline still has pieces (Frozen, OutOfNavMesh): the caller
// plans again and keeps moving meanwhile, as the seed notes.
#pragma once

#include <optional>
#include <vector>

#include "channel.h"
#include "coverage.h"
#include "spline.h"

namespace navlab {

enum class FailureMode { Safe, Unsafe };

struct SplineUpdate {
  const Spline* previous = nullptr;       // the spline being followed (null: none yet)
  double s = 0.0;                         // the agent's arc length along `previous`, m
  Vec2 position;                          // the agent, m
  bool on_navmesh = true;                 // the agent lies on the navmesh
  std::optional<Vec2> way_back;           // off the navmesh: the nearest reachable navmesh point, m
  const Spline* fresh = nullptr;          // the spline of a new plan from the agent (null: the plan failed)
  const CorridorShape* navmesh = nullptr; // Safe mode: the region the previous spline must stay in
  std::vector<Obstacle> obstacles;        // Safe mode: the previous spline is cut where it meets one
  FailureMode failure_mode = FailureMode::Safe;
  double stable_distance = 5.0;           // m; the previous spline is kept this far ahead  [Limit: >= 0]
};

// The spline to follow now. Pure: same input, same output and trace.
Spline update_spline(const SplineUpdate& update, SplineTrace* trace = nullptr);

// Arc length along `spline` of the point nearest `p` where the spline passes within `tol` (m) of `p`
// heading along `dir` (unit), or nullopt.
std::optional<double> find_join(const Spline& spline, Vec2 p, Vec2 dir, double tol);

}  // namespace navlab
