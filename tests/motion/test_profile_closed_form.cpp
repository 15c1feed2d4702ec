// The speed profile's closed forms (braking, acceleration under the shared budget, the reaction window)
// against an independent oracle: the profile's rules integrated as differential inequalities on a fine
// grid, on seeded random paths and agents.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

#include "coverage.h"
#include "navmesh_build.h"
#include "profile.h"
#include "turns.h"

namespace navlab {
namespace {

constexpr double kPi = std::numbers::pi;

// ---- The oracle: the profile's rules as differential inequalities, integrated on a fine grid ----
//
// The profile is the fastest v(s) with v <= cap(s) (0 at the start, stop-turns and the goal),
// d(v²)/ds <= 2·min(accel, budget) speeding up, −d(v²)/ds <= 2·min(brake, budget) slowing down, with
// budget = sqrt(max_accel² − (v²·k)²), and the reaction window: v(s)² <= vb(s')² for every s' in
// [s, s + v·dt], vb being the braking envelope. Here w = v² is integrated with steps of kStep metres
// (explicit Euler, budget at the faster end) and the window is a range minimum: nothing of the closed
// forms is used, so the comparison holds to the integration error, not to rounding.

constexpr double kStep = 2e-3;      // m: integration step
// The sampled profile applies each rule between samples 5 cm apart, with the budget of the faster end
// (never faster than the rules allow); the oracle integrates them continuously. So the profile may
// run below the oracle (most where the budget changes fast, on tight arcs and inside reaction windows)
// but never above it by more than the oracle's own integration error.
constexpr double kOverTol = 3e-2;   // m/s the profile may exceed the oracle
constexpr double kUnderTol = 0.3;   // fraction of the oracle's speed the profile may fall below it

double budget(const AgentDef& ag, double w, double k) {
  if (k == 0.0) return ag.max_accel;
  const double lat = w * k;
  return std::sqrt(std::max(0.0, ag.max_accel * ag.max_accel - lat * lat));
}

struct Grid {
  std::vector<double> s, k, cap;  // position, curvature of the piece there, speed cap
};

Grid fine_grid(const SmoothPath& path, const AgentDef& ag) {
  Grid g;
  const double a_lat = std::min(ag.lateral_accel, ag.max_accel);
  for (const PathPiece& p : path.pieces) {
    const bool arc = p.kind == PathPiece::Kind::Arc;
    const double cap = arc ? std::min(ag.max_speed, std::sqrt(a_lat * p.arc.radius)) : ag.max_speed;
    const int n = std::max(1, int(std::ceil(p.length / kStep)));
    for (int i = 0; i < n; ++i) {
      g.s.push_back(p.s0 + p.length * i / n);
      g.k.push_back(arc ? 1.0 / p.arc.radius : 0.0);
      // The point where two pieces meet belongs to both: the lower cap holds there.
      g.cap.push_back(i == 0 && !g.cap.empty() ? std::min(cap, g.cap.back()) : cap);
    }
  }
  g.s.push_back(path.length);
  g.k.push_back(g.k.empty() ? 0.0 : g.k.back());
  g.cap.push_back(0.0);
  g.cap.front() = 0.0;
  for (const Turn& t : path.turns) {
    if (t.kind != TurnKind::Stop) continue;
    const auto it = std::lower_bound(g.s.begin(), g.s.end(), t.s - 1e-9);
    if (it != g.s.end()) g.cap[size_t(it - g.s.begin())] = 0.0;
  }
  return g;
}

// Range minimum over w by a sparse table.
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

struct Oracle {
  Grid grid;
  std::vector<double> v;  // m/s at each grid point
  double time = 0.0;      // s, moving plus turning in place
  double at(double s) const {
    const size_t j = size_t(std::lower_bound(grid.s.begin(), grid.s.end(), s - 1e-12) - grid.s.begin());
    if (j == 0) return v.front();
    if (j >= v.size()) return v.back();
    const double t = (s - grid.s[j - 1]) / (grid.s[j] - grid.s[j - 1]);
    return std::sqrt(v[j - 1] * v[j - 1] + (v[j] * v[j] - v[j - 1] * v[j - 1]) * t);
  }
};

std::vector<double> braking_envelope(const Grid& g, const AgentDef& ag) {
  const size_t n = g.s.size();
  std::vector<double> w(n);
  w[n - 1] = g.cap[n - 1] * g.cap[n - 1];
  for (size_t i = n - 1; i-- > 0;) {
    const double ds = g.s[i + 1] - g.s[i], cap2 = g.cap[i] * g.cap[i];
    const double guess = std::min(cap2, w[i + 1] + 2.0 * ds * ag.brake_decel);
    w[i] = std::min(cap2, w[i + 1] + 2.0 * ds * std::min(ag.brake_decel, budget(ag, guess, g.k[i])));
  }
  return w;
}

// The largest v at each point whose window [s, s + v·dt] stays under the braking envelope.
std::vector<double> reaction_limited(const Grid& g, const std::vector<double>& wb, double dt) {
  const size_t n = g.s.size();
  std::vector<double> wr = wb;
  if (dt <= 0.0) return wr;
  const RangeMin rm(wb);
  for (size_t i = 0; i < n; ++i) {
    auto ok = [&](double v) {
      const size_t j = size_t(std::upper_bound(g.s.begin(), g.s.end(), g.s[i] + v * dt) - g.s.begin());
      return v * v <= rm.min(i, std::min(j, n) - 1);
    };
    double lo = 0.0, hi = std::sqrt(wb[i]);
    for (int it = 0; it < 60 && !ok(hi); ++it) {
      const double mid = 0.5 * (lo + hi);
      (ok(mid) ? lo : hi) = mid;
    }
    wr[i] = ok(hi) ? hi * hi : lo * lo;
  }
  return wr;
}

Oracle integrate(const SmoothPath& path, const AgentDef& ag) {
  Oracle o;
  o.grid = fine_grid(path, ag);
  const Grid& g = o.grid;
  const std::vector<double> wr = reaction_limited(g, braking_envelope(g, ag), ag.reaction_dt);
  const size_t n = g.s.size();
  std::vector<double> w(n);
  w[0] = 0.0;
  for (size_t i = 0; i + 1 < n; ++i) {
    const double ds = g.s[i + 1] - g.s[i];
    const double guess = std::min(wr[i + 1], w[i] + 2.0 * ds * ag.accel);
    w[i + 1] = std::min(wr[i + 1], w[i] + 2.0 * ds * std::min(ag.accel, budget(ag, guess, g.k[i])));
  }
  o.v.resize(n);
  for (size_t i = 0; i < n; ++i) o.v[i] = std::sqrt(std::max(0.0, w[i]));
  for (size_t i = 0; i + 1 < n; ++i) {
    const double ds = g.s[i + 1] - g.s[i], vsum = o.v[i] + o.v[i + 1];
    o.time += vsum > 0.0 ? 2.0 * ds / vsum : std::sqrt(2.0 * ds / ag.accel);
  }
  for (const Turn& t : path.turns)
    if (t.kind == TurnKind::Stop) o.time += t.theta / ag.max_turn_rate;
  return o;
}

// ---- Random paths and agents ----

double uniform(std::mt19937& rng, double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }
bool chance(std::mt19937& rng, double p) { return uniform(rng, 0.0, 1.0) < p; }

// Piece lengths from tiny (well under one sample spacing) to long.
double random_length(std::mt19937& rng) {
  switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
    case 0: return uniform(rng, 1e-4, 0.02);
    case 1: return uniform(rng, 0.02, 0.5);
    case 2: return uniform(rng, 0.5, 6.0);
    default: return uniform(rng, 6.0, 40.0);
  }
}

// A hand-built smoothed path: segments and arcs end to end (radii 5 cm to 20 m, sweeps up to π), some
// stop-turns where two segments meet. The profile reads only kind, radius, s0, length and the turns.
SmoothPath random_pieces(std::mt19937& rng) {
  SmoothPath path;
  const int count = std::uniform_int_distribution<int>(1, 14)(rng);
  double s = 0.0;
  for (int i = 0; i < count; ++i) {
    PathPiece p;
    p.s0 = s;
    const bool arc = i > 0 && path.pieces.back().kind == PathPiece::Kind::Segment && chance(rng, 0.55);
    if (arc) {
      p.kind = PathPiece::Kind::Arc;
      p.arc.radius = chance(rng, 0.3) ? uniform(rng, 0.05, 0.5) : uniform(rng, 0.5, 20.0);
      p.arc.sweep = chance(rng, 0.2) ? uniform(rng, 1e-3, 0.05) : uniform(rng, 0.05, kPi);
      p.length = p.arc.radius * p.arc.sweep;
    } else {
      p.length = random_length(rng);
      if (i > 0 && path.pieces.back().kind == PathPiece::Kind::Segment && chance(rng, 0.5)) {
        Turn t;
        t.kind = TurnKind::Stop;
        t.s = s;
        t.theta = uniform(rng, 0.05, kPi);
        path.turns.push_back(t);
      }
    }
    s += p.length;
    path.pieces.push_back(p);
  }
  path.length = s;
  return path;
}

NavMesh big_room() {
  Scene::Navmesh def;
  def.vertices = {{-30, -30}, {30, -30}, {30, 30}, {-30, 30}};
  def.polygons = {{0, 1, 2, 3}};
  return build_hand_authored(def, "room").value();
}

// A random polyline in a 60 m room smoothed by fit_turns (arcs where they fit, stop-turns otherwise).
std::optional<SmoothPath> random_fitted(std::mt19937& rng, const CorridorShape& room, const AgentDef& agent) {
  const int corners = std::uniform_int_distribution<int>(0, 8)(rng);
  std::vector<Vec2> pts{{uniform(rng, -25, 25), uniform(rng, -25, 25)}};
  for (int i = 0; i <= corners; ++i) {
    const Vec2 p{uniform(rng, -28, 28), uniform(rng, -28, 28)};
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

struct MaxDiff {
  double v = 0.0, time = 0.0, over = 0.0, under = 0.0;
};

// Every sample of `got` at the oracle's speed there; zero-speed points (start, stop-turns, goal) exact.
void expect_close(const Profile& got, const Oracle& ref, MaxDiff& diff, int run) {
  ASSERT_TRUE(got.ok()) << run;
  const std::vector<ProfileSample> samples = got.samples();
  for (size_t i = 0; i < samples.size(); ++i) {
    const ProfileSample& g = samples[i];
    const double want = ref.at(g.s);
    diff.v = std::max(diff.v, std::fabs(g.v - want));
    diff.over = std::max(diff.over, g.v - want);
    diff.under = std::max(diff.under, (want - g.v) / std::max(want, 1e-9));
    EXPECT_LE(g.v, want + kOverTol) << run << " sample " << i << " s " << g.s;
    EXPECT_GE(g.v, want * (1.0 - kUnderTol)) << run << " sample " << i << " s " << g.s;
    if (g.limit == ProfileLimit::Start || g.limit == ProfileLimit::Goal || g.limit == ProfileLimit::StopTurn) {
      EXPECT_EQ(g.v, 0.0) << run;
    }
  }
  // The total time is not compared: with a reaction step, v falls linearly to a stop, so the continuous
  // time to reach it is unbounded and the oracle's depends on its step.
  diff.time = std::max(diff.time, std::fabs(got.total_time - ref.time) / std::max(ref.time, 1e-9));
}

TEST(ProfileClosedForm, MatchesTheIntegratedProfileOnRandomPiecesAndAgents) {
  std::mt19937 rng(5150);
  MaxDiff diff;
  int reaction = 0, no_reaction = 0, lateral_above = 0, stops = 0, arcs = 0;
  for (int run = 0; run < 120; ++run) {
    const SmoothPath path = random_pieces(rng);
    const AgentDef agent = random_agent(rng);
    (agent.reaction_dt > 0.0 ? reaction : no_reaction)++;
    if (agent.lateral_accel > agent.max_accel) ++lateral_above;
    stops += int(path.turns.size());
    for (const PathPiece& p : path.pieces) arcs += p.kind == PathPiece::Kind::Arc;
    expect_close(speed_profile(path, agent), integrate(path, agent), diff, run);
    if (HasFatalFailure()) return;
  }
  std::printf("max |dv| %.3g m/s, max relative time difference %.3g over %.3g under-rel %.3g\n", diff.v, diff.time, diff.over, diff.under);
  // The draws cover what they are meant to.
  EXPECT_GT(reaction, 30);
  EXPECT_GT(no_reaction, 15);
  EXPECT_GT(lateral_above, 30);
  EXPECT_GT(stops, 60);
  EXPECT_GT(arcs, 150);
}

TEST(ProfileClosedForm, MatchesTheIntegratedProfileOnFittedPaths) {
  std::mt19937 rng(777);
  const NavMesh room = big_room();
  const CorridorShape shape = corridor_shape(room, {0});
  MaxDiff diff;
  int runs = 0, arcs = 0;
  for (int attempt = 0; attempt < 400 && runs < 100; ++attempt) {
    const AgentDef agent = random_agent(rng);
    const std::optional<SmoothPath> path = random_fitted(rng, shape, agent);
    if (!path) continue;
    for (const PathPiece& p : path->pieces) arcs += p.kind == PathPiece::Kind::Arc;
    expect_close(speed_profile(*path, agent), integrate(*path, agent), diff, runs);
    if (HasFatalFailure()) return;
    ++runs;
  }
  std::printf("max |dv| %.3g m/s, max relative time difference %.3g over %.3g under-rel %.3g\n", diff.v, diff.time, diff.over, diff.under);
  EXPECT_EQ(runs, 100);
  EXPECT_GT(arcs, 100);
}

// The closed forms at their edges: a stop right after the start, a path shorter than one sample
// spacing, the zero-length path, and an arc whose speed limit leaves no tangential budget.
TEST(ProfileClosedForm, MatchesTheIntegratedProfileOnEdgeCases) {
  MaxDiff diff;
  AgentDef agent;
  agent.lateral_accel = 10.0;  // a_lat = max_accel: at the arc's limit the budget is 0
  SmoothPath arc_only;
  {
    PathPiece seg;
    seg.length = 2.0;
    PathPiece arc;
    arc.kind = PathPiece::Kind::Arc;
    arc.arc.radius = 0.5;
    arc.arc.sweep = kPi / 2;
    arc.s0 = 2.0;
    arc.length = 0.5 * kPi / 2;
    arc_only.pieces = {seg, arc};
    arc_only.length = 2.0 + arc.length;
  }
  SmoothPath tiny;
  {
    PathPiece seg;
    seg.length = 0.01;
    tiny.pieces = {seg};
    tiny.length = 0.01;
  }
  const SmoothPath empty;
  const SmoothPath* const cases[] = {&arc_only, &tiny, &empty};
  for (double dt : {0.0, 0.1, 2.0}) {
    agent.reaction_dt = dt;
    for (const SmoothPath* p : cases)
      expect_close(speed_profile(*p, agent), integrate(*p, agent), diff, int(dt * 10));
  }
}

}  // namespace
}  // namespace navlab
