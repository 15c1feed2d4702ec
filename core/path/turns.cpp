#include "turns.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "sum_text.h"
#include "turn_fit.h"

namespace navlab {

namespace {
constexpr double kSamePrinted = 0.005;  // m: points this close print the same at two decimals
}  // namespace

double turning_angle(Vec2 prev, Vec2 corner, Vec2 next) {
  const Vec2 din = unit_or_x(corner - prev), dout = unit_or_x(next - corner);
  return std::atan2(std::fabs(cross(din, dout)), dot(din, dout));
}

Turn make_arc_turn(Vec2 prev, Vec2 corner, Vec2 next, double radius) {
  const Vec2 din = unit_or_x(corner - prev), dout = unit_or_x(next - corner);
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

namespace {

// "Corner 3" or, for a joint turn, "Corners 3–4" (lower case when `lower`).
std::string corner_name(int corner, int last, bool lower = false) {
  if (last > corner) return fmt("%s %d–%d", lower ? "corners" : "Corners", corner, last);
  return fmt("%s %d", lower ? "corner" : "Corner", corner);
}

std::string scaled_text(const TurnStep& s) {
  const std::string before = sum_text({s.old_trim, s.partner_trim}, " m");
  const std::string after = sum_text({s.trim, s.partner_new_trim}, " m");
  const double overlap = s.old_trim + s.partner_trim - s.length;
  if (s.offsets > 0.0)
    return fmt(
        "Corners %d and %d share a %.2f m segment, but their arcs take %s of it, %.2f m too much: both radii "
        "are scaled by (%.3f + %.3f) / %.3f = %.3f (a joint turn's trim counts from where its outer segments "
        "meet, %.2f m past its corners), so corner %d's radius goes from %.2f m to %.2f m and the arcs take "
        "%s.",
        s.corner, s.partner, s.length, before.c_str(), overlap, s.length, s.offsets,
        s.old_trim + s.partner_trim + s.offsets, s.ratio, s.offsets, s.corner, s.radius, s.new_radius, after.c_str());
  return fmt(
      "Corners %d and %d share a %.2f m segment, but their trims %s overlap by %.2f m: both radii are "
      "scaled by %.3f / %.3f = %.3f, so corner %d's radius goes from %.2f m to %.2f m and the trims become "
      "%s.",
      s.corner, s.partner, s.length, before.c_str(), overlap, s.length, s.old_trim + s.partner_trim, s.ratio, s.corner,
      s.radius, s.new_radius, after.c_str());
}

}  // namespace

std::string TurnStep::describe() const {
  const double deg = theta * 180.0 / std::numbers::pi;
  const std::string name = corner_name(corner, last_corner);
  switch (kind) {
    case Kind::Joined:
      return fmt(
          "Corners %d–%d turn the same way and lie closer together than their arcs need: %.2f m between two "
          "of them, where arcs of the minimum turn radius would take %.2f m. They turn as one corner of %.1f° "
          "at (%.2f, %.2f), where the segments before and after them meet.",
          corner, last_corner, length, needed, deg, at.x, at.y);
    case Kind::Unjoined:
      return fmt("Corners %d–%d: no arc over their combined turn fits, so each is fitted on its own.", corner,
                 last_corner);
    case Kind::Candidate:
      return fmt(
          "%s at (%.2f, %.2f) %s %.1f°: try an arc of radius %.2f m, the %s; its trim "
          "R·tan(turn/2) is %.2f m.",
          name.c_str(), at.x, at.y, last_corner > corner ? "turn" : "turns", deg, radius, why.c_str(), trim);
    case Kind::CoverageFailed:
      if (distance(hit, point) < kSamePrinted)
        return fmt("%s: the arc of radius %.2f m leaves the corridor at (%.2f, %.2f), where it crosses a wall.",
                   name.c_str(), radius, hit.x, hit.y);
      return fmt(
          "%s: the arc of radius %.2f m crosses a wall at (%.2f, %.2f), and its point (%.2f, %.2f) beyond "
          "that lies outside the corridor.",
          name.c_str(), radius, hit.x, hit.y, point.x, point.y);
    case Kind::Shrunk:
      return fmt("%s: shrink the radius from %.2f m to %.2f m (trim %.2f m) and test again.", name.c_str(), radius,
                 new_radius, trim);
    case Kind::Fitted:
      return fmt("%s: the arc of radius %.2f m fits inside the corridor (turn %.1f°, trim %.2f m).", name.c_str(),
                 radius, deg, trim);
    case Kind::ScaledWithPartner:
      return scaled_text(*this);
    case Kind::FellBackToStop:
      return fmt("%s at (%.2f, %.2f) becomes a stop-turn of %.1f°: %s.", name.c_str(), at.x, at.y, deg, why.c_str());
    case Kind::Failed:
      return fmt("%s at (%.2f, %.2f) turns %.1f° and fails: %s (%s).", name.c_str(), at.x, at.y, deg, why.c_str(),
                 to_string(reason));
  }
  return "";
}

namespace {

// The corners [c, last] with which corner c turns as one: consecutive corners that turn the same way,
// where the agent need not stand, whose gaps are each shorter than the trims of their two arcs at
// min_turn_radius, and whose combined turn is less than a reversal. `gap` / `needed`: the gap that joined
// them with the least room to spare.
int joint_end(const std::vector<Vec2>& path, const std::vector<CornerGeom>& geoms, const AgentDef& agent,
              const std::vector<char>& stand, int c, double& gap, double& needed) {
  const int corners = int(path.size()) - 2;
  const auto stands = [&](int k) { return size_t(k) < stand.size() && stand[size_t(k)]; };
  if (agent.corner_mode == CornerMode::Stop || !(agent.min_turn_radius > 0.0) || stands(c)) return c;
  int last = c;
  double spare = kTurnInf;
  while (last + 1 <= corners && !stands(last + 1)) {
    const CornerGeom &a = geoms[size_t(last)], &b = geoms[size_t(last + 1)];
    if (a.left != b.left || a.tan_half <= 0.0 || b.tan_half <= 0.0) break;
    const double g = distance(a.at, b.at), need = agent.min_turn_radius * (a.tan_half + b.tan_half);
    if (!(g < need) || !joint_geom(path, c, last + 1)) break;
    if (need - g < spare) {
      spare = need - g;
      gap = g;
      needed = need;
    }
    ++last;
  }
  return last;
}

// The smoothed path into `sp`, whose turns are fitted: segments between turns, arcs at arc turns (each
// turn gets its arc length s). The corners inside a joint turn are passed by its arc.
void smooth_path(const std::vector<Vec2>& path, SmoothPath& sp) {
  sp.points.assign(path.begin(), path.end());
  sp.pieces.clear();
  sp.pieces.reserve(2 * sp.turns.size() + 1);
  double s = 0.0;
  Vec2 cursor = path.front();
  auto add_segment = [&](Vec2 to) {
    const double len = distance(cursor, to);
    if (len > kPieceEps) {
      // Written where it lies: a piece built and copied in at once stalls the copy (docs/performance.md,
      // "Copies read back while still being stored").
      PathPiece& p = sp.pieces.emplace_back();
      p.kind = PathPiece::Kind::Segment;
      p.a = cursor;
      p.b = to;
      p.s0 = s;
      p.length = len;
      s += len;
    }
    cursor = to;
  };
  for (Turn& t : sp.turns) {
    if (t.kind == TurnKind::Arc) {
      add_segment(t.entry);
      t.s = s;
      const double len = t.arc.length();
      if (len > kPieceEps) {
        PathPiece& p = sp.pieces.emplace_back();  // (in place, as above)
        p.kind = PathPiece::Kind::Arc;
        p.a = t.entry;
        p.b = t.exit;
        p.arc = t.arc;
        p.s0 = s;
        p.length = len;
        p.turn = int(&t - sp.turns.data());
        s += len;
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

void fit_turns_into(const std::vector<Vec2>& path, const CorridorShape& shape, const AgentDef& agent, TurnTrace* trace,
                    const std::vector<char>& stand, TurnsResult& out) {
  CorridorShapeOnDemand built(shape);
  fit_turns_into(path, built, agent, trace, stand, out);
}

void fit_turns_into(const std::vector<Vec2>& path, CorridorShapeOnDemand& shape, const AgentDef& agent,
                    TurnTrace* trace, const std::vector<char>& stand, TurnsResult& out) {
  out.clear();
  SmoothPath& sp = out.path;
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

  thread_local std::vector<CornerGeom> geoms;  // kept per thread: no allocation once it has grown
  corner_geoms_into(path, geoms);
  Fitter fitter{path, geoms, shape, agent, trace, stand};
  const int corners = int(path.size()) - 2;
  sp.turns.reserve(size_t(std::max(corners, 0)));
  for (int c = 1; c <= corners;) {
    double gap = 0.0, needed = 0.0;
    const int last = joint_end(path, geoms, agent, stand, c, gap, needed);
    if (last > c) {
      if (std::optional<Turn> joint = fitter.fit_joint(c, last, gap, needed)) {
        sp.turns.push_back(*joint);
        c = last + 1;
        continue;
      }
    }
    sp.turns.push_back(fitter.first_fit(c));
    ++c;
  }

  scale_shared_segments(fitter, sp.turns);
  smooth_path(path, sp);
  if (fitter.failure) out.failure = std::move(fitter.failure);
}

}  // namespace navlab
