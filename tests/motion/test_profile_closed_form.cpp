// The speed profile's closed forms (braking and speeding up at a rate or on the shared budget, the
// reaction step held once where a braking begins, the time) against an independent oracle: the
// profile's rules integrated step by step on a fine grid, on seeded random paths and agents. Then the
// rules themselves, checked on the profile as properties: no speed above a limit, every acceleration
// within its budget, every braking preceded by its reaction step, the time an integral of ds/v.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>
#include <random>

#include "coverage.h"
#include "navmesh_build.h"
#include "profile.h"
#include "turns.h"

namespace navlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- The oracle: the profile's rules integrated on a fine grid ----
//
// The rules: v <= cap(s) (the lower cap where two pieces meet; 0 at the start, stop-turns and the goal);
// d(v²)/ds <= 2·min(accel, budget) speeding up and −d(v²)/ds <= 2·min(brake, budget) braking, with
// budget = sqrt(max_accel² − (v²·k)²) (max_accel on a segment); vb(s), the braking envelope, the fastest
// speed from which braking meets every limit ahead. The agent speeds up as long as it can still hold its
// speed for the reaction step and then brake under vb (v <= vr(s), the largest v with v <= vb over
// [s, s + v·dt]); from there it holds that speed until vb falls to it and follows vb down; where vb rises
// past a limit and the agent is below vr there (or at rest) it speeds up again.
//
// Here x = v² is integrated with second-order steps on a grid of at most 5 mm (finer on short pieces and
// tight arcs) that holds every sample point; between grid points vb is one more step from the grid point
// after. vr is a range minimum over the grid plus vb at the window's end, its speed found by bisection;
// where speeding up meets it inside a cell, and where a held speed meets vb, the point is found by
// bisection. Time: 2·h / (v_a + v_b) per cell (exact under a constant rate), h / v on a held speed. Nothing
// of the closed forms is used.
constexpr int kCellsPerSample = 10;       // grid cells per 5 cm sample interval,
constexpr int kCellsPerPiece = 200;       // at least this many per piece
constexpr double kCellsPerRadius = 40.0;  // and per radius of an arc
constexpr int kBisections = 60;

double budget(const AgentDef& ag, double x, double k) {
  if (k == 0.0) return ag.max_accel;
  const double lat = x * k;
  return std::sqrt(std::max(0.0, ag.max_accel * ag.max_accel - lat * lat));
}

// Range minimum by a sparse table.
struct RangeMin {
  std::vector<std::vector<double>> t;
  explicit RangeMin(const std::vector<double>& w) : t{w} {
    for (size_t len = 2; len <= w.size(); len *= 2) {
      const auto& prev = t.back();
      std::vector<double> next(w.size() - len + 1);
      for (size_t i = 0; i < next.size(); ++i) next[i] = std::min(prev[i], prev[i + len / 2]);
      t.push_back(std::move(next));
    }
  }
  double min(size_t a, size_t b) const {  // over [a, b]
    const int lvl = std::bit_width(b - a + 1) - 1;
    return std::min(t[size_t(lvl)][a], t[size_t(lvl)][b + 1 - (size_t(1) << lvl)]);
  }
};

// What the oracle's profile does over the cell that begins at a grid point.
enum class Mode { Accel, Held, OnEnvelope };

struct Oracle {
  AgentDef ag;
  double length = 0.0;
  std::vector<double> s;                // grid points, m
  std::vector<double> k;                // curvature of the cell [s_i, s_i+1], 1/m
  std::vector<double> cell_cap2;        // cap² inside that cell
  std::vector<double> cap2;             // cap² at the point: the lower of two pieces where they meet, 0 at stops
  std::vector<ProfileLimit> cap_limit;  // max_speed or lateral: which cap cell_cap2 is
  std::vector<double> xb, x;            // braking envelope and profile, v², at each point
  std::vector<Mode> mode;               // per cell, at its start
  std::vector<double> vr;               // the decision curve at each point (its value just after the point)
  std::unique_ptr<RangeMin> xb_min;
  double time = 0.0;  // s, moving plus turning in place

  // One Heun (trapezoid) step of d(x)/ds = ±2·min(limit, budget) over h metres on curvature kc. (Where the
  // budget ends at an arc's limit a midpoint step can stall below it; the trapezoid never does.)
  double step(double x0, double h, double kc, double limit) const {
    const auto r = [&](double q) { return 2.0 * std::min(limit, budget(ag, std::max(0.0, q), kc)); };
    const double r0 = r(x0);
    return x0 + 0.5 * h * (r0 + r(x0 + h * r0));
  }
  size_t cell_of(double q) const {
    return std::min(size_t(std::upper_bound(s.begin(), s.end(), q) - s.begin()), s.size() - 1) - 1;
  }
  // vb² just after q inside its cell (at a grid point: the cell that begins there).
  double xb_at(double q) const {
    if (q >= length) return 0.0;
    const size_t j = cell_of(q);
    return std::min(cell_cap2[j], step(xb[j + 1], s[j + 1] - q, k[j], ag.brake_decel));
  }
  // The decision curve just after q: the largest v whose window [q, q + v·dt] stays under vb.
  double vr_at(double q) const {
    const double top = std::sqrt(xb_at(q));
    if (ag.reaction_dt <= 0.0 || top == 0.0) return top;
    const auto ok = [&](double v) {
      const double e = q + v * ag.reaction_dt;
      if (e >= length) return v == 0.0;
      const size_t a = size_t(std::upper_bound(s.begin(), s.end(), q) - s.begin()), b = cell_of(e);
      const double m = a <= b ? xb_min->min(a, b) : kInf;
      return v * v <= std::min({m, xb_at(e), xb_at(q)});
    };
    if (ok(top)) return top;
    double lo = 0.0, hi = top;
    for (int i = 0; i < kBisections; ++i) (ok(0.5 * (lo + hi)) ? lo : hi) = 0.5 * (lo + hi);
    return lo;
  }
  double v_at(size_t i) const { return std::sqrt(std::max(0.0, x[i])); }
};

// The grid, the caps and the stops of `path`.
Oracle grid(const SmoothPath& path, const AgentDef& ag) {
  Oracle o;
  o.ag = ag;
  o.length = path.length;
  const double a_lat = std::min(ag.lateral_accel, ag.max_accel);
  for (const PathPiece& p : path.pieces) {
    const bool arc = p.kind == PathPiece::Kind::Arc;
    const double cap = arc ? std::min(ag.max_speed, std::sqrt(a_lat * p.arc.radius)) : ag.max_speed;
    const ProfileLimit name = cap < ag.max_speed ? ProfileLimit::Lateral : ProfileLimit::MaxSpeed;
    const int samples = std::max(1, int(std::ceil(p.length / kProfileMaxSpacing - 1e-9)));
    int per = std::max(kCellsPerSample, (kCellsPerPiece + samples - 1) / samples);
    if (arc) per = std::max(per, int(std::ceil(kCellsPerRadius * p.length / (p.arc.radius * samples))));
    const int cells = samples * per;
    for (int j = 0; j < cells; ++j) {
      o.s.push_back(p.s0 + p.length * j / cells);
      o.k.push_back(arc ? 1.0 / p.arc.radius : 0.0);
      o.cell_cap2.push_back(cap * cap);
      const bool lower_before = j == 0 && o.cap2.size() > 0 && o.cell_cap2[o.cell_cap2.size() - 2] < cap * cap;
      o.cap2.push_back(lower_before ? o.cell_cap2[o.cell_cap2.size() - 2] : cap * cap);
      o.cap_limit.push_back(name);
    }
  }
  o.s.push_back(path.length);
  o.k.push_back(0.0);
  o.cell_cap2.push_back(0.0);
  o.cap2.push_back(0.0);
  o.cap_limit.push_back(ProfileLimit::Goal);
  o.cap2.front() = 0.0;
  for (const Turn& t : path.turns) {
    if (t.kind != TurnKind::Stop) continue;
    const size_t i = size_t(std::lower_bound(o.s.begin(), o.s.end(), t.s - 1e-9) - o.s.begin());
    if (i < o.s.size() && std::fabs(o.s[i] - t.s) <= 1e-9) o.cap2[i] = 0.0;
    o.time += t.theta / ag.max_turn_rate;
  }
  return o;
}

// The cell [s_i, s_i+1] from a held speed `held` (m/s): flat until vb falls to it, then on vb. Returns
// the cell's time and sets x[i+1].
double held_cell(Oracle& o, size_t i, double held) {
  const double a = o.s[i], b = o.s[i + 1], xe = o.xb[i + 1];
  if (held * held <= xe) {
    o.x[i + 1] = held * held;
    return held > 0.0 ? (b - a) / held : 0.0;
  }
  double c = a;  // where vb falls to the held speed, by bisection
  if (o.xb_at(a) > held * held) {
    double lo = a, hi = b;
    for (int it = 0; it < kBisections; ++it) (o.xb_at(0.5 * (lo + hi)) > held * held ? lo : hi) = 0.5 * (lo + hi);
    c = hi;
  }
  o.x[i + 1] = xe;
  const double ve = std::sqrt(xe);
  return (held > 0.0 ? (c - a) / held : 0.0) + (held + ve > 0.0 ? 2.0 * (b - c) / (held + ve) : 0.0);
}

Oracle integrate(const SmoothPath& path, const AgentDef& ag) {
  Oracle o = grid(path, ag);
  const size_t n = o.s.size();
  // Backward pass, then the decision curve, then forwards.
  o.xb.assign(n, 0.0);
  for (size_t i = n - 1; i-- > 0;)
    o.xb[i] = std::min(o.cap2[i], o.step(o.xb[i + 1], o.s[i + 1] - o.s[i], o.k[i], ag.brake_decel));
  o.xb_min = std::make_unique<RangeMin>(o.xb);
  o.vr.assign(n, 0.0);
  for (size_t i = 0; i < n; ++i) o.vr[i] = o.vr_at(o.s[i]);
  o.x.assign(n, 0.0);
  o.mode.assign(n, Mode::Accel);
  bool accel = true;
  double held = 0.0;
  for (size_t i = 0; i + 1 < n; ++i) {
    const double h = o.s[i + 1] - o.s[i], v0 = o.v_at(i);
    // vb rises past a limit here: speed up again if the agent is at rest or below vr.
    if (!accel && o.xb_at(o.s[i]) > o.xb[i] * (1.0 + 1e-12) + 1e-12 && (v0 == 0.0 || v0 < o.vr[i] - 1e-9)) accel = true;
    if (!accel) {
      o.mode[i] = held * held < o.xb_at(o.s[i]) * (1.0 - 1e-12) ? Mode::Held : Mode::OnEnvelope;
      o.time += held_cell(o, i, held);
      held = o.v_at(i + 1);
      continue;
    }
    o.mode[i] = Mode::Accel;
    const auto up = [&](double q) { return o.step(o.x[i], q - o.s[i], o.k[i], ag.accel); };
    const double xu = up(o.s[i + 1]);
    if (std::sqrt(xu) <= o.vr_at(o.s[i + 1] - 1e-12 * h) && xu <= o.xb[i + 1]) {
      o.x[i + 1] = xu;
      o.time += v0 + std::sqrt(xu) > 0.0 ? 2.0 * h / (v0 + std::sqrt(xu)) : 0.0;
      continue;
    }
    // Speeding up meets vr inside the cell: from there the speed is held.
    double lo = o.s[i], hi = o.s[i + 1];
    for (int it = 0; it < kBisections; ++it) {
      const double mid = 0.5 * (lo + hi);
      (std::sqrt(up(mid)) < o.vr_at(mid) ? lo : hi) = mid;
    }
    const double vm = std::sqrt(up(lo));
    o.time += v0 + vm > 0.0 ? 2.0 * (lo - o.s[i]) / (v0 + vm) : 0.0;
    accel = false;
    held = vm;
    // The rest of the cell from the meeting point: flat, or (vb falling below it within the cell) on vb.
    const double xe = o.xb[i + 1];
    if (held * held <= xe) {
      o.x[i + 1] = held * held;
      o.time += held > 0.0 ? (o.s[i + 1] - lo) / held : 0.0;
    } else {
      o.x[i + 1] = xe;
      o.time += 2.0 * (o.s[i + 1] - lo) / (held + std::sqrt(xe));
    }
    held = o.v_at(i + 1);
  }
  return o;
}

// ---- Random paths and agents ----

double uniform(std::mt19937& rng, double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }
bool chance(std::mt19937& rng, double p) { return uniform(rng, 0.0, 1.0) < p; }

// Piece lengths from tiny (well under one sample spacing) to long.
double random_length(std::mt19937& rng) {
  switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
    case 0:
      return uniform(rng, 1e-4, 0.02);
    case 1:
      return uniform(rng, 0.02, 0.5);
    case 2:
      return uniform(rng, 0.5, 4.0);
    default:
      return uniform(rng, 4.0, 15.0);
  }
}

// A hand-built smoothed path: segments and arcs end to end (radii 5 cm to 20 m, sweeps up to π), some
// stop-turns where two segments meet. The profile reads only kind, radius, s0, length and the turns.
SmoothPath random_pieces(std::mt19937& rng) {
  SmoothPath path;
  const int count = std::uniform_int_distribution<int>(1, 12)(rng);
  double s = 0.0;
  for (int i = 0; i < count; ++i) {
    PathPiece p;
    p.s0 = s;
    const bool arc = i > 0 && path.pieces.back().kind == PathPiece::Kind::Segment && chance(rng, 0.55);
    if (arc) {
      p.kind = PathPiece::Kind::Arc;
      p.arc.radius = chance(rng, 0.3) ? uniform(rng, 0.05, 0.5) : uniform(rng, 0.5, 20.0);
      p.arc.sweep = chance(rng, 0.2) ? uniform(rng, 1e-3, 0.05) : uniform(rng, 0.05, std::numbers::pi);
      p.length = p.arc.radius * p.arc.sweep;
    } else {
      p.length = random_length(rng);
      if (i > 0 && path.pieces.back().kind == PathPiece::Kind::Segment && chance(rng, 0.5)) {
        Turn t;
        t.kind = TurnKind::Stop;
        t.s = s;
        t.theta = uniform(rng, 0.05, std::numbers::pi);
        path.turns.push_back(t);
      }
    }
    s += p.length;
    path.pieces.push_back(p);
  }
  path.length = s;
  return path;
}

// A random polyline in a 24 m room smoothed by fit_turns (arcs where they fit, stop-turns otherwise).
std::optional<SmoothPath> random_fitted(std::mt19937& rng, const CorridorShape& room, const AgentDef& agent) {
  const int corners = std::uniform_int_distribution<int>(0, 6)(rng);
  std::vector<Vec2> pts{{uniform(rng, -10, 10), uniform(rng, -10, 10)}};
  for (int i = 0; i <= corners; ++i) {
    const Vec2 p{uniform(rng, -11, 11), uniform(rng, -11, 11)};
    if (length(p - pts.back()) < 1e-3) return std::nullopt;
    pts.push_back(p);
  }
  const TurnsResult r = fit_turns(pts, room, agent);
  if (!r.ok()) return std::nullopt;
  return r.path;
}

AgentDef random_agent(std::mt19937& rng) {
  AgentDef a;
  a.max_speed = uniform(rng, 0.3, 8.0);
  a.accel = uniform(rng, 0.2, 6.0);
  a.brake_decel = uniform(rng, 0.2, 6.0);
  a.max_accel = uniform(rng, 0.2, 6.0);
  // The lateral limit above or below the total budget (above: arcs run where no tangential budget is
  // left at the arc's speed limit).
  a.lateral_accel = chance(rng, 0.5) ? a.max_accel * uniform(rng, 1.0, 3.0) : a.max_accel * uniform(rng, 0.1, 1.0);
  const int dt = std::uniform_int_distribution<int>(0, 3)(rng);
  a.reaction_dt = dt == 0 ? 0.0 : dt == 1 ? uniform(rng, 1e-3, 0.05) : uniform(rng, 0.05, 1.0);
  a.max_turn_rate = uniform(rng, 0.5, 6.0);
  a.turn_radius = uniform(rng, 0.2, 8.0);
  a.min_turn_radius = uniform(rng, 0.02, 0.5);
  a.corner_mode = chance(rng, 0.85) ? CornerMode::Auto : CornerMode::Stop;
  return a;
}

NavMesh room(double half) {
  Scene::Navmesh def;
  def.vertices = {{-half, -half}, {half, -half}, {half, half}, {-half, half}};
  def.polygons = {{0, 1, 2, 3}};
  return build_hand_authored(def, "room").value();
}

// ---- Against the oracle ----

// The oracle's error is that of its second-order steps, O(h²) with h <= 5 mm, and of its bisections.
// The profile must agree to that; the limits must agree wherever the oracle decides them by more than
// its error.
constexpr double kX = 2e-4;        // m²/s²
constexpr double kDecided = 1e-3;  // m/s: a limit the oracle decides by at least this much
constexpr double kTime = 1e-4;     // relative

struct Worst {
  double x = 0.0, time = 0.0;
  int limits = 0;
};

// What binds over the cell that begins at grid point j, where the oracle decides it.
std::optional<ProfileLimit> oracle_limit(const Oracle& o, size_t j) {
  if (o.cap2[j] == 0.0)
    return j == 0 ? ProfileLimit::Start : j + 1 == o.s.size() ? ProfileLimit::Goal : ProfileLimit::StopTurn;
  if (j + 1 >= o.s.size()) return std::nullopt;
  const double v = o.v_at(j), v1 = o.v_at(j + 1), cap = std::sqrt(o.cell_cap2[j]), vb = std::sqrt(o.xb_at(o.s[j]));
  switch (o.mode[j]) {
    case Mode::Accel:
      if (v1 < o.vr[j + 1] - kDecided && v1 > v + 1e-7) return ProfileLimit::Accel;
      return std::nullopt;
    case Mode::Held:
      if (v < vb - kDecided && v1 < std::sqrt(o.xb[j + 1]) - kDecided)
        return v < cap - kDecided ? ProfileLimit::Reaction : o.cap_limit[j];
      return std::nullopt;
    case Mode::OnEnvelope:
      if (v < cap - kDecided && v1 < v - 1e-7) return ProfileLimit::Braking;
      if (std::fabs(v - cap) < 1e-9 && std::fabs(v1 - cap) < 1e-9) return o.cap_limit[j];
      return std::nullopt;
  }
  return std::nullopt;
}

void expect_matches(const SmoothPath& path, const AgentDef& agent, Worst& worst, int run) {
  const Profile got = speed_profile(path, agent);
  ASSERT_TRUE(got.ok()) << run;
  const Oracle o = integrate(path, agent);
  const std::vector<ProfileSample> samples = got.samples();
  for (size_t i = 0; i < samples.size(); ++i) {
    const ProfileSample& g = samples[i];
    const size_t j = size_t(std::lower_bound(o.s.begin(), o.s.end(), g.s - 1e-12 * (1.0 + g.s)) - o.s.begin());
    ASSERT_LT(j, o.s.size()) << run;
    ASSERT_NEAR(o.s[j], g.s, 1e-9 * (1.0 + g.s)) << run << ": a sample off the oracle's grid";
    const double dx = std::fabs(g.v * g.v - o.x[j]);
    worst.x = std::max(worst.x, dx);
    EXPECT_LE(dx, kX) << run << " sample " << i << " s " << g.s << " v " << g.v << " oracle " << o.v_at(j);
    const std::optional<ProfileLimit> want = oracle_limit(o, j);
    if (want && g.limit != *want) {
      ++worst.limits;
      ADD_FAILURE() << run << " sample " << i << " s " << g.s << ": " << to_string(g.limit) << ", oracle "
                    << to_string(*want);
    }
    if (o.cap2[j] == 0.0) {
      EXPECT_EQ(g.v, 0.0) << run;
    }
  }
  const double dt = std::fabs(got.total_time - o.time) / std::max(o.time, 1e-9);
  worst.time = std::max(worst.time, dt);
  EXPECT_LE(dt, kTime) << run << ": time " << got.total_time << ", oracle " << o.time;
}

TEST(ProfileClosedForm, MatchesTheIntegratedProfileOnRandomPiecesAndAgents) {
  std::mt19937 rng(5150);
  Worst worst;
  int reaction = 0, no_reaction = 0, lateral_above = 0, brake_above = 0, stops = 0, arcs = 0;
  for (int run = 0; run < 80; ++run) {
    const SmoothPath path = random_pieces(rng);
    const AgentDef agent = random_agent(rng);
    (agent.reaction_dt > 0.0 ? reaction : no_reaction)++;
    lateral_above += agent.lateral_accel > agent.max_accel;
    brake_above += agent.brake_decel > agent.max_accel;
    stops += int(path.turns.size());
    for (const PathPiece& p : path.pieces) arcs += p.kind == PathPiece::Kind::Arc;
    expect_matches(path, agent, worst, run);
    if (HasFatalFailure()) return;
  }
  std::printf("worst |dx| %.3g m²/s², relative time %.3g, limits differing %d\n", worst.x, worst.time, worst.limits);
  // The draws cover what they are meant to.
  EXPECT_GT(reaction, 40);
  EXPECT_GT(no_reaction, 10);
  EXPECT_GT(lateral_above, 25);
  EXPECT_GT(brake_above, 15);
  EXPECT_GT(stops, 50);
  EXPECT_GT(arcs, 100);
}

TEST(ProfileClosedForm, MatchesTheIntegratedProfileOnFittedPaths) {
  std::mt19937 rng(777);
  const NavMesh mesh = room(12.0);
  const CorridorShape shape = corridor_shape(mesh, {0});
  Worst worst;
  int runs = 0, arcs = 0;
  for (int attempt = 0; attempt < 300 && runs < 50; ++attempt) {
    const AgentDef agent = random_agent(rng);
    const std::optional<SmoothPath> path = random_fitted(rng, shape, agent);
    if (!path) continue;
    for (const PathPiece& p : path->pieces) arcs += p.kind == PathPiece::Kind::Arc;
    expect_matches(*path, agent, worst, runs);
    if (HasFatalFailure()) return;
    ++runs;
  }
  std::printf("worst |dx| %.3g m²/s², relative time %.3g, limits differing %d\n", worst.x, worst.time, worst.limits);
  EXPECT_EQ(runs, 50);
  EXPECT_GT(arcs, 60);
}

// The closed forms at their edges: a path shorter than one sample spacing, and an arc whose speed limit
// leaves no tangential budget (a_lat = max_accel), braking onto it and into the goal on it.
TEST(ProfileClosedForm, MatchesTheIntegratedProfileOnEdgeCases) {
  Worst worst;
  AgentDef agent;
  agent.lateral_accel = 10.0;
  SmoothPath arc_end;
  {
    PathPiece seg;
    seg.length = 2.0;
    PathPiece arc;
    arc.kind = PathPiece::Kind::Arc;
    arc.arc.radius = 0.5;
    arc.arc.sweep = std::numbers::pi / 2;
    arc.s0 = 2.0;
    arc.length = 0.5 * std::numbers::pi / 2;
    arc_end.pieces = {seg, arc};
    arc_end.length = 2.0 + arc.length;
  }
  SmoothPath tiny;
  {
    PathPiece seg;
    seg.length = 0.01;
    tiny.pieces = {seg};
    tiny.length = 0.01;
  }
  for (double dt : {0.0, 0.1, 2.0})
    for (double brake : {2.0, 5.0}) {
      agent.reaction_dt = dt;
      agent.brake_decel = brake;  // 5 > max_accel 3: the budget binds at every speed on the arc
      for (const SmoothPath* p : {&arc_end, &tiny}) expect_matches(*p, agent, worst, int(dt * 10));
    }
}

// ---- The rules as properties ----

// The cap at s from the path itself: max_speed, sqrt(a_lat·R) on an arc, the lower where two meet, 0 at
// stops.
double cap_at(const SmoothPath& path, const AgentDef& ag, double s) {
  if (s <= 0.0 || s >= path.length) return 0.0;
  for (const Turn& t : path.turns)
    if (t.kind == TurnKind::Stop && std::fabs(t.s - s) < 1e-12) return 0.0;
  double cap = kInf;
  for (const PathPiece& p : path.pieces) {
    if (s < p.s0 || s > p.s0 + p.length) continue;
    const bool arc = p.kind == PathPiece::Kind::Arc;
    cap = std::min(cap, arc ? std::min(ag.max_speed, std::sqrt(std::min(ag.lateral_accel, ag.max_accel) * p.arc.radius))
                            : ag.max_speed);
  }
  return cap;
}

// ∫ ds / v(s) over [a, b] by tanh-sinh quadrature, which takes the 1/sqrt singularity of a start from
// rest or a stop at either end in its stride; v is read through speed_at alone.
double time_integral(const Profile& p, double a, double b) {
  constexpr double kH = 1.0 / 64.0;  // step in the transformed variable
  constexpr int kSteps = 6 * 64;     // |t| <= 6: the weights are below 1e-300 beyond
  const double half = 0.5 * (b - a);
  double sum = 0.0;
  for (int i = -kSteps; i <= kSteps; ++i) {
    const double t = i * kH, u = 0.5 * std::numbers::pi * std::sinh(t);
    const double w = 0.5 * std::numbers::pi * std::cosh(t) / (std::cosh(u) * std::cosh(u));
    const double xi = std::tanh(u), dist = half * (1.0 - std::fabs(xi));  // distance to the nearer end
    if (!(dist > 0.0)) continue;
    const double s = xi < 0.0 ? a + dist : b - dist;
    const double v = p.speed_at(s);
    if (v > 0.0) sum += w / v;
  }
  return sum * half * kH;
}

// The oracle's decision curve where a window ends on a kink of vb (a budget form's end on a tight arc)
// errs by up to 2.2e-4 m²/s² on these draws; a missing reaction step would put v² about 2·b·v·dt higher
// (0.03 to 10 m²/s² here).
constexpr double kDecisionX = 1e-3;  // m²/s²

TEST(ProfileProperties, NoSpeedAboveALimitEveryAccelerationInItsBudgetEveryBrakingAfterItsReactionStep) {
  std::mt19937 rng(2718);
  int checked = 0, decisions = 0, continued = 0;
  for (int run = 0; run < 120; ++run) {
    const SmoothPath path = random_pieces(rng);
    const AgentDef ag = random_agent(rng);
    const Profile p = speed_profile(path, ag);
    ASSERT_TRUE(p.ok());
    const Oracle o = integrate(path, ag);
    std::vector<double> stop_s{path.length};
    for (const Turn& t : path.turns) stop_s.push_back(t.s);
    double t_prev = 0.0;
    for (int i = 0; i <= 400; ++i) {
      const double s = std::min(path.length, path.length * i / 400.0);
      const double v = p.speed_at(s), a = p.accel_at(s);
      const auto it =
          std::find_if(path.pieces.begin(), path.pieces.end(), [&](const PathPiece& q) { return s < q.s0 + q.length; });
      const PathPiece& piece = it == path.pieces.end() ? path.pieces.back() : *it;
      const double k = piece.curvature(), room = budget(ag, v * v, k);
      EXPECT_GE(v, 0.0);
      EXPECT_LE(v, cap_at(path, ag, s) + 1e-9) << run << " s " << s;
      // Never above the braking envelope (the oracle's, to its error).
      const size_t j = o.cell_of(s);
      const double vb2 =
          s >= path.length ? 0.0 : std::min(o.xb_at(s), j + 1 < o.s.size() && s == o.s[j] ? o.xb[j] : kInf);
      EXPECT_LE(v * v, vb2 + kX) << run << " s " << s;
      EXPECT_LE(a, std::min(ag.accel, room) + 1e-9) << run << " s " << s;
      EXPECT_GE(a, -std::min(ag.brake_decel, room) - 1e-9) << run << " s " << s;
      const double t = p.time_at(s);
      EXPECT_GE(t, t_prev) << run << " s " << s;
      t_prev = t;
      ++checked;
    }
    // Speeding up never goes past the decision curve; every braking that follows speeding up or a flat
    // stretch begins with the reaction step: the same speed held for v·dt from a point where holding it
    // and braking meets every limit ahead (v <= vr there, the oracle's).
    for (size_t i = 0; i < p.pieces.size(); ++i) {
      const ProfilePiece& q = p.pieces[i];
      if (q.limit == ProfileLimit::Accel) {
        const double vr = o.vr_at(q.s1 - 1e-9 * (q.s1 - q.s0));
        EXPECT_LE(q.v1 * q.v1, vr * vr + kDecisionX) << run << " piece " << i;
        continue;
      }
      const bool falls = q.v1 < q.v0 - 1e-12;
      if (!falls || i == 0 || q.v0 <= 0.0 || p.pieces[i - 1].v1 < p.pieces[i - 1].v0 - 1e-12) continue;  // not a start
      double flat = 0.0;
      size_t k = i;
      while (k > 0 && p.pieces[k - 1].v0 == q.v0 && p.pieces[k - 1].v1 == q.v0) {
        --k;
        flat += p.pieces[k].s1 - p.pieces[k].s0;
      }
      const double hold = q.v0 * ag.reaction_dt;
      if (flat < hold * (1.0 - 1e-9)) {
        // No hold: the braking goes on from one before it (never straight after speeding up).
        ++continued;
        EXPECT_TRUE(k > 0 && p.pieces[k - 1].v1 <= p.pieces[k - 1].v0 + 1e-12 &&
                    p.pieces[k - 1].limit != ProfileLimit::Accel)
            << run << " piece " << i << " s " << q.s0;
        continue;
      }
      ++decisions;
      const double decide = q.s0 - hold;
      const double vr = o.vr_at(decide);
      EXPECT_LE(q.v0 * q.v0, vr * vr + kDecisionX) << run << " braking at s " << q.s0;
    }
    for (const double q : stop_s) EXPECT_EQ(p.speed_at(q), 0.0) << run;
    EXPECT_NEAR(p.time_at(path.length), p.total_time, 1e-9 * (1.0 + p.total_time)) << run;
    // The time is the integral of ds/v over the pieces, worked out without their closed forms.
    double turning = 0.0, moving = 0.0;
    for (const Turn& t : path.turns) turning += t.kind == TurnKind::Stop ? t.theta / ag.max_turn_rate : 0.0;
    for (const ProfilePiece& q : p.pieces) moving += time_integral(p, q.s0, q.s1);
    // (Next to a stop or a start from rest the quadrature's points fall within a rounding of s of the end,
    // where v² = 2·b·d loses its digits: the last ulp of s carries sqrt(ulp) ~ 1e-7 s each.)
    EXPECT_NEAR(p.total_time, moving + turning, 1e-6 * (1.0 + p.total_time)) << run;
    if (HasFailure()) return;
  }
  EXPECT_GT(checked, 40000);
  EXPECT_GT(decisions, 100);
  std::printf("%d brakings after a reaction step, %d going on from one before\n", decisions, continued);
}

}  // namespace
}  // namespace navlab
