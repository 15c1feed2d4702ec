#include "spline.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>

#include "inner_corner.h"
#include "portals.h"

namespace navlab {

namespace {

constexpr double kRadiusRelax = 0.7;   // a relaxed peg's radius is multiplied by this
constexpr double kMinDistance = 1e-3;  // m: a distance to the inner corner below this becomes 0
constexpr double kAngleTol = 1e-9;     // rad: sweeps within this of 0 / π count as 0 / π
constexpr double kMinPiece = 1e-9;     // m: shorter pieces are dropped
constexpr double kKinkAngle = 1e-6;    // rad: pieces meeting at a larger angle meet at a stop-turn
constexpr double kNoTangent = 1e-18;   // m²: circles whose centre distance² exceeds dr² by less have no tangent
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// A node the string passes: a point (r == 0) or a peg circle (r > 0 counter-clockwise, < 0 clockwise).
struct Node {
  Vec2 c;
  double r = 0.0;
  int gate = -1;       // peg: gate index in the channel
  Vec2 corner, u;      // peg: the inner corner and the unit direction from it across the gate
  double width = 0.0;  // peg: gate width, m
  double R = 0.0, d = 0.0;
  bool left = true;
  // The circle passes d from the corner, on the gate. A radius below d cannot keep that distance
  // around a point, so the arc is then the circle of radius d around the corner itself.
  void place() {
    const double radius = std::max(R, d);
    c = corner + u * (d - radius);
    r = left ? radius : -radius;
  }
};

struct Tangent {
  Vec2 a, b;  // on the first / second node
};

// The line leaving node 1 and reaching node 2 in their turning senses, if one exists.
std::optional<Tangent> tangent(const Node& n1, const Node& n2) {
  const Vec2 w = n2.c - n1.c;
  const double d2 = dot(w, w), dr = n2.r - n1.r;
  if (d2 - dr * dr <= kNoTangent) return std::nullopt;
  const double len = std::sqrt(d2 - dr * dr);
  const Vec2 t = (w * len - perp_left(w) * dr) / d2;
  const Vec2 n = perp_left(t);
  return Tangent{n1.c - n * n1.r, n2.c - n * n2.r};
}

double angle_of(Vec2 c, Vec2 p) { return std::atan2(p.y - c.y, p.x - c.x); }

SplinePiece arc_piece(const Node& n, Vec2 from, Vec2 to) {
  SplinePiece p;
  p.kind = SplinePiece::Kind::Arc;
  p.from = from;
  p.to = to;
  p.center = n.c;
  p.radius = std::fabs(n.r);
  p.ccw = n.r > 0.0;
  double sw = p.ccw ? angle_of(n.c, to) - angle_of(n.c, from) : angle_of(n.c, from) - angle_of(n.c, to);
  sw = std::fmod(sw, kTwoPi);
  if (sw < 0.0) sw += kTwoPi;
  if (sw > kTwoPi - kAngleTol) sw = 0.0;
  p.sweep = sw;
  return p;
}

SplinePiece segment_piece(Vec2 a, Vec2 b) {
  SplinePiece p;
  p.from = a;
  p.to = b;
  return p;
}

// Why a try failed and which nodes to relax.
struct Attempt {
  std::vector<SplinePiece> pieces;
  std::vector<int> relax;  // node indices
  std::string why;
  bool ok() const { return why.empty(); }
};

bool piece_inside(const SplinePiece& p, const CorridorShape& shape) {
  if (p.kind == SplinePiece::Kind::Segment) return segment_inside(shape, p.from, p.to);
  return p.sweep <= kAngleTol || arc_coverage(p.arc(), shape).inside;
}

Attempt try_fit(const std::vector<Node>& nodes, const CorridorShape& shape) {
  Attempt at;
  std::vector<Tangent> lines;
  for (size_t j = 0; j + 1 < nodes.size(); ++j) {
    const std::optional<Tangent> t = tangent(nodes[j], nodes[j + 1]);
    if (!t) return {{}, {int(j), int(j) + 1}, "the circles overlap"};
    lines.push_back(*t);
  }
  for (size_t j = 0; j < lines.size(); ++j) {
    if (j > 0) {
      SplinePiece arc = arc_piece(nodes[j], lines[j - 1].b, lines[j].a);
      if (arc.sweep > std::numbers::pi + kAngleTol) return {{}, {int(j)}, "the arc would wrap past a half turn"};
      if (!piece_inside(arc, shape)) return {{}, {int(j)}, "the arc leaves the channel"};
      if (arc.length() > kMinPiece) at.pieces.push_back(arc);
    }
    const SplinePiece seg = segment_piece(lines[j].a, lines[j].b);
    if (!piece_inside(seg, shape)) return {{}, {int(j), int(j) + 1}, "the segment leaves the channel"};
    if (seg.length() > kMinPiece) at.pieces.push_back(seg);
  }
  return at;
}

std::vector<Node> make_nodes(const Channel& ch, int index, const SplineDef& def, SplineTrace* trace) {
  std::vector<Node> nodes;
  Node start;
  start.c = ch.gates.front().at;
  nodes.push_back(start);
  for (size_t g = 1; g + 1 < ch.gates.size(); ++g) {
    const Gate& gate = ch.gates[g];
    if (gate.kind != GateKind::Turn) continue;
    Node n;
    n.gate = int(g);
    n.corner = gate.at;
    const Vec2 far = gate.turn_left ? gate.right : gate.left;
    n.u = (far - gate.at) / std::max(distance(far, gate.at), kMinPiece);
    n.width = gate.width();
    n.R = def.turn_radius;
    n.d = distance_to_inner_corner(n.width, def.inner_corner);
    n.left = gate.turn_left;
    n.place();
    nodes.push_back(n);
    SplineStep st;
    st.kind = SplineStep::Kind::PegPlaced;
    st.channel = index;
    st.gate = n.gate;
    st.at = n.corner;
    st.center = n.c;
    st.circle = std::fabs(n.r);
    st.radius = n.R;
    st.distance = n.d;
    st.width = n.width;
    record_to(trace, st);
  }
  Node end;
  end.c = ch.gates.back().at;
  nodes.push_back(end);
  return nodes;
}

// Relaxes one peg: radius first, then the distance to the inner corner. False when nothing is left.
bool relax(Node& n, const SplineDef& def, int index, const std::string& why, SplineTrace* trace) {
  SplineStep st;
  st.kind = SplineStep::Kind::Relaxed;
  st.channel = index;
  st.gate = n.gate;
  st.at = n.corner;
  st.radius = st.new_radius = n.R;
  st.distance = st.new_distance = n.d;
  st.why = why;
  if (n.R > def.min_radius) {
    n.R = std::max(def.min_radius, n.R * kRadiusRelax);
  } else if (n.d > 0.0) {
    n.d = n.d * 0.5 < kMinDistance ? 0.0 : n.d * 0.5;
  } else {
    return false;
  }
  n.place();
  st.center = n.c;
  st.circle = std::fabs(n.r);
  st.new_radius = n.R;
  st.new_distance = n.d;
  record_to(trace, st);
  return true;
}

struct ChannelFit {
  std::vector<SplinePiece> pieces;
  bool ok = false;
  bool relaxed = false;
};

ChannelFit fit_channel(const Channel& ch, int index, const SplineDef& def, SplineTrace* trace) {
  std::vector<Node> nodes = make_nodes(ch, index, def, trace);
  const CorridorShape shape = channel_shape(ch);
  ChannelFit out;
  for (int tries = 0; tries <= def.max_relax; ++tries) {
    Attempt at = try_fit(nodes, shape);
    if (at.ok()) {
      out.pieces = std::move(at.pieces);
      out.ok = true;
      SplineStep st;
      st.kind = SplineStep::Kind::ChannelFitted;
      st.channel = index;
      st.count = int(nodes.size()) - 2;
      record_to(trace, st);
      return out;
    }
    bool any = false;
    for (int k : at.relax)
      if (k > 0 && k + 1 < int(nodes.size())) any = relax(nodes[k], def, index, at.why, trace) || any;
    out.relaxed = true;
    if (!any) break;
  }
  SplineStep st;
  st.kind = SplineStep::Kind::FitFailed;
  st.channel = index;
  st.why = "no relaxation leaves the spline inside the channel";
  record_to(trace, st);
  return out;
}

Vec2 point_along(const std::vector<Vec2>& path, double along) {
  const int k = int(std::floor(along));
  if (k >= int(path.size()) - 1) return path.back();
  return lerp(path[k], path[k + 1], along - k);
}

// The path between positions `a` and `b` along it, as segments.
void append_gap(const std::vector<Vec2>& path, double a, double b, std::vector<SplinePiece>& out) {
  std::vector<Vec2> pts{point_along(path, a)};
  for (int k = int(std::floor(a)) + 1; k < b; ++k) pts.push_back(path[k]);
  pts.push_back(point_along(path, b));
  for (size_t i = 0; i + 1 < pts.size(); ++i)
    if (distance(pts[i], pts[i + 1]) > kMinPiece) out.push_back(segment_piece(pts[i], pts[i + 1]));
}

void keep_gap(const std::vector<Vec2>& path, double a, double b, std::vector<SplinePiece>& out, SplineTrace* trace) {
  append_gap(path, a, b, out);
  SplineStep st;
  st.kind = SplineStep::Kind::GapKept;
  st.at = point_along(path, a);
  record_to(trace, st);
}

void finish(Spline& s) {
  s.length = 0.0;
  for (const SplinePiece& p : s.pieces) s.length += p.length();
}

void choose_mode(Spline& s, SplineMode mode, const std::string& why, SplineTrace* trace) {
  s.mode = mode;
  SplineStep st;
  st.kind = SplineStep::Kind::ModeChosen;
  st.mode = mode;
  st.why = why;
  record_to(trace, st);
}

}  // namespace

double SplinePiece::length() const { return kind == Kind::Arc ? radius * sweep : distance(from, to); }

Arc SplinePiece::arc() const { return Arc{center, radius, angle_of(center, from), ccw ? sweep : -sweep}; }

Vec2 SplinePiece::point(double u) const { return kind == Kind::Arc ? arc().point(u) : lerp(from, to, u); }

Vec2 SplinePiece::tangent(double u) const {
  if (kind == Kind::Segment) return (to - from) / std::max(length(), kMinPiece);
  const Vec2 radial = (point(u) - center) / radius;
  return ccw ? perp_left(radial) : -perp_left(radial);
}

Vec2 Spline::point_at(double s) const {
  if (pieces.empty()) return {};
  for (const SplinePiece& p : pieces) {
    const double len = p.length();
    if (s <= len) return p.point(len > 0.0 ? std::max(0.0, s) / len : 0.0);
    s -= len;
  }
  return pieces.back().to;
}

SplineDef spline_def(const AgentDef& agent) {
  SplineDef def;
  def.turn_radius = agent.turn_radius;
  def.inner_corner = agent.inner_corner;
  if (!agent.can_turn_in_place && agent.min_turn_radius > 0.0) def.min_radius = agent.min_turn_radius;
  def.min_radius = std::min(def.min_radius, def.turn_radius);
  return def;
}

Spline fit_spline(const ChannelArray& channels, const SplineDef& def, SplineTrace* trace) {
  Spline s;
  const std::vector<Vec2>& path = channels.path;
  if (path.size() < 2) {
    choose_mode(s, SplineMode::Failure, "there is no path", trace);
    return s;
  }
  if (path_length(path) <= 0.0) {
    choose_mode(s, SplineMode::Optimal, "the start is the goal: nothing to fit", trace);
    return s;
  }
  bool relaxed = false, failed = channels.channels.empty(), gaps = false;
  double along = 0.0;
  for (size_t i = 0; i < channels.channels.size() && !failed; ++i) {
    const Channel& ch = channels.channels[i];
    if (ch.gates.front().along > along) {
      gaps = true;
      keep_gap(path, along, ch.gates.front().along, s.pieces, trace);
    }
    ChannelFit fit = fit_channel(ch, int(i), def, trace);
    failed = !fit.ok;
    relaxed = relaxed || fit.relaxed;
    s.pieces.insert(s.pieces.end(), fit.pieces.begin(), fit.pieces.end());
    along = ch.gates.back().along;
  }
  if (!failed && along < double(path.size() - 1)) {
    gaps = true;
    keep_gap(path, along, double(path.size() - 1), s.pieces, trace);
  }
  if (failed) {
    s.pieces.clear();
    append_gap(path, 0.0, double(path.size() - 1), s.pieces);
    choose_mode(s, SplineMode::Degraded,
                channels.channels.empty() ? "no channel could be built" : "a channel could not be fitted", trace);
  } else if (relaxed || gaps) {
    choose_mode(s, SplineMode::SubOptimal,
                relaxed ? "some arcs were relaxed" : "parts of the path lie outside any channel", trace);
  } else {
    choose_mode(s, SplineMode::Optimal, "every arc has the preferred radius and distance", trace);
  }
  finish(s);
  return s;
}

SmoothPath to_smooth_path(const Spline& spline) {
  SmoothPath out;
  double s = 0.0;
  for (size_t i = 0; i < spline.pieces.size(); ++i) {
    const SplinePiece& p = spline.pieces[i];
    if (i > 0) {
      const Vec2 t0 = spline.pieces[i - 1].tangent(1.0), t1 = p.tangent(0.0);
      const double theta = std::atan2(std::fabs(cross(t0, t1)), dot(t0, t1));
      if (theta > kKinkAngle) {
        Turn t;
        t.corner = int(out.points.size());
        t.at = t.entry = t.exit = p.from;
        t.kind = TurnKind::Stop;
        t.s = s;
        t.theta = theta;
        t.left = cross(t0, t1) > 0.0;
        out.turns.push_back(t);
      }
    }
    out.points.push_back(p.from);
    PathPiece q;
    q.kind = p.kind == SplinePiece::Kind::Arc ? PathPiece::Kind::Arc : PathPiece::Kind::Segment;
    q.a = p.from;
    q.b = p.to;
    if (p.kind == SplinePiece::Kind::Arc) q.arc = p.arc();
    q.s0 = s;
    q.length = p.length();
    out.pieces.push_back(q);
    s += q.length;
  }
  if (!spline.pieces.empty()) out.points.push_back(spline.pieces.back().to);
  out.length = s;
  return out;
}

Spline cut(const Spline& spline, double s0, double s1) {
  Spline out;
  out.mode = spline.mode;
  out.recompute_needed = spline.recompute_needed;
  double s = 0.0;
  for (const SplinePiece& p : spline.pieces) {
    const double len = p.length(), a = std::max(s0, s), b = std::min(s1, s + len);
    s += len;
    if (b - a <= kMinPiece || len <= 0.0) continue;
    SplinePiece q = p;
    const double u0 = (a - (s - len)) / len, u1 = (b - (s - len)) / len;
    q.from = p.point(u0);
    q.to = p.point(u1);
    if (p.kind == SplinePiece::Kind::Arc) q.sweep = p.sweep * (u1 - u0);
    out.pieces.push_back(q);
  }
  finish(out);
  return out;
}

std::string SplineStep::describe() const {
  const std::string where = "(" + num(at.x) + ", " + num(at.y) + ")";
  switch (kind) {
    case Kind::PegPlaced:
      return "Turn gate " + nth(gate) + " at " + where + " is " + num(width) + " m wide: an arc of " + num(radius) +
             " m is placed " + num(distance) + " m from the inner corner (DistanceToInnerCorner).";
    case Kind::Relaxed:
      return "At " + where + " " + why + ": " +
             (new_radius < radius ? "the radius is relaxed from " + num(radius) + " m to " + num(new_radius) + " m."
                                  : "the distance to the inner corner is relaxed from " + num(distance) + " m to " +
                                        num(new_distance) + " m.");
    case Kind::ChannelFitted:
      return "Channel " + nth(channel) + " holds a spline with " + count_of(size_t(count), "arc", "arcs") + ".";
    case Kind::FitFailed:
      return "Channel " + nth(channel) + " could not be fitted: " + why + ".";
    case Kind::GapKept:
      return "From " + where + " the path lies outside any channel and is kept as it is.";
    case Kind::TailKept:
      return "The previous spline is kept for " + num(distance) + " m ahead, so the trajectory does not jitter.";
    case Kind::TailChanged:
      return "The new spline does not join the previous one within " + num(distance) +
             " m ahead: " + (why.empty() ? "it replaces it" : why) + ".";
    case Kind::ModeChosen:
      return std::string("Spline mode ") + to_string(mode) + ": " + why + ".";
  }
  return "";
}

}  // namespace navlab
