// Fitting the turns of core/path/turns.h: a corner's (or a joint corner's) geometry, the arc at a radius,
// the shrinking until coverage holds, what a corner without an arc becomes, and the joint scaling of arcs
// that share a segment. Inside core/path only.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "turns.h"

namespace navlab {

constexpr double kTurnInf = std::numeric_limits<double>::infinity();
constexpr double kPieceEps = 1e-12;  // m: shorter pieces are dropped from the smoothed path

// The unit vector along v, or +x for the zero vector.
inline Vec2 unit_or_x(Vec2 v) {
  const double len = length(v);
  return len > 0.0 ? v / len : Vec2{1.0, 0.0};
}

// The geometry an arc is fitted to: the segment in (from `prev`) and the segment out (to `next`), which
// meet at `at`: a corner of the path, or for a joint turn over corners [first, last] the point where the
// segment before `first` and the one after `last` meet (computed once for every radius tried there).
struct CornerGeom {
  int first = -1, last = -1;  // the corners it covers
  Vec2 prev, at, next;
  Vec2 din, dout;      // unit directions in and out
  double theta = 0.0;  // rad
  bool left = true;
  double tan_half = 0.0;               // tan(θ/2)
  double off_in = 0.0, off_out = 0.0;  // m: from corner `first` on to `at`, from `at` on to corner `last`
  double len_in = 0.0, len_out = 0.0;  // m: the segments prev -> first and last -> next
  // The radius range the geometry allows: trims within the outer segments, tangent points outside the
  // joint (the arc starts before `first` and ends after `last`).
  double largest_radius() const;
  double least_radius() const { return tan_half > 0.0 ? std::max(off_in, off_out) / tan_half : 0.0; }
};

CornerGeom corner_geom(const std::vector<Vec2>& path, int corner);
// corner_geom() of every corner of `path` into `out` (out[c] for corner c in [1, size - 2]; out[0] and the
// last entry unused): the fitting reads a corner's geometry several times (joints, the first fit, the
// scaling passes) and works out its angle and tangent once.
void corner_geoms_into(const std::vector<Vec2>& path, std::vector<CornerGeom>& out);
// Corners [a, b] (a < b) as one: none when the two outer segments do not meet ahead of `a` and behind `b`
// or their combined turn is a reversal.
std::optional<CornerGeom> joint_geom(const std::vector<Vec2>& path, int a, int b);

// The arc at `radius` on the geometry (for one corner the same arithmetic as make_arc_turn, so the arcs
// are the same to the last bit).
Turn arc_turn(const CornerGeom& g, double radius);

// Why a corner has no arc; its sentence is made only when a step or a failure needs it (a plan without a
// trace makes no string).
struct NoArcWhy {
  enum class Kind { CornerModeStop, LinkEnd, Reversal, TooShort, NoneInside, SharedBelowMin, NoneInsideScaled };
  Kind kind = Kind::NoneInside;
  double min_radius = 0.0;  // m: the agent's min_turn_radius, quoted by the sentence
  std::string text() const;
};

// Fits turns corner by corner and records the steps. `failure` is the first failure of a corner that
// has no turn (the result's failure).
class Fitter {
 public:
  // `geoms`: corner_geoms_into() of `path`.
  Fitter(const std::vector<Vec2>& path, const std::vector<CornerGeom>& geoms, CorridorShapeOnDemand& shape,
         const AgentDef& agent, TurnTrace* trace, const std::vector<char>& stand);

  // Corner c on its own: an arc when one fits, else what no_arc() makes of it.
  Turn first_fit(int c);
  // Corners [a, b] as one arc (the Joined step records `gap` and `needed`); none when it does not fit.
  std::optional<Turn> fit_joint(int a, int b, double gap, double needed);
  // Tries radius r on `g`, shrinking on every coverage failure down to `least`; none when none fits.
  std::optional<Turn> fit(const CornerGeom& g, double r, double least);
  // No arc at corner c: a stop-turn where the agent may stop and turn in place, else a failed turn (and
  // the result fails). `why` says why there is no arc; `largest_from` (m, > 0) asks for the largest
  // radius below it that would fit, for the failure to quote.
  Turn no_arc(int c, NoArcWhy why, double largest_from = 0.0);

  void record(TurnStep step) const;
  TurnStep step(TurnStep::Kind kind, const CornerGeom& g, double radius) const;

  const std::vector<Vec2>& path;
  const std::vector<CornerGeom>& geoms;  // per corner of `path`
  const AgentDef& agent;
  TurnTrace* trace;
  std::optional<Failure> failure;

 private:
  double largest_fit(const CornerGeom& g, double below) const;
  CorridorShapeOnDemand& shape_;  // assigned on the first arc tested
  // The corridor polygon where the last arc tested was found inside: arcs are tested along the corridor,
  // so the next one most likely lies in it or just after it (CorridorShape::contains).
  mutable size_t near_ = 0;
  const std::vector<char>& stand_;
  bool stops_allowed_ = true;
  int failure_corner_ = -1;  // the corner `failure` is about
};

// Shared segments: the arcs on both ends must fit on it; both radii are scaled by one ratio until all
// hold (a radius below what its turn allows leaves that turn without an arc, a joint turn's corners each
// without one).
void scale_shared_segments(Fitter& fitter, std::vector<Turn>& turns);

}  // namespace navlab
