#include "turns.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "sum_text.h"

namespace navlab {

namespace {
constexpr double kShrink = 0.8;        // radius factor per coverage failure
constexpr int kMaxShrinks = 60;        // bounds the loop when min_turn_radius is 0
constexpr int kMaxScalePasses = 1000;  // every pass strictly shrinks a trim or removes an arc
constexpr double kReversal = 1e-6;     // rad: θ this close to π is a reversal (tan(θ/2) -> ∞)
constexpr double kPieceEps = 1e-12;    // m: shorter pieces are dropped from the smoothed path
constexpr double kSamePrinted = 0.005; // m: points this close print the same at two decimals
constexpr double kTrimSlack = 1e-12;   // share of a segment two trims may overrun by rounding and still fit

Vec2 unit(Vec2 v) {
  const double len = length(v);
  return len > 0.0 ? v / len : Vec2{1.0, 0.0};
}

Turn stop_turn(int corner, Vec2 prev, Vec2 at, Vec2 next) {
  Turn t;
  t.corner = corner;
  t.at = at;
  t.kind = TurnKind::Stop;
  t.theta = turning_angle(prev, at, next);
  t.left = cross(at - prev, next - at) >= 0.0;
  t.entry = t.exit = at;
  return t;
}

// A corner's directions and turning angle, computed once for every radius tried there (the same
// arithmetic as make_arc_turn, so the arcs are the same to the last bit).
struct CornerGeom {
  Vec2 prev, at, next;
  Vec2 din, dout;      // unit directions in and out
  double theta = 0.0;  // rad
  bool left = true;
  double tan_half = 0.0;  // tan(θ/2)
};

CornerGeom corner_geom(const std::vector<Vec2>& path, int corner) {
  CornerGeom g;
  g.prev = path[size_t(corner) - 1];
  g.at = path[size_t(corner)];
  g.next = path[size_t(corner) + 1];
  g.din = unit(g.at - g.prev);
  g.dout = unit(g.next - g.at);
  g.theta = std::atan2(std::fabs(cross(g.din, g.dout)), dot(g.din, g.dout));
  g.left = cross(g.din, g.dout) >= 0.0;
  g.tan_half = std::tan(g.theta / 2.0);
  return g;
}

// make_arc_turn(prev, at, next, radius) from the corner's geometry.
Turn arc_turn(const CornerGeom& g, double radius) {
  Turn t;
  t.at = g.at;
  t.kind = TurnKind::Arc;
  t.theta = g.theta;
  t.left = g.left;
  t.radius = radius;
  t.trim = radius * g.tan_half;
  t.entry = g.at - g.din * t.trim;
  t.exit = g.at + g.dout * t.trim;
  const Vec2 normal = g.left ? perp_left(g.din) : -perp_left(g.din);
  t.arc.center = t.entry + normal * radius;
  t.arc.radius = radius;
  t.arc.start = std::atan2(t.entry.y - t.arc.center.y, t.entry.x - t.arc.center.x);
  t.arc.sweep = g.left ? g.theta : -g.theta;
  return t;
}

struct Fitter {
  const std::vector<Vec2>& path;
  const CorridorShape& shape;
  const AgentDef& agent;
  TurnTrace* trace;
  const std::vector<char>& stand;  // per path point: the agent stands there (an off-mesh link's end)

  void record(TurnStep step) const {
    if (!trace) return;
    const bool shrunk = step.kind == TurnStep::Kind::Shrunk || step.kind == TurnStep::Kind::ScaledWithPartner;
    const double r = shrunk ? step.new_radius : step.radius;
    const int c = step.corner;
    if (step.kind != TurnStep::Kind::FellBackToStop && r > 0.0 && c > 0 && size_t(c) + 1 < path.size() &&
        step.theta > 0.0 && step.theta < std::numbers::pi - kReversal) {
      step.arc = make_arc_turn(path[size_t(c) - 1], path[size_t(c)], path[size_t(c) + 1], r);
      step.arc->corner = c;
    }
    trace->steps.push_back(std::move(step));
  }
  TurnStep step(TurnStep::Kind kind, int corner, double theta, double radius) const {
    TurnStep s;
    s.kind = kind;
    s.corner = corner;
    s.at = path[corner];
    s.theta = theta;
    s.radius = radius;
    s.trim = radius * std::tan(theta / 2.0);
    return s;
  }
  void fell_back(int corner, double theta, double radius, std::string why) const {
    if (!trace) return;
    TurnStep s = step(TurnStep::Kind::FellBackToStop, corner, theta, radius);
    s.trim = 0.0;
    s.why = std::move(why);
    record(std::move(s));
  }

  // Tries radius r, shrinking on every coverage failure; nullopt when no radius >= min fits.
  std::optional<Turn> fit(int corner, double r) const { return fit(corner_geom(path, corner), corner, r); }
  std::optional<Turn> fit(const CornerGeom& g, int corner, double r) const {
    const double min_r = agent.min_turn_radius;
    for (int shrinks = 0;; ++shrinks) {
      Turn t = arc_turn(g, r);
      t.corner = corner;
      const ArcCoverage cov = arc_coverage(t.arc, shape);
      if (cov.inside) {
        if (trace) record(step(TurnStep::Kind::Fitted, corner, t.theta, r));
        return t;
      }
      if (trace) {
        TurnStep s = step(TurnStep::Kind::CoverageFailed, corner, t.theta, r);
        s.hit = cov.hit;
        s.point = cov.outside_point;
        record(std::move(s));
      }
      if (r <= min_r || shrinks >= kMaxShrinks) return std::nullopt;
      const double nr = std::max(r * kShrink, min_r);
      if (trace) {
        TurnStep s = step(TurnStep::Kind::Shrunk, corner, t.theta, r);
        s.new_radius = nr;
        s.trim = nr * g.tan_half;
        record(std::move(s));
      }
      r = nr;
    }
  }

  Turn first_fit(int corner) const {
    const CornerGeom g = corner_geom(path, corner);
    const Vec2 prev = g.prev, at = g.at, next = g.next;
    Turn stop;  // stop_turn(corner, prev, at, next), its angle already at hand
    stop.corner = corner;
    stop.at = at;
    stop.theta = g.theta;
    stop.left = cross(at - prev, next - at) >= 0.0;
    stop.entry = stop.exit = at;
    const double theta = stop.theta;
    if (agent.corner_mode == CornerMode::Stop) {
      if (trace) fell_back(corner, theta, 0.0, "the agent's corner mode is stop");
      return stop;
    }
    if (size_t(corner) < stand.size() && stand[size_t(corner)]) {
      if (trace) fell_back(corner, theta, 0.0, "it is an end of an off-mesh link, where the agent stands to jump");
      return stop;
    }
    if (theta >= std::numbers::pi - kReversal) {
      if (trace) fell_back(corner, theta, 0.0, "the path reverses direction here");
      return stop;
    }
    const double tan_half = g.tan_half;
    const double seg = std::min(distance(prev, at), distance(at, next));
    double r = agent.turn_radius;
    const char* why = "preferred turn radius";
    if (tan_half > 0.0 && r * tan_half > seg) {
      r = seg / tan_half;
      why = "largest radius whose trim fits the shorter segment";
    }
    if (trace) {
      TurnStep s = step(TurnStep::Kind::Candidate, corner, theta, r);
      s.why = why;
      record(std::move(s));
    }
    if (r < agent.min_turn_radius) {
      if (trace)
        fell_back(corner, theta, r, fmt("its segments are too short for the minimum turn radius %.2f m", agent.min_turn_radius));
      return stop;
    }
    if (std::optional<Turn> arc = fit(g, corner, r)) return *arc;
    if (trace)
      fell_back(corner, theta, agent.min_turn_radius,
                fmt("no arc of at least the minimum turn radius %.2f m stays inside the corridor", agent.min_turn_radius));
    return stop;
  }
};
}  // namespace

double turning_angle(Vec2 prev, Vec2 corner, Vec2 next) {
  const Vec2 din = unit(corner - prev), dout = unit(next - corner);
  return std::atan2(std::fabs(cross(din, dout)), dot(din, dout));
}

Turn make_arc_turn(Vec2 prev, Vec2 corner, Vec2 next, double radius) {
  const Vec2 din = unit(corner - prev), dout = unit(next - corner);
  Turn t;
  t.at = corner;
  t.kind = TurnKind::Arc;
  t.theta = std::atan2(std::fabs(cross(din, dout)), dot(din, dout));
  t.left = cross(din, dout) >= 0.0;
  t.radius = radius;
  t.trim = radius * std::tan(t.theta / 2.0);
  t.entry = corner - din * t.trim;
  t.exit = corner + dout * t.trim;
  const Vec2 normal = t.left ? perp_left(din) : -perp_left(din);
  t.arc.center = t.entry + normal * radius;
  t.arc.radius = radius;
  t.arc.start = std::atan2(t.entry.y - t.arc.center.y, t.entry.x - t.arc.center.x);
  t.arc.sweep = t.left ? t.theta : -t.theta;
  return t;
}

Vec2 PathPiece::point(double s) const {
  const double u = length > 0.0 ? std::clamp((s - s0) / length, 0.0, 1.0) : 0.0;
  return kind == Kind::Arc ? arc.point(u) : lerp(a, b, u);
}

const char* to_string(TurnStep::Kind k) {
  switch (k) {
    case TurnStep::Kind::Candidate: return "candidate";
    case TurnStep::Kind::CoverageFailed: return "coverage_failed";
    case TurnStep::Kind::Shrunk: return "shrunk";
    case TurnStep::Kind::Fitted: return "fitted";
    case TurnStep::Kind::ScaledWithPartner: return "scaled_with_partner";
    case TurnStep::Kind::FellBackToStop: return "fell_back_to_stop";
  }
  return "candidate";
}

std::string TurnStep::describe() const {
  const double deg = theta * 180.0 / std::numbers::pi;
  switch (kind) {
    case Kind::Candidate:
      return fmt("Corner %d at (%.2f, %.2f) turns %.1f°: try an arc of radius %.2f m, the %s; its trim "
                 "R·tan(turn/2) is %.2f m.",
                 corner, at.x, at.y, deg, radius, why.c_str(), trim);
    case Kind::CoverageFailed:
      if (distance(hit, point) < kSamePrinted)
        return fmt("Corner %d: the arc of radius %.2f m leaves the corridor at (%.2f, %.2f), where it crosses a "
                   "wall.",
                   corner, radius, hit.x, hit.y);
      return fmt("Corner %d: the arc of radius %.2f m crosses a wall at (%.2f, %.2f), and its point (%.2f, %.2f) "
                 "beyond that lies outside the corridor.",
                 corner, radius, hit.x, hit.y, point.x, point.y);
    case Kind::Shrunk:
      return fmt("Corner %d: shrink the radius from %.2f m to %.2f m (trim %.2f m) and test again.", corner,
                 radius, new_radius, trim);
    case Kind::Fitted:
      return fmt("Corner %d: the arc of radius %.2f m fits inside the corridor (turn %.1f°, trim %.2f m).", corner,
                 radius, deg, trim);
    case Kind::ScaledWithPartner: {
      const std::string before = sum_text({old_trim, partner_trim}, " m");
      const std::string after = sum_text({trim, partner_new_trim}, " m");
      return fmt("Corners %d and %d share a %.2f m segment, but their trims %s overlap by %.2f m: both radii are "
                 "scaled by %.2f / %.2f = %.3f, so corner %d's radius goes from %.2f m to %.2f m and the trims become "
                 "%s.",
                 corner, partner, length, before.c_str(), old_trim + partner_trim - length, length,
                 old_trim + partner_trim, ratio, corner, radius, new_radius, after.c_str());
    }
    case Kind::FellBackToStop:
      return fmt("Corner %d at (%.2f, %.2f) becomes a stop-turn of %.1f°: %s.", corner, at.x, at.y, deg,
                 why.c_str());
  }
  return "";
}

namespace {

// Shared segments: the trims of both ends must fit; both radii are scaled by one ratio until all hold (a
// radius below the minimum turn radius makes its turn a stop-turn).
void scale_shared_segments(const Fitter& fitter, const std::vector<Vec2>& path, const AgentDef& agent,
                           std::vector<Turn>& turns, TurnTrace* trace) {
  const int corners = int(turns.size());
  for (int pass = 0; pass < kMaxScalePasses; ++pass) {
    bool changed = false;
    for (int k = 0; k + 1 < corners; ++k) {
      Turn& ta = turns[k];
      Turn& tb = turns[k + 1];
      if (ta.kind != TurnKind::Arc || tb.kind != TurnKind::Arc) continue;
      const double len = distance(path[k + 1], path[k + 2]);
      const double sum = ta.trim + tb.trim;
      if (sum <= len * (1.0 + kTrimSlack)) continue;
      changed = true;
      const double ratio = len / sum;
      Turn* pair[2] = {&ta, &tb};
      bool below[2];
      for (int j = 0; j < 2; ++j) {
        Turn& t = *pair[j];
        const double nr = t.radius * ratio;
        below[j] = nr < agent.min_turn_radius;
        if (trace) {
          TurnStep s = fitter.step(TurnStep::Kind::ScaledWithPartner, t.corner, t.theta, t.radius);
          s.new_radius = nr;
          s.trim = nr * std::tan(t.theta / 2.0);
          s.partner = pair[1 - j]->corner;
          s.length = len;
          s.ratio = ratio;
          s.old_trim = t.trim;
          s.partner_trim = pair[1 - j]->trim;
          s.partner_new_trim = pair[1 - j]->trim * ratio;
          fitter.record(std::move(s));
        }
      }
      for (int j = 0; j < 2; ++j) {
        Turn& t = *pair[j];
        const Vec2 prev = path[t.corner - 1], next = path[t.corner + 1];
        if (below[j]) {
          if (trace)
            fitter.fell_back(t.corner, t.theta, t.radius * ratio,
                             fmt("sharing its segment needs a radius below the minimum turn radius %.2f m",
                                 agent.min_turn_radius));
          t = stop_turn(t.corner, prev, t.at, next);
        } else if (below[1 - j]) {
          // The partner becomes a stop-turn and frees the segment: this arc keeps its radius.
        } else {
          const int corner = t.corner;
          const double theta = t.theta;
          if (std::optional<Turn> arc = fitter.fit(corner, t.radius * ratio)) {
            t = *arc;
          } else {
            if (trace)
              fitter.fell_back(corner, theta, agent.min_turn_radius,
                               fmt("after scaling, no arc of at least the minimum turn radius %.2f m stays inside "
                                   "the corridor",
                                   agent.min_turn_radius));
            t = stop_turn(corner, prev, path[corner], next);
          }
        }
      }
    }
    if (!changed) break;
  }

}

// The smoothed path into `sp`, whose turns are fitted: segments between turns, arcs at arc turns (each
// turn gets its arc length s).
void smooth_path(const std::vector<Vec2>& path, SmoothPath& sp) {
  sp.points.assign(path.begin(), path.end());
  sp.pieces.clear();
  sp.pieces.reserve(2 * sp.turns.size() + 1);
  double s = 0.0;
  Vec2 cursor = path.front();
  auto add_segment = [&](Vec2 to) {
    const double len = distance(cursor, to);
    if (len > kPieceEps) {
      PathPiece p;
      p.kind = PathPiece::Kind::Segment;
      p.a = cursor;
      p.b = to;
      p.s0 = s;
      p.length = len;
      sp.pieces.push_back(p);
      s += len;
    }
    cursor = to;
  };
  for (Turn& t : sp.turns) {
    if (t.kind == TurnKind::Arc) {
      add_segment(t.entry);
      t.s = s;
      PathPiece p;
      p.kind = PathPiece::Kind::Arc;
      p.a = t.entry;
      p.b = t.exit;
      p.arc = t.arc;
      p.s0 = s;
      p.length = t.arc.length();
      p.turn = int(&t - sp.turns.data());
      if (p.length > kPieceEps) {
        sp.pieces.push_back(p);
        s += p.length;
      }
      cursor = t.exit;
    } else {
      add_segment(t.at);
      t.s = s;
    }
  }
  add_segment(path.back());
  sp.length = s;
}

}  // namespace

TurnsResult fit_turns(const std::vector<Vec2>& path, const CorridorShape& shape, const AgentDef& agent,
                      TurnTrace* trace, const std::vector<char>& stand) {
  TurnsResult out;
  fit_turns_into(path, shape, agent, trace, stand, out);
  return out;
}

void fit_turns_into(const std::vector<Vec2>& path, const CorridorShape& shape, const AgentDef& agent,
                    TurnTrace* trace, const std::vector<char>& stand, TurnsResult& out) {
  out.failure.reset();
  SmoothPath& sp = out.path;
  sp.clear();
  auto fail = [&](Reason reason, std::string message) {
    out.failure = Failure{FailStage::Turns, reason, std::move(message), {}};
  };
  if (path.size() < 2) return fail(Reason::BadInput, "a path needs a start and a goal");
  for (size_t i = 0; i < path.size(); ++i) {
    if (!is_finite(path[i])) return fail(Reason::BadInput, fmt("path point %zu is not finite", i));
    // Start == goal with nothing between is the zero-length path; a repeated corner is the caller's bug.
    const bool zero_length = path.size() == 2;
    if (i > 0 && path[i] == path[i - 1] && !zero_length)
      return fail(Reason::BadInput, fmt("path points %zu and %zu coincide", i - 1, i));
  }
  if (!(agent.turn_radius > 0.0) || !(agent.min_turn_radius >= 0.0) || !std::isfinite(agent.turn_radius))
    return fail(Reason::BadInput, fmt("turn_radius %.3g m must be > 0 and min_turn_radius %.3g m >= 0",
                                      agent.turn_radius, agent.min_turn_radius));

  const Fitter fitter{path, shape, agent, trace, stand};
  const int corners = int(path.size()) - 2;
  sp.turns.reserve(size_t(std::max(corners, 0)));
  for (int c = 1; c <= corners; ++c) sp.turns.push_back(fitter.first_fit(c));

  scale_shared_segments(fitter, path, agent, sp.turns, trace);
  smooth_path(path, sp);

  // Modes that cannot use a stop-turn turn it into a failure (the path is still returned).
  const bool stops_allowed = agent.can_turn_in_place && agent.corner_mode != CornerMode::Arc;
  for (const Turn& t : sp.turns) {
    if (t.kind != TurnKind::Stop || stops_allowed) continue;
    if (agent.corner_mode == CornerMode::Stop)
      return fail(Reason::CannotTurnInPlace,
                  "corner_mode is stop but the agent cannot turn in place (can_turn_in_place is false)");
    return fail(Reason::NoArcFits,
                fmt("corner %d at (%.2f, %.2f): no arc of at least %.2f m fits inside the corridor and %s", t.corner,
                    t.at.x, t.at.y, agent.min_turn_radius,
                    agent.corner_mode == CornerMode::Arc ? "corner_mode is arc" : "the agent cannot turn in place"));
  }
}

}  // namespace navlab
