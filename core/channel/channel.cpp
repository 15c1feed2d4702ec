#include "channel.h"
#include "tolerances.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "portals.h"

namespace navlab {

namespace {

constexpr double kRaySkip = 1e-7;       // m: a ray ignores walls it starts on (hits closer than this)
constexpr double kCrossTol = 1e-9;      // m: two edges cross only when each end is this far off the other
constexpr double kInsideMargin = 1e-7;  // m: a wall vertex is inside a section only when this far in
constexpr double kParallel = 1e-15;     // m²: a ray or segment and a wall with |cross| below this are parallel
constexpr double kWallEnds = 1e-12;     // fraction of a wall: hits this far past its ends still count

// Distance from `p` along the unit direction `d` to the first wall, at most `max`.
double ray_cast(const CorridorShape& shape, Vec2 p, Vec2 d, double max) {
  double best = max;
  for (const WallEdge& w : shape.walls()) {
    const Vec2 e = w.b - w.a;
    const double den = cross(d, e);
    if (std::fabs(den) < kParallel) continue;
    const Vec2 ap = w.a - p;
    const double t = cross(ap, e) / den;  // along the ray
    const double u = cross(ap, d) / den;  // along the wall
    if (t > kRaySkip && t < best && u >= -kWallEnds && u <= 1.0 + kWallEnds) best = t;
  }
  return best;
}

// True when p lies inside the simple polygon `poly` and at least `margin` from its boundary.
bool strictly_inside(const std::vector<Vec2>& poly, Vec2 p, double margin) {
  const size_t n = poly.size();
  if (n < 3) return false;
  for (size_t i = 0, j = n - 1; i < n; j = i++)
    if (distance_to_segment(p, poly[i], poly[j]) < margin) return false;
  return point_in_ring(p, poly);
}

// A gate being built: ends at `at` ± n·reach.
struct Draft {
  Vec2 at, n;  // n: unit, from the right end towards the left end
  double left = 0.0, right = 0.0;
  GateKind kind = GateKind::Start;
  int point = -1;
  bool turn_left = false;
  double along = 0.0;
  Gate gate() const { return {at + n * left, at - n * right, at, kind, point, turn_left, along}; }
};

Draft across(const CorridorShape& shape, Vec2 at, Vec2 dir, GateKind kind, double along, const ChannelDef& def) {
  Draft g{at, perp_left(dir), 0.0, 0.0, kind, int(along), false, along};
  g.left = ray_cast(shape, at, g.n, def.max_half_width);
  g.right = ray_cast(shape, at, -g.n, def.max_half_width);
  return g;
}

Draft turn_gate(const CorridorShape& shape, const std::vector<Vec2>& path, int k, const ChannelDef& def) {
  const Vec2 a = (path[k] - path[k - 1]) / distance(path[k - 1], path[k]);
  const Vec2 b = (path[k + 1] - path[k]) / distance(path[k], path[k + 1]);
  Vec2 u = a - b;  // outward bisector: away from the inner corner
  const double len = length(u);
  u = len > 0.0 ? u / len : perp_left(a);
  Draft g;
  g.at = path[k];
  g.kind = GateKind::Turn;
  g.point = k;
  g.along = k;
  g.turn_left = cross(a, b) > 0.0;
  const double reach = ray_cast(shape, path[k], u, def.max_half_width);
  g.n = g.turn_left ? -u : u;
  (g.turn_left ? g.right : g.left) = reach;
  return g;
}

std::vector<Draft> draft_gates(const std::vector<Vec2>& path, const CorridorShape& shape, const ChannelDef& def) {
  std::vector<Draft> out;
  const int n = int(path.size());
  out.push_back(across(shape, path[0], (path[1] - path[0]) / distance(path[0], path[1]), GateKind::Start, 0, def));
  for (int k = 0; k + 1 < n; ++k) {
    const double len = distance(path[k], path[k + 1]);
    const Vec2 dir = (path[k + 1] - path[k]) / len;
    const int extra = std::max(0, int(std::ceil(len / def.max_gate_spacing - tol::kWhole)) - 1);
    for (int j = 1; j <= extra; ++j)
      out.push_back(across(shape, path[k] + dir * (len * j / (extra + 1)), dir, GateKind::Intermediate,
                           k + double(j) / (extra + 1), def));
    if (k + 2 < n)
      out.push_back(turn_gate(shape, path, k + 1, def));
    else
      out.push_back(across(shape, path[k + 1], dir, GateKind::End, k + 1, def));
  }
  return out;
}

std::vector<Vec2> dedupe(std::vector<Vec2> pts) {
  std::vector<Vec2> out;
  for (Vec2 p : pts)
    if (out.empty() || distance(out.back(), p) > kCrossTol) out.push_back(p);
  if (out.size() > 1 && distance(out.front(), out.back()) <= kCrossTol) out.pop_back();
  return out;
}

std::vector<Vec2> section_polygon(const Gate& a, const Gate& b) { return dedupe({a.right, b.right, b.left, a.left}); }

// The polygon lies inside the corridor: its vertices are inside, its edges cross no wall and no wall
// vertex pokes into it.
bool polygon_inside(const CorridorShape& shape, const std::vector<Vec2>& poly) {
  for (size_t i = 0; i < poly.size(); ++i) {
    if (!inside_corridor(shape, poly[i])) return false;
    if (!segment_inside(shape, poly[i], poly[(i + 1) % poly.size()])) return false;
  }
  for (const WallEdge& w : shape.walls())
    if (strictly_inside(poly, w.a, kInsideMargin)) return false;
  return true;
}

void record(ChannelTrace* trace, ChannelStep st) {
  if (trace) trace->steps.push_back(std::move(st));
}

// The section's polygon kept in a record (it has at most four corners).
void set_corners(ChannelStep& st, const std::vector<Vec2>& polygon) {
  st.corner_count = int(std::min(polygon.size(), st.corners.size()));
  std::copy_n(polygon.begin(), st.corner_count, st.corners.begin());
}

ChannelStep gate_step(ChannelStep::Kind kind, int index, const Draft& g) {
  ChannelStep st;
  st.kind = kind;
  st.gate = index;
  st.gate_kind = g.kind;
  st.at = g.at;
  st.left_reach = g.left;
  st.right_reach = g.right;
  st.width = g.left + g.right;
  const Gate ends = g.gate();
  st.left = ends.left;
  st.right = ends.right;
  return st;
}

// Halves the reach of the two gates of section i until it lies inside the corridor. False when the
// tries run out.
bool fit_section(std::vector<Draft>& g, int i, const CorridorShape& shape, const ChannelDef& def, ChannelTrace* trace) {
  for (int tries = 0;; ++tries) {
    if (polygon_inside(shape, section_polygon(g[i].gate(), g[i + 1].gate()))) return true;
    if (tries >= def.shrink_tries) return false;
    for (int k : {i, i + 1}) {
      g[k].left *= 0.5;
      g[k].right *= 0.5;
    }
    ChannelStep st = gate_step(ChannelStep::Kind::GateShrunk, i, g[i]);
    st.section = i;
    st.next_left_reach = g[i + 1].left;
    st.next_right_reach = g[i + 1].right;
    st.count = tries + 1;
    set_corners(st, section_polygon(g[i].gate(), g[i + 1].gate()));
    record(trace, st);
  }
}

const Obstacle* first_hit(const std::vector<Obstacle>& obstacles, const std::vector<Vec2>& poly) {
  for (const Obstacle& o : obstacles)
    if (outlines_intersect(o.outline, poly)) return &o;
  return nullptr;
}

// Pre (forward = false) or post (forward = true) section of a channel: the gate moved `r` back (or
// forward) and scaled by `k` about the path, both halved until the polygon fits in the corridor.
std::vector<Vec2> end_section(const Gate& g, Vec2 travel, bool forward, const CorridorShape& shape,
                              const ChannelDef& def) {
  const Vec2 d = forward ? travel : -travel;
  double r = ray_cast(shape, g.at, d, def.end_reach);
  for (int i = 0; i <= def.shrink_tries; ++i, r *= 0.5) {
    double k = 1.0;
    for (int j = 0; j <= def.shrink_tries; ++j, k *= 0.5) {
      const Vec2 l = g.at + d * r + (g.left - g.at) * k, rt = g.at + d * r + (g.right - g.at) * k;
      std::vector<Vec2> poly = forward ? dedupe({g.right, rt, l, g.left}) : dedupe({g.left, l, rt, g.right});
      if (polygon_inside(shape, poly)) return poly;
    }
  }
  return {g.left, g.right};
}

Vec2 unit(Vec2 a, Vec2 b) {
  const double len = distance(a, b);
  return len > 0.0 ? (b - a) / len : Vec2{1.0, 0.0};
}

// Channels from runs of usable sections; pre / post sections hit by an obstacle mark the first / last
// section blocked (returns true when that happened, so the split is redone).
bool assemble(const std::vector<Gate>& gates, std::vector<Section>& sections, const std::vector<bool>& fits,
              const std::vector<Obstacle>& obstacles, const CorridorShape& shape, const ChannelDef& def,
              std::vector<Channel>& out) {
  out.clear();
  const int n = int(sections.size());
  for (int i = 0; i < n;) {
    if (!fits[i] || !sections[i].free) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < n && fits[j + 1] && sections[j + 1].free) ++j;
    Channel c;
    c.gates.assign(gates.begin() + i, gates.begin() + j + 2);
    c.sections.assign(sections.begin() + i, sections.begin() + j + 1);
    c.pre = end_section(gates[i], unit(gates[i].at, gates[i + 1].at), false, shape, def);
    c.post = end_section(gates[j + 1], unit(gates[j].at, gates[j + 1].at), true, shape, def);
    if (const Obstacle* o = first_hit(obstacles, c.pre)) {
      sections[i].free = false, sections[i].blocked_by = o->id;
      return true;
    }
    if (const Obstacle* o = first_hit(obstacles, c.post)) {
      sections[j].free = false, sections[j].blocked_by = o->id;
      return true;
    }
    out.push_back(std::move(c));
    i = j + 1;
  }
  return false;
}

void check_sections(const std::vector<Gate>& gates, std::vector<Section>& sections, std::vector<bool>& fits,
                    const std::vector<Obstacle>& obstacles, const CorridorShape& shape, const ChannelDef& def,
                    ChannelTrace* trace) {
  for (size_t i = 0; i < sections.size(); ++i) {
    Section& s = sections[i];
    s.polygon = section_polygon(gates[i], gates[i + 1]);
    const bool narrow = gates[i].width() < def.min_width || gates[i + 1].width() < def.min_width;
    fits[i] = fits[i] && !narrow && polygon_inside(shape, s.polygon);
    if (const Obstacle* o = first_hit(obstacles, s.polygon)) s.free = false, s.blocked_by = o->id;
    ChannelStep st;
    st.kind = ChannelStep::Kind::SectionChecked;
    st.section = int(i);
    st.free = s.free;
    st.blocked_by = s.blocked_by;
    st.why = fits[i] ? "" : (narrow ? "narrow" : "wall");
    set_corners(st, s.polygon);
    record(trace, st);
  }
}

void record_splits(const std::vector<Section>& sections, const std::vector<bool>& fits, ChannelTrace* trace) {
  for (size_t i = 0; i < sections.size(); ++i) {
    if (fits[i] && sections[i].free) continue;
    ChannelStep st;
    st.kind = ChannelStep::Kind::Split;
    st.section = int(i);
    st.blocked_by = sections[i].blocked_by;
    st.why = !sections[i].free ? "obstacle" : "no_room";
    set_corners(st, sections[i].polygon);
    record(trace, st);
  }
}

}  // namespace

std::string ChannelStep::describe() const {
  switch (kind) {
    case Kind::GatePlaced:
      return std::string("Gate ") + nth(gate) + " (" + to_string(gate_kind) + ") at (" + num(at.x) + ", " + num(at.y) +
             "): " + num(width) + " m of free space, " + num(left_reach) + " m left and " + num(right_reach) +
             " m right of the path" +
             (gate_kind == GateKind::Turn ? ", measured from the inner corner along the turn's bisector."
                                          : ", across the path.");
    case Kind::GateShrunk:
      return "Section " + nth(section) + " crossed a wall, so the reach of both its gates is halved (try " +
             std::to_string(count) + "): gate " + nth(gate) + " now reaches " + num(left_reach) + " m left and " +
             num(right_reach) + " m right of the path, gate " + nth(gate + 1) + " " + num(next_left_reach) +
             " m left and " + num(next_right_reach) + " m right.";
    case Kind::SectionChecked:
      if (!why.empty())
        return "Section " + nth(section) +
               (why == "narrow" ? " is too narrow for a channel." : " still crosses a wall after shrinking.");
      return "Section " + nth(section) +
             (free ? " lies inside the navmesh and is free of obstacles."
                   : " is blocked by obstacle " + blocked_by + ".");
    case Kind::Split:
      return "The channel is split at section " + nth(section) +
             (why == "obstacle" ? " (blocked by " + blocked_by + "): the path there is kept as it is."
                                : " (no room for a valid section): the path there is kept as it is.");
  }
  return "";
}

ChannelArray build_channels(const std::vector<Vec2>& path, const CorridorShape& shape,
                            const std::vector<Obstacle>& obstacles, const ChannelDef& def, ChannelTrace* trace) {
  ChannelArray out;
  out.path = path;
  if (path.size() < 2 || path_length(path) <= 0.0) return out;  // the zero-length path has no channel
  std::vector<Draft> drafts = draft_gates(path, shape, def);
  for (size_t i = 0; i < drafts.size(); ++i) record(trace, gate_step(ChannelStep::Kind::GatePlaced, int(i), drafts[i]));
  std::vector<bool> fits(drafts.size() - 1, true);
  for (size_t i = 0; i + 1 < drafts.size(); ++i) fits[i] = fit_section(drafts, int(i), shape, def, trace);
  std::vector<Gate> gates;
  for (const Draft& d : drafts) gates.push_back(d.gate());
  std::vector<Section> sections(gates.size() - 1);
  check_sections(gates, sections, fits, obstacles, shape, def, trace);
  while (assemble(gates, sections, fits, obstacles, shape, def, out.channels)) {
  }
  record_splits(sections, fits, trace);
  return out;
}

CorridorShape channel_shape(const Channel& channel) {
  CorridorShape shape;
  for (const Section& s : channel.sections)
    for (size_t k = 1; k + 1 < s.polygon.size(); ++k) {
      std::vector<Vec2> tri{s.polygon[0], s.polygon[k], s.polygon[k + 1]};
      if (orient(tri[0], tri[1], tri[2]) < 0.0) std::swap(tri[1], tri[2]);
      shape.add_polygon(tri);
    }
  const std::vector<Gate>& g = channel.gates;
  shape.add_wall({g.front().left, g.front().right, -1, -1});
  for (size_t i = 0; i + 1 < g.size(); ++i) {
    shape.add_wall({g[i].right, g[i + 1].right, -1, -1});
    shape.add_wall({g[i + 1].left, g[i].left, -1, -1});
  }
  shape.add_wall({g.back().right, g.back().left, -1, -1});
  double extent = 0.0;
  for (const Gate& x : g)
    extent = std::max({extent, std::fabs(x.left.x), std::fabs(x.left.y), std::fabs(x.right.x), std::fabs(x.right.y)});
  shape.tolerance = tol::scaled(extent);
  return shape;
}

bool segment_inside(const CorridorShape& shape, Vec2 a, Vec2 b) {
  std::vector<double> cuts{0.0, 1.0};
  const Vec2 d = b - a;
  for (const WallEdge& w : shape.walls()) {
    const Vec2 e = w.b - w.a;
    const double den = cross(d, e);
    if (std::fabs(den) < kParallel) continue;
    const Vec2 aw = w.a - a;
    const double t = cross(aw, e) / den, u = cross(aw, d) / den;
    if (t > 0.0 && t < 1.0 && u >= -kWallEnds && u <= 1.0 + kWallEnds) cuts.push_back(t);
  }
  std::sort(cuts.begin(), cuts.end());
  if (!inside_corridor(shape, a) || !inside_corridor(shape, b)) return false;
  for (size_t i = 0; i + 1 < cuts.size(); ++i)
    if (cuts[i + 1] - cuts[i] > kWallEnds && !inside_corridor(shape, lerp(a, b, (cuts[i] + cuts[i + 1]) / 2.0)))
      return false;
  return true;
}

bool outlines_intersect(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
  auto edges = [](const std::vector<Vec2>& p) { return p.size() == 2 ? size_t(1) : p.size(); };
  for (size_t i = 0; i < edges(a); ++i)
    for (size_t j = 0; j < edges(b); ++j)
      if (segments_cross(a[i], a[(i + 1) % a.size()], b[j], b[(j + 1) % b.size()], kCrossTol)) return true;
  for (Vec2 p : a)
    if (strictly_inside(b, p, kInsideMargin)) return true;
  for (Vec2 p : b)
    if (strictly_inside(a, p, kInsideMargin)) return true;
  return false;
}

}  // namespace navlab
