#include "clearance_path.h"
#include "format.h"

#include <algorithm>
#include <cstdio>

#include "inner_corner.h"

namespace navlab {

namespace {

// Up to three decimals, trailing zeros dropped (0.115, 0.2, 0.02): the inner-corner examples need three.
std::string short_num(double v) { return decimals(v, 3); }

std::string pt(Vec2 p) { return point_text(p, short_num); }

// `out` (a copy of `portal`) made shrink_portal(portal, distance) of a portal whose width (m) is at hand.
// Read from `portal`, not from `out`: a copy just stored reads back slowly.
void shrink_into(const Portal& portal, double distance, double width, Portal& out) {
  if (width <= 0.0 || distance <= 0.0) return;
  const double t = std::min(distance / width, 0.5);
  out.right = lerp(portal.right, portal.left, t);
  out.left = lerp(portal.left, portal.right, t);
  out.right_height = portal.right_height + (portal.left_height - portal.right_height) * t;
  out.left_height = portal.left_height + (portal.right_height - portal.left_height) * t;
}

}  // namespace

std::string ClearanceStep::describe() const {
  if (width <= 0.0) return "Portal " + nth(portal) + " is the goal point " + pt(left) + " itself: nothing to cut off.";
  return "Portal " + nth(portal) + " is " + short_num(width) + " m wide; DistanceToInnerCorner(" + short_num(width) +
         " m) = " + short_num(distance) + " m is cut off each end, leaving " + pt(left) + " to " + pt(right) + ".";
}

Portal shrink_portal(const Portal& portal, double distance) {
  Portal out = portal;
  shrink_into(portal, distance, length(portal.left - portal.right), out);
  return out;
}

ClearanceResult clearance_path(Vec2 start, const std::vector<Portal>& portals, const std::vector<Vec2>& inner_corner,
                               ClearanceTrace* trace) {
  ClearanceResult out;
  clearance_path_into(start, portals, inner_corner, trace, out);
  return out;
}

void clearance_path_into(Vec2 start, const std::vector<Portal>& portals, const std::vector<Vec2>& inner_corner,
                         ClearanceTrace* trace, ClearanceResult& out) {
  out.clear();
  if (std::optional<std::string> err = inner_corner_error(inner_corner)) {
    out.failure = Failure{FailStage::Clearance, Reason::InvalidInnerCorner, *err, {}};
    return;
  }
  out.portals.reserve(portals.size());
  for (size_t i = 0; i < portals.size(); ++i) {
    const double width = length(portals[i].left - portals[i].right);
    const double d = distance_to_inner_corner(width, inner_corner);
    // Copied in, then shrunk where it lies: a portal returned by value and copied in at once stalls the
    // copy (docs/performance.md, "Copies read back while still being stored").
    shrink_into(portals[i], d, width, out.portals.emplace_back(portals[i]));
    if (trace) trace->steps.push_back({int(i), width, d, out.portals.back().left, out.portals.back().right});
  }
  // One tolerance for the funnel and the merge: both are of the start and the shrunk portals.
  const std::optional<double> tol =
      out.portals.empty() ? std::nullopt : std::optional<double>(geometry_tolerance(start, out.portals));
  funnel_into(start, out.portals, trace ? &trace->funnel : nullptr, out.path, tol);
  if (out.path.failure) {
    out.failure = out.path.failure;
    return;
  }
  merge_coincident(out.path, *tol);
}

void merge_coincident(FunnelResult& path, double tol) {
  std::vector<Vec2>& pts = path.points;
  if (pts.size() < 2) return;
  const auto near = [tol](Vec2 a, Vec2 b) { return distance(a, b) <= tol; };
  // Usually nothing merges: then only the length is taken again.
  bool merges = pts.size() == 2 && near(pts.front(), pts.back()) && pts.front() != pts.back();
  for (size_t i = 1; i + 1 < pts.size() && !merges; ++i) merges = near(pts[i], pts[i - 1]) || near(pts[i], pts.back());
  if (!merges) {
    path.length = path_length(pts);
    return;
  }
  // Interior points: keep one that moves more than tol from the last kept point and from the goal.
  std::vector<Vec2> kept{pts.front()};
  std::vector<FunnelCorner> corners;
  for (size_t i = 1; i + 1 < pts.size(); ++i) {
    if (near(pts[i], kept.back()) || near(pts[i], pts.back())) continue;
    kept.push_back(pts[i]);
    corners.push_back(path.corners[i - 1]);
  }
  // Start within tol of the goal: the zero-length path stays at the start.
  kept.push_back(kept.size() == 1 && near(pts.front(), pts.back()) ? pts.front() : pts.back());
  pts = std::move(kept);
  path.corners = std::move(corners);
  path.length = path_length(pts);
}

}  // namespace navlab
