// Updating the followed spline: each time the channel under a following agent is updated (a
// new plan, a change that invalidates the old one, the agent found off the navmesh), the spline to follow
// is chosen here, with its mode and recompute_needed.
//
//   agent off the navmesh                OutOfNavMesh, recompute_needed: the shortcut (a segment) back to
//                                        the nearest point of the navmesh; with no way back, Failure;
//   no fresh spline (the plan failed     Frozen, recompute_needed: the previous spline from the agent on,
//   or is being made again)              not computed again; with FailureMode::Safe it is cut where it
//                                        first leaves the navmesh or meets an obstacle (`clearance` before
//                                        it), with Unsafe followed as it is; when nothing of it is left
//                                        (the agent stands at its end), Failure: the agent stops;
//   fresh spline, a previous one         the stable tail: the previous spline is kept from the agent for at
//                                        least stable_distance, up to where the fresh one joins it (the
//                                        first point from there, the stable distance itself or a later piece
//                                        end of the previous spline, where the fresh spline passes with the
//                                        same direction); beyond, the fresh one. The trajectory ahead does
//                                        not jitter and an agent in motion need not stop. The mode is the
//                                        fresh spline's (Optimal, SubOptimal, Degraded);
//     ... that does not join it          an agent that is `committed` (moving along the previous spline)
//                                        keeps the previous one: Frozen, recompute_needed (it brakes and
//                                        plans again from where it stops); otherwise the fresh spline;
//   fresh spline, no previous one        the fresh spline.
// In Safe mode the kept part must lie before the safe end (a previous spline through a door that just
// closed is never kept through it). recompute_needed may be true while the spline still has pieces
// (Frozen, OutOfNavMesh): the caller plans again and keeps moving meanwhile, as the seed notes.
#pragma once

#include <optional>
#include <vector>

#include "channel.h"
#include "coverage.h"
#include "spline.h"

namespace navlab {

enum class FailureMode { Safe, Unsafe };

struct SplineUpdate {
  const Spline* previous = nullptr;        // the spline being followed (null: none yet)
  double s = 0.0;                          // the agent's arc length along `previous`, m
  Vec2 position;                           // the agent, m
  bool on_navmesh = true;                  // the agent lies on the navmesh
  std::optional<Vec2> way_back;            // off the navmesh: the nearest reachable navmesh point, m
  const Spline* fresh = nullptr;           // the spline of a new plan from the agent (null: the plan failed)
  const CorridorShape* navmesh = nullptr;  // Safe mode: the region the previous spline must stay in
  std::vector<Obstacle> obstacles;         // Safe mode: the previous spline is cut where it meets one
  double clearance = 0.0;                  // m; Safe mode cuts this far before that point (the agent's
                                           // radius: its body stays clear)                  [Limit: >= 0]
  FailureMode failure_mode = FailureMode::Safe;
  double stable_distance = 5.0;  // m; the previous spline is kept at least this far ahead [Limit: >= 0]
  bool committed = false;        // the agent moves along `previous` and cannot leave it here
};

// The spline to follow now: from the agent on (the part of `previous` behind it is not in it). Its
// `recompute_needed` and mode as the header says; a trace gets TailKept / TailChanged (with the length
// kept) and ModeChosen (why) for every mode but a fresh spline taken whole. Pure: same input, same
// output and trace.
Spline update_spline(const SplineUpdate& update, SplineTrace* trace = nullptr);

// The arc length along `update.previous` up to which the agent keeps it (a stable tail joined by
// update.fresh), or nullopt when the fresh spline does not join it before its safe end. The kept part is
// previous[s, join].
std::optional<double> stable_join(const SplineUpdate& update);

// Arc length along `spline` of the point nearest `p` where the spline passes within `tol` (m) of `p`
// heading along `dir` (unit), or nullopt.
std::optional<double> find_join(const Spline& spline, Vec2 p, Vec2 dir, double tol);

}  // namespace navlab
