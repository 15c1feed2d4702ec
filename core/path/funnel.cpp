#include "funnel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace navlab {
namespace {

std::string fmt_point(Vec2 p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "(%g,%g)", p.x, p.y);
  return buf;
}

// Sign of cross(a, b) with a tolerance: 0 when the tip of the shorter vector is within tol of the
// longer one's line, i.e. |cross(a, b)| <= tol * max(|a|, |b|).
int cross_sign(Vec2 a, Vec2 b, double tol) {
  const double c = cross(a, b);
  const double m2 = std::max(dot(a, a), dot(b, b));
  if (c * c <= tol * tol * m2) return 0;
  return c > 0.0 ? 1 : -1;
}

bool same_point(Vec2 a, Vec2 b, double tol) {
  const Vec2 d = b - a;
  return dot(d, d) <= tol * tol;
}

}  // namespace

const char* to_string(FunnelSide s) { return s == FunnelSide::Left ? "left" : "right"; }

const char* to_string(FunnelAction a) {
  switch (a) {
    case FunnelAction::TightenLeft: return "tighten_left";
    case FunnelAction::TightenRight: return "tighten_right";
    case FunnelAction::Keep: return "keep";
    case FunnelAction::Corner: return "corner";
    case FunnelAction::Restart: return "restart";
  }
  return "keep";
}

std::string FunnelStep::describe() const {
  const bool goal = portal_count > 0 && portal == portal_count - 1;
  const std::string who = goal ? "Goal portal " + std::to_string(portal)
                               : "Portal " + std::to_string(portal) + ", " + to_string(side) + " end";
  const std::string at = " " + fmt_point(point);
  const std::string apex = fmt_point(before.apex);
  switch (action) {
    case FunnelAction::TightenLeft:
      return who + at + " is inside the funnel from apex " + apex + ": the left boundary moves from " +
             fmt_point(before.left) + " to it.";
    case FunnelAction::TightenRight:
      return who + at + " is inside the funnel from apex " + apex + ": the right boundary moves from " +
             fmt_point(before.right) + " to it.";
    case FunnelAction::Keep:
      return who + at + " would widen the funnel from apex " + apex + ": the " + to_string(side) +
             " boundary stays at " + fmt_point(side == FunnelSide::Left ? before.left : before.right) + ".";
    case FunnelAction::Corner: {
      const bool right_end = side == FunnelSide::Right;  // a right end crosses the left boundary
      return who + at + " is outside the " + (right_end ? "left" : "right") + " boundary " + apex + "->" +
             fmt_point(right_end ? before.left : before.right) + ": corner at " + fmt_point(after.apex) +
             " (portal " + std::to_string(after.apex_portal) + ", " + (right_end ? "left" : "right") +
             " end); restart after portal " + std::to_string(after.apex_portal) + ".";
    }
    case FunnelAction::Restart:
      return "Restart after portal " + std::to_string(portal) + " with apex, left and right at " +
             fmt_point(after.apex) + ": the scan resumes at portal " + std::to_string(portal + 1) + ".";
  }
  return "";
}

FunnelResult funnel(Vec2 start, const std::vector<Portal>& portals, FunnelTrace* trace) {
  FunnelResult out;
  if (portals.empty()) {
    out.failure = Failure{"funnel", "no_portals", "The funnel needs at least the goal portal.", {}};
    return out;
  }
  bool finite = is_finite(start);
  for (const Portal& p : portals) finite = finite && is_finite(p.left) && is_finite(p.right);
  if (!finite) {
    out.failure = Failure{"funnel", "bad_input", "A portal end or the start point is not a finite number.", {}};
    return out;
  }
  const double tol = geometry_tolerance(start, portals);
  const int n = int(portals.size());
  const Vec2 goal = portals.back().left;

  FunnelState s{start, start, start, -1, -1, -1};
  out.points.push_back(start);

  auto record = [&](int portal, FunnelSide side, FunnelAction action, Vec2 point, const FunnelState& before) {
    if (trace) trace->steps.push_back(FunnelStep{portal, side, action, point, n, before, s});
  };
  // The corner is the opposite boundary's point; the apex moves there and the scan restarts after the
  // portal that point came from (index backtracking: earlier portals may now bound rays from it).
  auto corner_at = [&](int i, FunnelSide tested_side, Vec2 tested, Vec2 corner, int corner_portal,
                       FunnelSide corner_side) {
    const FunnelState before = s;
    if (!same_point(out.points.back(), corner, tol)) {
      out.points.push_back(corner);
      out.corners.push_back(FunnelCorner{corner, corner_portal, corner_side});
    }
    s = FunnelState{corner, corner, corner, corner_portal, corner_portal, corner_portal};
    record(i, tested_side, FunnelAction::Corner, tested, before);
    record(corner_portal, corner_side, FunnelAction::Restart, corner, s);
    return corner_portal;  // the loop's ++i resumes after it
  };

  for (int i = 0; i < n; ++i) {
    const Vec2 l = portals[i].left, r = portals[i].right;

    // Right end: tighten when it is left of (or on) the right ray and not beyond the left ray.
    const FunnelState before_right = s;
    if (cross_sign(s.right - s.apex, r - s.apex, tol) >= 0) {
      if (same_point(s.apex, s.right, tol) || cross_sign(s.left - s.apex, r - s.apex, tol) <= 0) {
        s.right = r;
        s.right_portal = i;
        record(i, FunnelSide::Right, FunnelAction::TightenRight, r, before_right);
      } else {
        i = corner_at(i, FunnelSide::Right, r, s.left, s.left_portal, FunnelSide::Left);
        continue;
      }
    } else {
      record(i, FunnelSide::Right, FunnelAction::Keep, r, before_right);
    }

    // Left end, symmetric.
    const FunnelState before_left = s;
    if (cross_sign(s.left - s.apex, l - s.apex, tol) <= 0) {
      if (same_point(s.apex, s.left, tol) || cross_sign(s.right - s.apex, l - s.apex, tol) >= 0) {
        s.left = l;
        s.left_portal = i;
        record(i, FunnelSide::Left, FunnelAction::TightenLeft, l, before_left);
      } else {
        i = corner_at(i, FunnelSide::Left, l, s.right, s.right_portal, FunnelSide::Right);
        continue;
      }
    } else {
      record(i, FunnelSide::Left, FunnelAction::Keep, l, before_left);
    }
  }
  out.points.push_back(goal);
  out.length = path_length(out.points);
  return out;
}

}  // namespace navlab
