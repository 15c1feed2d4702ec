#include "funnel.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace navlab {
namespace {

// Room made for the path's points at once: most paths fit, so they are not copied while they grow.
constexpr int kReservedPoints = 32;

// Sign of cross(a, b) with a tolerance: 0 when the tip of the shorter vector is within tol of the
// longer one's line, i.e. |cross(a, b)| <= tol * max(|a|, |b|). Called up to four times per portal: kept
// inline (as a call it was a third of the funnel's time).
[[gnu::always_inline]] inline int cross_sign(Vec2 a, Vec2 b, double tol) {
  const double c = cross(a, b);
  const double m2 = std::max(dot(a, a), dot(b, b));
  if (c * c <= tol * tol * m2) return 0;
  return c > 0.0 ? 1 : -1;
}

[[gnu::always_inline]] inline bool same_point(Vec2 a, Vec2 b, double tol) {
  const Vec2 d = b - a;
  return dot(d, d) <= tol * tol;
}

}  // namespace

namespace {

// Numbers as the seed's funnel examples read: whole plain, others with two decimals ("-1", "1.50").
std::string seed_num(double v) { return whole_or_fixed(v); }
std::string seed_pt(Vec2 p) { return point_text(p, seed_num); }

// "cross(R − A, P − A) = 4": the test of the seed, with its value.
std::string cross_text(const char* side, Vec2 apex, Vec2 end, Vec2 p) {
  return std::string("cross(") + side + " - A, P - A) = " + seed_num(cross(end - apex, p - apex));
}

constexpr double kSlopeMinDx = 1e-9;  // m: a ray this close to vertical has no slope worth reading

// " Slopes from the apex: funnel [-1, 1], P 1." when every ray points along +x (the seed's W4 view), else "".
std::string slopes_text(const FunnelState& f, Vec2 p) {
  const Vec2 l = f.left - f.apex, r = f.right - f.apex, q = p - f.apex;
  if (l.x <= kSlopeMinDx || r.x <= kSlopeMinDx || q.x <= kSlopeMinDx) return "";
  return " Slopes from the apex: funnel [" + seed_num(r.y / r.x) + ", " + seed_num(l.y / l.x) + "], P " +
         seed_num(q.y / q.x) + ".";
}

}  // namespace

std::string FunnelStep::describe() const {
  const bool goal = portal_count > 0 && portal == portal_count - 1;
  const bool right_end = side == FunnelSide::Right;
  const char* own = right_end ? "R" : "L";
  const char* other = right_end ? "L" : "R";
  const Vec2 own_end = right_end ? before.right : before.left;
  const Vec2 other_end = right_end ? before.left : before.right;
  // The goal portal's two ends are the goal itself: say which end this step tests, since the right end's
  // test and the left end's can read the same cross product and conclude opposite things.
  const std::string who =
      (goal ? "Goal portal " + nth(portal) + ", the goal P = " + seed_pt(point) + " as its " + to_string(side) + " end"
            : "Portal " + nth(portal) + ", " + to_string(side) + " end P = " + seed_pt(point)) +
      ", apex A = " + seed_pt(before.apex) + ": ";
  const std::string narrower = right_end ? " >= 0" : " <= 0";
  const std::string wider = right_end ? " < 0" : " > 0";
  switch (action) {
    case FunnelAction::TightenLeft:
    case FunnelAction::TightenRight: {
      const std::string name = to_string(side);
      if (own_end == before.apex)
        return who + "the " + name + " side still starts at the apex, so it opens towards P." +
               slopes_text(before, point);
      const std::string second = other_end == before.apex ? "the other side still starts at the apex"
                                                          : cross_text(other, before.apex, other_end, point) +
                                                                (right_end ? " <= 0" : " >= 0") + " (not past the " +
                                                                (right_end ? "left" : "right") + " side)";
      return who + cross_text(own, before.apex, own_end, point) + narrower + " (inside the " + name + " side) and " +
             second + ": the funnel narrows, " + name + " moves from " + seed_pt(own_end) + " to P." +
             slopes_text(before, point);
    }
    case FunnelAction::Keep:
      return who + cross_text(own, before.apex, own_end, point) + wider + ": P lies outside the " + to_string(side) +
             " side and would widen the funnel, so " + to_string(side) + " stays at " + seed_pt(own_end) + "." +
             slopes_text(before, point);
    case FunnelAction::Corner:
      return who + cross_text(other, before.apex, other_end, point) + (right_end ? " > 0" : " < 0") +
             ": P is past the " + (right_end ? "left" : "right") + " side, so " + other + " = " + seed_pt(other_end) +
             " becomes a corner; the apex moves there (portal " + nth(after.apex_portal) + ")." +
             slopes_text(before, point);
    case FunnelAction::Restart:
      return "Restart from the corner " + seed_pt(after.apex) +
             ": apex, left and right all start there, and the scan "
             "goes back to portal " +
             nth(portal + 1) + ", just after the corner's portal " + nth(portal) + ".";
    case FunnelAction::Jump:
      return "Portal " + nth(portal) + " is the takeoff of link " + std::to_string(link) + " at " + seed_pt(point) +
             ": the straight path ends there as a corner, and starts again from the landing " + seed_pt(after.apex) +
             " (portal " + nth(after.apex_portal) + ").";
  }
  return "";
}

FunnelResult funnel(Vec2 start, const std::vector<Portal>& portals, FunnelTrace* trace) {
  FunnelResult out;
  funnel_into(start, portals, trace, out);
  return out;
}

namespace {

// Empties `out` (keeping its vectors' capacity) and checks the funnel's input: at least the goal portal,
// every point finite. False, with out.failure set, when the input is refused.
bool reset_and_check(Vec2 start, const std::vector<Portal>& portals, FunnelResult& out) {
  out.clear();
  if (portals.empty()) {
    out.failure = Failure{FailStage::Funnel, Reason::NoPortals, "The funnel needs at least the goal portal.", {}};
    return false;
  }
  bool finite = is_finite(start);
  for (const Portal& p : portals) finite = finite && is_finite(p.left) && is_finite(p.right);
  if (!finite)
    out.failure =
        Failure{FailStage::Funnel, Reason::BadInput, "A portal end or the start point is not a finite number.", {}};
  return finite;
}

// A corner written where it lies in the list, field by field: one built and copied in at once stalls
// the copy (docs/performance.md, "Copies read back while still being stored").
void add_corner(FunnelResult& out, Vec2 point, int portal, FunnelSide side) {
  FunnelCorner& c = out.corners.emplace_back();
  c.point = point;
  c.portal = portal;
  c.side = side;
}

// The funnel's scan with tolerance `tol` (funnel_into() has checked the input). kTraced: `trace` is not
// null and receives every step; without it the scan tests nothing about recording.
template <bool kTraced>
void scan(Vec2 start, const std::vector<Portal>& portals, FunnelTrace* trace, FunnelResult& out, double tol) {
  const int n = int(portals.size());
  const Vec2 goal = portals.back().left;

  FunnelState s{start, start, start, -1, -1, -1};
  out.points.reserve(size_t(std::min(n + 1, kReservedPoints)));
  out.corners.reserve(size_t(std::min(n, kReservedPoints)));
  out.points.push_back(start);

  auto record = [&](int portal, FunnelSide side, FunnelAction action, Vec2 point, const FunnelState& before) {
    if constexpr (kTraced) trace->steps.push_back(FunnelStep{portal, side, action, point, n, before, s, -1});
  };
  // The state a step starts from, for its record: copied only when there is a trace to record it in.
  FunnelState before;
  const auto keep_before = [&] {
    if constexpr (kTraced) before = s;
  };
  // The corner is the opposite boundary's point; the apex moves there and the scan restarts after the
  // portal that point came from (index backtracking: earlier portals may now bound rays from it).
  auto corner_at = [&](int i, FunnelSide tested_side, Vec2 tested, Vec2 corner, int corner_portal,
                       FunnelSide corner_side) {
    keep_before();
    if (!same_point(out.points.back(), corner, tol)) {
      out.points.push_back(corner);
      add_corner(out, corner, corner_portal, corner_side);
    }
    s = FunnelState{corner, corner, corner, corner_portal, corner_portal, corner_portal};
    record(i, tested_side, FunnelAction::Corner, tested, before);
    record(corner_portal, corner_side, FunnelAction::Restart, corner, s);
    return corner_portal;  // the loop's ++i resumes after it
  };

  for (int i = 0; i < n; ++i) {
    const Vec2 l = portals[i].left, r = portals[i].right;

    // Right end: tighten when it is left of (or on) the right ray and not beyond the left ray.
    keep_before();
    if (cross_sign(s.right - s.apex, r - s.apex, tol) >= 0) {
      if (same_point(s.apex, s.right, tol) || cross_sign(s.left - s.apex, r - s.apex, tol) <= 0) {
        s.right = r;
        s.right_portal = i;
        record(i, FunnelSide::Right, FunnelAction::TightenRight, r, before);
      } else {
        i = corner_at(i, FunnelSide::Right, r, s.left, s.left_portal, FunnelSide::Left);
        continue;
      }
    } else {
      record(i, FunnelSide::Right, FunnelAction::Keep, r, before);
    }

    // Left end, symmetric.
    keep_before();
    if (cross_sign(s.left - s.apex, l - s.apex, tol) <= 0) {
      if (same_point(s.apex, s.left, tol) || cross_sign(s.right - s.apex, l - s.apex, tol) >= 0) {
        s.left = l;
        s.left_portal = i;
        record(i, FunnelSide::Left, FunnelAction::TightenLeft, l, before);
      } else {
        i = corner_at(i, FunnelSide::Left, l, s.right, s.right_portal, FunnelSide::Right);
        continue;
      }
    } else {
      record(i, FunnelSide::Left, FunnelAction::Keep, l, before);
    }

    // A link's takeoff, both ends tightened to it: jump to the landing (the next portal).
    if (portals[i].kind == PortalKind::Takeoff && i + 1 < n) {
      keep_before();
      for (const auto& [point, portal] : {std::pair{l, i}, std::pair{portals[i + 1].left, i + 1}}) {
        if (same_point(out.points.back(), point, tol)) continue;
        out.points.push_back(point);
        add_corner(out, point, portal, FunnelSide::Left);
      }
      s = FunnelState{portals[i + 1].left, portals[i + 1].left, portals[i + 1].left, i + 1, i + 1, i + 1};
      if constexpr (kTraced)
        trace->steps.push_back(FunnelStep{i, FunnelSide::Left, FunnelAction::Jump, l, n, before, s, portals[i].link});
      ++i;
    }
  }
  out.points.push_back(goal);
  out.length = path_length(out.points);
}

}  // namespace

void funnel_into(Vec2 start, const std::vector<Portal>& portals, FunnelTrace* trace, FunnelResult& out,
                 std::optional<double> tolerance) {
  if (!reset_and_check(start, portals, out)) return;
  const double tol = tolerance ? *tolerance : geometry_tolerance(start, portals);
  out.tolerance = tol;
  if (trace) {
    scan<true>(start, portals, trace, out, tol);
  } else {
    scan<false>(start, portals, nullptr, out, tol);
  }
}

}  // namespace navlab
