// The funnel: Simple Stupid Funnel over a portal list with portal indices and index backtracking after
// every corner. Runs in the planning plane.
//
// cross(a, b) = a.x*b.y - a.y*b.x. Apex, left and right start at the start point. For a new right end r:
// if cross(right - apex, r - apex) >= 0 the funnel may tighten on the right; if right == apex or
// cross(left - apex, r - apex) <= 0 then right = r, else r crosses the left boundary: `left` becomes a
// corner, the apex moves there, left and right reset to it and the scan restarts after left's portal
// index. The left end is symmetric. Equal vertices and near-zero cross products use a tolerance scaled
// to the geometry (geometry_tolerance); collinear rays keep the newer endpoint and its index.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "portals.h"
#include "result.h"

namespace navlab {

enum class FunnelSide { Left, Right };
enum class FunnelAction {
  TightenLeft,   // the new left end narrows the funnel (or is collinear with it): left moves there
  TightenRight,  // the new right end narrows the funnel: right moves there
  Keep,          // the new end widens the funnel: that side is kept
  Corner,        // the new end crosses the other boundary: the other boundary's point is a corner
  Restart,       // after a corner: the scan resumes after the corner's portal index
  Jump,          // a link's takeoff portal reached: the path ends at its point (a corner) and starts
                 // again from the landing portal's point (apex, left and right there)
};

inline constexpr Named<FunnelSide> kFunnelSideNames[] = {
    {FunnelSide::Left, "left"},
    {FunnelSide::Right, "right"},
};
static_assert(names_cover(kFunnelSideNames, FunnelSide::Right));
inline const char* to_string(FunnelSide v) { return name_in(kFunnelSideNames, v); }
inline constexpr Named<FunnelAction> kFunnelActionNames[] = {
    {FunnelAction::TightenLeft, "tighten_left"},
    {FunnelAction::TightenRight, "tighten_right"},
    {FunnelAction::Keep, "keep"},
    {FunnelAction::Corner, "corner"},
    {FunnelAction::Restart, "restart"},
    {FunnelAction::Jump, "jump"},
};
static_assert(names_cover(kFunnelActionNames, FunnelAction::Jump));
inline const char* to_string(FunnelAction v) { return name_in(kFunnelActionNames, v); }

// Apex, left and right positions with the portal index each came from (-1: the start point).
struct FunnelState {
  Vec2 apex, left, right;
  int apex_portal = -1, left_portal = -1, right_portal = -1;
  friend bool operator==(const FunnelState&, const FunnelState&) = default;
};

// One funnel iteration: one portal end tested against the funnel, or the restart after a corner.
// Corner: `portal`/`side`/`point` are the end that crossed the other boundary; the corner is
// `after.apex` (from portal `after.apex_portal`, on the other side). Restart follows every Corner:
// `portal`/`side`/`point` are the corner's; the scan resumes at portal + 1 (index backtracking).
// Jump: `portal`/`point` are the takeoff's (both its ends tightened to it); `after.apex` is the landing
// point (portal + 1); the scan resumes at portal + 2.
struct FunnelStep {
  int portal = -1;                      // portal index being processed
  FunnelSide side = FunnelSide::Right;  // which end of the portal
  FunnelAction action = FunnelAction::Keep;
  Vec2 point;            // that portal end, m
  int portal_count = 0;  // number of portals (the goal portal is index portal_count - 1)
  FunnelState before;
  FunnelState after;
  int link = -1;                 // Jump: the NavMesh::links index
  std::string describe() const;  // one sentence with its numbers
};

struct FunnelTrace {
  std::vector<FunnelStep> steps;
};

// A corner of the funnel path: a portal endpoint the path bends around.
struct FunnelCorner {
  Vec2 point;       // planning plane, m
  int portal = -1;  // index into the portal list
  FunnelSide side = FunnelSide::Left;
  friend bool operator==(const FunnelCorner&, const FunnelCorner&) = default;
};

struct FunnelResult {
  std::vector<Vec2> points;           // start, corners..., goal; at least two (start == goal: two equal)
  std::vector<FunnelCorner> corners;  // one per interior point of `points`, in order
  double length = 0.0;                // m
  double tolerance = 0.0;             // the geometry_tolerance(start, portals) it worked with, m
  std::optional<Failure> failure;     // stage "funnel": "no_portals" (empty list) or "bad_input"
  bool ok() const { return !failure.has_value(); }
  // Back to a new result's values, the vectors keeping their capacity.
  void clear() {
    points.clear();
    corners.clear();
    length = 0.0;
    tolerance = 0.0;
    failure.reset();
  }
};

// Runs the funnel from `start` through `portals` (the last one is the degenerate goal portal whose
// point is the goal). O(portals) for ordinary corridors; free of allocation beyond the result when
// `trace` is null.
FunnelResult funnel(Vec2 start, const std::vector<Portal>& portals, FunnelTrace* trace = nullptr);
// funnel() into `out`, overwritten whole: its points and corners keep their capacity (no allocation
// into a reused result with room). `tolerance`: geometry_tolerance(start, portals) when the caller has
// it (PortalsResult::tolerance, for the same start and portals); computed when absent.
void funnel_into(Vec2 start, const std::vector<Portal>& portals, FunnelTrace* trace, FunnelResult& out,
                 std::optional<double> tolerance = std::nullopt);

}  // namespace navlab
