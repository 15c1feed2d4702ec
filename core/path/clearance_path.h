// The clearance path (docs/channel.md): the funnel run again through portals shrunk at
// both ends by DistanceToInnerCorner(portal width). Each corner then sits that far from the wall vertex
// it bends around, which leaves room for an arc. The exact funnel path (the plan's `corners`) is kept
// separately; the turns are fitted on this one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "funnel.h"
#include "geom.h"
#include "portals.h"
#include "result.h"

namespace navlab {

// One shrunk portal: `width` (m) of the original, `distance` = DistanceToInnerCorner(width) (m) cut off
// each end, and the resulting ends.
struct ClearanceStep {
  int portal = -1;
  double width = 0.0;            // m
  double distance = 0.0;         // m
  Vec2 left, right;              // shrunk ends, m
  std::string describe() const;  // one sentence with its numbers
};

struct ClearanceTrace {
  std::vector<ClearanceStep> steps;  // one per portal (the goal portal included, width 0)
  FunnelTrace funnel;                // the funnel's iterations over the shrunk portals
};

struct ClearanceResult {
  std::vector<Portal> portals;     // the shrunk portals (same count and order as the input)
  FunnelResult path;               // the funnel over them: start, corners..., goal
  std::optional<Failure> failure;  // stage "clearance": invalid_inner_corner; or the funnel's failure
  bool ok() const { return !failure.has_value(); }
  // Back to a new result's values, the vectors keeping their capacity.
  void clear() {
    portals.clear();
    path.clear();
    failure.reset();
  }
};

// Each portal's ends move towards each other by DistanceToInnerCorner(|left − right|, inner_corner)
// (never past the middle), then the funnel runs from `start` through them. `portals` ends with the
// degenerate goal portal, as build_portals() gives them. `inner_corner` as AgentDef::inner_corner.
ClearanceResult clearance_path(Vec2 start, const std::vector<Portal>& portals, const std::vector<Vec2>& inner_corner,
                               ClearanceTrace* trace = nullptr);
// clearance_path() into `out`, overwritten whole: its vectors keep their capacity, so a caller that plans
// again and again with one result allocates nothing once it is large enough.
void clearance_path_into(Vec2 start, const std::vector<Portal>& portals, const std::vector<Vec2>& inner_corner,
                         ClearanceTrace* trace, ClearanceResult& out);

// Makes a funnel path safe for fit_turns(): drops interior corners within `tol` (m) of the point kept
// before them or of the goal (with their FunnelCorner entries), and when the start lies within `tol` of
// the goal with no corner between, makes the goal equal to the start (the zero-length path). Length is
// recomputed. clearance_path() applies it with geometry_tolerance(start, shrunk portals).
void merge_coincident(FunnelResult& path, double tol);

// One portal shrunk by `distance` (m) at each end (clamped to half its width).
Portal shrink_portal(const Portal& portal, double distance);

}  // namespace navlab
