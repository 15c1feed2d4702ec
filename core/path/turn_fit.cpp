#include "turn_fit.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navlab {

namespace {
constexpr double kShrink = 0.8;        // radius factor per coverage failure
constexpr int kMaxShrinks = 60;        // bounds the loop when min_turn_radius is 0
constexpr int kMaxScalePasses = 1000;  // every pass strictly shrinks a trim or removes an arc
constexpr double kReversal = 1e-6;     // rad: θ this close to π is a reversal (tan(θ/2) -> ∞)
constexpr double kTrimSlack = 1e-12;   // share of a segment two trims may overrun by rounding and still fit
constexpr double kParallel = 1e-12;    // |cross| of two unit directions below which their lines never meet
// The largest radius that fits, for a failure to quote: halved from the radius that failed until one fits
// (down to this share of it), then bisected between the two this many times.
constexpr double kLeastShare = 1e-4;
constexpr int kLargestBisections = 30;
}  // namespace

double CornerGeom::largest_radius() const {
  if (!(tan_half > 0.0)) return kTurnInf;
  return std::min(len_in + off_in, len_out + off_out) / tan_half;
}

CornerGeom corner_geom(const std::vector<Vec2>& path, int corner) {
  CornerGeom g;
  g.first = g.last = corner;
  g.prev = path[size_t(corner) - 1];
  g.at = path[size_t(corner)];
  g.next = path[size_t(corner) + 1];
  g.din = unit_or_x(g.at - g.prev);
  g.dout = unit_or_x(g.next - g.at);
  g.theta = std::atan2(std::fabs(cross(g.din, g.dout)), dot(g.din, g.dout));
  g.left = cross(g.din, g.dout) >= 0.0;
  g.tan_half = std::tan(g.theta / 2.0);
  g.len_in = distance(g.prev, g.at);
  g.len_out = distance(g.at, g.next);
  return g;
}

void corner_geoms_into(const std::vector<Vec2>& path, std::vector<CornerGeom>& out) {
  out.resize(path.size());
  for (size_t c = 1; c + 1 < path.size(); ++c) out[c] = corner_geom(path, int(c));
}

std::optional<CornerGeom> joint_geom(const std::vector<Vec2>& path, int a, int b) {
  CornerGeom g;
  g.first = a;
  g.last = b;
  g.prev = path[size_t(a) - 1];
  g.next = path[size_t(b) + 1];
  const Vec2 pa = path[size_t(a)], pb = path[size_t(b)];
  g.din = unit_or_x(pa - g.prev);
  g.dout = unit_or_x(g.next - pb);
  const double cr = cross(g.din, g.dout);
  if (std::fabs(cr) < kParallel) return std::nullopt;
  g.theta = std::atan2(std::fabs(cr), dot(g.din, g.dout));
  if (g.theta >= std::numbers::pi - kReversal) return std::nullopt;
  // pa + din·t = pb − dout·u: where the line in meets the line out, t ahead of pa, u behind pb.
  const Vec2 w = pb - pa;
  g.off_in = cross(w, g.dout) / cr;
  g.off_out = cross(g.din, w) / cr;
  if (!(g.off_in >= 0.0) || !(g.off_out >= 0.0)) return std::nullopt;
  g.at = pa + g.din * g.off_in;
  g.left = cr >= 0.0;
  g.tan_half = std::tan(g.theta / 2.0);
  g.len_in = distance(g.prev, pa);
  g.len_out = distance(pb, g.next);
  return g;
}

Turn arc_turn(const CornerGeom& g, double radius) {
  Turn t;
  t.corner = g.first;
  t.last_corner = g.last;
  t.at = g.at;
  t.offset_in = g.off_in;
  t.offset_out = g.off_out;
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

namespace {

// A corner without an arc, standing at it: a stop-turn, or (kind Failed) a corner without any turn.
Turn standing_turn(const CornerGeom& g, TurnKind kind) {
  Turn t;
  t.corner = t.last_corner = g.first;
  t.at = g.at;
  t.kind = kind;
  t.theta = g.theta;
  t.left = cross(g.at - g.prev, g.next - g.at) >= 0.0;
  t.entry = t.exit = g.at;
  return t;
}

// The geometry a fitted turn was made on.
CornerGeom geom_of(const Fitter& fitter, const Turn& t) {
  if (t.last_corner > t.corner)
    if (const std::optional<CornerGeom> g = joint_geom(fitter.path, t.corner, t.last_corner)) return *g;
  return fitter.geoms[size_t(t.corner)];
}

}  // namespace

Fitter::Fitter(const std::vector<Vec2>& path_, const std::vector<CornerGeom>& geoms_, CorridorShapeOnDemand& shape,
               const AgentDef& agent_, TurnTrace* trace_, const std::vector<char>& stand)
    : path(path_),
      geoms(geoms_),
      agent(agent_),
      trace(trace_),
      shape_(shape),
      stand_(stand),
      stops_allowed_(agent_.can_turn_in_place && agent_.corner_mode != CornerMode::Arc) {}

void Fitter::record(TurnStep step) const {
  if (!trace) return;
  using K = TurnStep::Kind;
  const bool shrunk = step.kind == K::Shrunk || step.kind == K::ScaledWithPartner;
  const double r = shrunk ? step.new_radius : step.radius;
  const bool tries = step.kind == K::Candidate || step.kind == K::CoverageFailed || step.kind == K::Fitted || shrunk;
  const int c = step.corner, last = std::max(step.corner, step.last_corner);
  if (tries && r > 0.0 && c > 0 && size_t(last) + 1 < path.size() && step.theta > 0.0 &&
      step.theta < std::numbers::pi - kReversal) {
    const std::optional<CornerGeom> g = last > c ? joint_geom(path, c, last) : corner_geom(path, c);
    if (g) step.arc = arc_turn(*g, r);
  }
  trace->steps.push_back(std::move(step));
}

TurnStep Fitter::step(TurnStep::Kind kind, const CornerGeom& g, double radius) const {
  TurnStep s;
  s.kind = kind;
  s.corner = g.first;
  s.last_corner = g.last;
  s.at = g.at;
  s.theta = g.theta;
  s.radius = radius;
  s.trim = radius * g.tan_half;
  return s;
}

std::optional<Turn> Fitter::fit(const CornerGeom& g, double r, double least) {
  for (int shrinks = 0;; ++shrinks) {
    const Turn t = arc_turn(g, r);
    const ArcCoverage cov = shape_.cover(t.arc, near_);
    if (cov.inside) {
      if (trace) record(step(TurnStep::Kind::Fitted, g, r));
      return t;
    }
    if (trace) {
      TurnStep s = step(TurnStep::Kind::CoverageFailed, g, r);
      s.hit = cov.hit;
      s.point = cov.outside_point;
      record(std::move(s));
    }
    if (r <= least || shrinks >= kMaxShrinks) return std::nullopt;
    const double nr = std::max(r * kShrink, least);
    if (trace) {
      TurnStep s = step(TurnStep::Kind::Shrunk, g, r);
      s.new_radius = nr;
      s.trim = nr * g.tan_half;
      record(std::move(s));
    }
    r = nr;
  }
}

double Fitter::largest_fit(const CornerGeom& g, double below) const {
  const auto fits = [&](double r) { return shape_.cover(arc_turn(g, r).arc, near_).inside; };
  double bad = -1.0, ok = below;
  while (!fits(ok)) {
    bad = ok;
    ok *= 0.5;
    if (ok < below * kLeastShare) return 0.0;
  }
  if (bad < 0.0) return ok;
  for (int i = 0; i < kLargestBisections; ++i) {
    const double mid = 0.5 * (ok + bad);
    (fits(mid) ? ok : bad) = mid;
  }
  return ok;
}

std::string NoArcWhy::text() const {
  switch (kind) {
    case Kind::CornerModeStop:
      return "the agent's corner mode is stop";
    case Kind::LinkEnd:
      return "it is an end of an off-mesh link, where the agent stands to jump";
    case Kind::Reversal:
      return "the path reverses direction here";
    case Kind::TooShort:
      return fmt("its segments are too short for the minimum turn radius %.2f m", min_radius);
    case Kind::NoneInside:
      return fmt("no arc of at least the minimum turn radius %.2f m stays inside the corridor", min_radius);
    case Kind::SharedBelowMin:
      return fmt("sharing its segment needs a radius below the minimum turn radius %.2f m", min_radius);
    case Kind::NoneInsideScaled:
      return fmt("after scaling, no arc of at least the minimum turn radius %.2f m stays inside the corridor",
                 min_radius);
  }
  return "";
}

Turn Fitter::no_arc(int c, NoArcWhy reason_why, double largest_from) {
  const CornerGeom& g = geoms[size_t(c)];
  if (stops_allowed_) {
    if (trace) {
      TurnStep s = step(TurnStep::Kind::FellBackToStop, g, 0.0);
      s.trim = 0.0;
      s.why = reason_why.text();
      record(std::move(s));
    }
    return standing_turn(g, TurnKind::Stop);
  }
  const Reason reason = agent.corner_mode == CornerMode::Stop ? Reason::CannotTurnInPlace : Reason::NoArcFits;
  const double largest =
      largest_from > 0.0 && g.theta < std::numbers::pi - kReversal ? largest_fit(g, largest_from) : 0.0;
  std::string full = reason_why.text();
  if (largest > 0.0)
    full += fmt(" (the largest arc that fits has radius %.2f m)", largest);
  else if (largest_from > 0.0)
    full += " (no arc of any radius fits)";
  full += !agent.can_turn_in_place ? ", and the agent cannot turn in place" : ", and its corner mode is arc";
  if (trace) {
    TurnStep s = step(TurnStep::Kind::Failed, g, 0.0);
    s.trim = 0.0;
    s.why = full;
    s.reason = reason;
    s.largest = largest;
    record(std::move(s));
  }
  // The result's failure is the first corner's without a turn (scaling may come back to an earlier one).
  if (!failure || failure_corner_ > c) {
    failure_corner_ = c;
    std::string message = fmt("corner %d at (%.2f, %.2f): ", c, g.at.x, g.at.y) + full;
    if (reason == Reason::NoArcFits)
      message +=
          "; the channel spline (--smoothing channel) places its arcs anywhere in the channel, not at these "
          "corners, and may still fit one";
    failure = Failure{FailStage::Turns, reason, std::move(message), {}};
  }
  return standing_turn(g, TurnKind::Failed);
}

Turn Fitter::first_fit(int c) {
  const CornerGeom& g = geoms[size_t(c)];
  using W = NoArcWhy::Kind;
  const double min_r = agent.min_turn_radius;
  if (agent.corner_mode == CornerMode::Stop) return no_arc(c, {W::CornerModeStop, min_r});
  if (size_t(c) < stand_.size() && stand_[size_t(c)]) return no_arc(c, {W::LinkEnd, min_r});
  if (g.theta >= std::numbers::pi - kReversal) return no_arc(c, {W::Reversal, min_r});
  double r = agent.turn_radius;
  const char* why = "preferred turn radius";
  if (g.tan_half > 0.0 && r > g.largest_radius()) {
    r = g.largest_radius();
    why = "largest radius whose trim fits the shorter segment";
  }
  if (trace) {
    TurnStep s = step(TurnStep::Kind::Candidate, g, r);
    s.why = why;
    record(std::move(s));
  }
  if (r < min_r) return no_arc(c, {W::TooShort, min_r}, r);
  if (std::optional<Turn> arc = fit(g, r, min_r)) return *arc;
  return no_arc(c, {W::NoneInside, min_r}, min_r);
}

std::optional<Turn> Fitter::fit_joint(int a, int b, double gap, double needed) {
  const std::optional<CornerGeom> g = joint_geom(path, a, b);
  if (!g) return std::nullopt;
  if (trace) {
    TurnStep s = step(TurnStep::Kind::Joined, *g, 0.0);
    s.trim = 0.0;
    s.length = gap;
    s.needed = needed;
    record(std::move(s));
  }
  const double least = std::max(agent.min_turn_radius, g->least_radius());
  const double r = std::min(agent.turn_radius, g->largest_radius());
  if (r >= least) {
    if (trace) {
      TurnStep s = step(TurnStep::Kind::Candidate, *g, r);
      s.why = r < agent.turn_radius ? "largest radius whose trim fits the segments before and after the corners"
                                    : "preferred turn radius";
      record(std::move(s));
    }
    if (std::optional<Turn> arc = fit(*g, r, least)) return arc;
  }
  if (trace) record(step(TurnStep::Kind::Unjoined, *g, 0.0));
  return std::nullopt;
}

namespace {

// Turn k of `turns` has no arc: a joint turn is replaced by its corners, each without one. Returns how
// many turns were inserted after k.
size_t without_arc(Fitter& fitter, std::vector<Turn>& turns, size_t k, NoArcWhy why) {
  const int first = turns[k].corner, last = std::max(turns[k].corner, turns[k].last_corner);
  turns[k] = fitter.no_arc(first, why);
  for (int c = first + 1; c <= last; ++c)
    turns.insert(turns.begin() + std::ptrdiff_t(k) + (c - first), fitter.no_arc(c, why));
  return size_t(last - first);
}

// The ScaledWithPartner step of `t` (its share `share` of the segment, `nr` its new radius), for the
// partner `o` (share `o_share`, new share `o_new`).
void record_scaled(const Fitter& fitter, const Turn& t, double share, double nr, double new_share, const Turn& o,
                   double o_share, double o_new, double len, double offsets, double ratio) {
  if (!fitter.trace) return;
  TurnStep s = fitter.step(TurnStep::Kind::ScaledWithPartner, geom_of(fitter, t), t.radius);
  s.new_radius = nr;
  s.trim = new_share;
  s.partner = o.corner;
  s.length = len;
  s.ratio = ratio;
  s.old_trim = share;
  s.partner_trim = o_share;
  s.partner_new_trim = o_new;
  s.offsets = offsets;
  fitter.record(std::move(s));
}

}  // namespace

void scale_shared_segments(Fitter& fitter, std::vector<Turn>& turns) {
  const std::vector<Vec2>& path = fitter.path;
  const AgentDef& agent = fitter.agent;
  for (int pass = 0; pass < kMaxScalePasses; ++pass) {
    bool changed = false;
    for (size_t k = 0; k + 1 < turns.size(); ++k) {
      const Turn &a = turns[k], &b = turns[k + 1];
      if (a.kind != TurnKind::Arc || b.kind != TurnKind::Arc) continue;
      const double len = distance(path[size_t(std::max(a.corner, a.last_corner))], path[size_t(b.corner)]);
      if (a.trim_out() + b.trim_in() <= len * (1.0 + kTrimSlack)) continue;
      // Copies, made only for a pair that is scaled: the turns below are replaced (and a joint turn's
      // corners inserted) while these are read.
      const Turn ta = a, tb = b;
      changed = true;
      const double offsets = ta.offset_out + tb.offset_in, ratio = (len + offsets) / (ta.trim + tb.trim);
      const Turn* pair[2] = {&ta, &tb};
      CornerGeom g[2];
      double nr[2], least[2];
      for (int j = 0; j < 2; ++j) {
        g[j] = geom_of(fitter, *pair[j]);
        nr[j] = pair[j]->radius * ratio;
        least[j] = std::max(agent.min_turn_radius, g[j].least_radius());
      }
      record_scaled(fitter, ta, ta.trim_out(), nr[0], nr[0] * g[0].tan_half - ta.offset_out, tb, tb.trim_in(),
                    nr[1] * g[1].tan_half - tb.offset_in, len, offsets, ratio);
      record_scaled(fitter, tb, tb.trim_in(), nr[1], nr[1] * g[1].tan_half - tb.offset_in, ta, ta.trim_out(),
                    nr[0] * g[0].tan_half - ta.offset_out, len, offsets, ratio);
      size_t at = k;
      for (int j = 0; j < 2; ++j, ++at) {
        const bool below = nr[j] < least[j], partner_below = nr[1 - j] < least[1 - j];
        if (below) {
          at += without_arc(fitter, turns, at, {NoArcWhy::Kind::SharedBelowMin, agent.min_turn_radius});
        } else if (!partner_below) {  // (a partner without an arc frees the segment: this arc keeps its radius)
          if (std::optional<Turn> arc = fitter.fit(g[j], nr[j], least[j])) {
            turns[at] = *arc;
          } else {
            at += without_arc(fitter, turns, at, {NoArcWhy::Kind::NoneInsideScaled, agent.min_turn_radius});
          }
        }
      }
    }
    if (!changed) break;
  }
}

}  // namespace navlab
