// The speed profile's closed forms (braking, acceleration under the shared budget, the reaction window)
// against the bisection algorithm they replaced, kept here as reference_profile(), on seeded random
// paths and agents.
#include <gtest/gtest.h>

#include <algorithm>
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
constexpr double kTol = 1e-9;

// ---- The bisection profile (the algorithm before the closed forms), without the trace ----

constexpr int kBisections = 64;
constexpr double kSpeedEps = 1e-9;
constexpr double kStopMatch = 1e-9;

struct Point {
  double s = 0.0;
  double curvature = 0.0;
  double cap = 0.0;
  const char* cap_name = "max_speed";
};

double budget(const AgentDef& ag, double v, double k) {
  if (k == 0.0) return ag.max_accel;
  const double lat = v * v * k;
  return std::sqrt(std::max(0.0, ag.max_accel * ag.max_accel - lat * lat));
}

template <class Pred>
double largest(double lo, double hi, Pred ok) {
  if (ok(hi)) return hi;
  for (int i = 0; i < kBisections; ++i) {
    const double mid = 0.5 * (lo + hi);
    (ok(mid) ? lo : hi) = mid;
  }
  return lo;
}

Profile reference_profile(const SmoothPath& path, const AgentDef& ag) {
  Profile out;
  out.length = path.length;
  const double a_lat = std::min(ag.lateral_accel, ag.max_accel);
  auto piece_cap = [&](const PathPiece& p, const char** name) {
    *name = "max_speed";
    if (p.kind != PathPiece::Kind::Arc) return ag.max_speed;
    const double v = std::sqrt(a_lat * p.arc.radius);
    if (v < ag.max_speed) *name = "lateral";
    return std::min(v, ag.max_speed);
  };
  std::vector<Point> pts;
  for (size_t k = 0; k < path.pieces.size(); ++k) {
    const PathPiece& p = path.pieces[k];
    const char* name = nullptr;
    const double cap = piece_cap(p, &name);
    const int n = std::max(1, int(std::ceil(p.length / kProfileMaxSpacing - 1e-9)));
    for (int i = 0; i < n; ++i) {
      Point q{p.s0 + p.length * i / n, p.curvature(), cap, name};
      if (i == 0 && !pts.empty() && pts.back().cap < cap) {
        q.cap = pts.back().cap;
        q.cap_name = pts.back().cap_name;
      }
      pts.push_back(q);
    }
  }
  {
    Point goal{path.length, path.pieces.empty() ? 0.0 : path.pieces.back().curvature(), 0.0, "goal"};
    pts.push_back(goal);
  }
  pts.front().cap = 0.0;
  if (pts.size() > 1) pts.front().cap_name = "start";
  double turn_time = 0.0;
  for (const Turn& t : path.turns) {
    if (t.kind != TurnKind::Stop) continue;
    auto it = std::lower_bound(pts.begin(), pts.end(), t.s - kStopMatch,
                               [](const Point& p, double s) { return p.s < s; });
    if (it != pts.end() && std::fabs(it->s - t.s) <= kStopMatch) {
      it->cap = 0.0;
      it->cap_name = "stop_turn";
    }
    turn_time += t.theta / ag.max_turn_rate;
  }
  const size_t n = pts.size();

  std::vector<double> vb(n);
  vb[n - 1] = pts[n - 1].cap;
  for (size_t i = n - 1; i-- > 0;) {
    const double ds = pts[i + 1].s - pts[i].s, k = pts[i].curvature, next = vb[i + 1];
    const double cap = pts[i].cap;
    if (cap <= next) {
      vb[i] = cap;
      continue;
    }
    vb[i] = largest(next, cap, [&](double v) {
      return v * v <= next * next + 2.0 * ds * std::min(ag.brake_decel, budget(ag, v, k));
    });
  }

  std::vector<double> vr = vb;
  if (ag.reaction_dt > 0.0) {
    for (size_t i = 0; i < n; ++i) {
      auto window_ok = [&](double v) {
        const double end = pts[i].s + v * ag.reaction_dt;
        double m = vb[i] * vb[i];
        size_t j = i + 1;
        for (; j < n && pts[j].s <= end; ++j) m = std::min(m, vb[j] * vb[j]);
        if (j < n) {
          const double t = (end - pts[j - 1].s) / (pts[j].s - pts[j - 1].s);
          m = std::min(m, vb[j - 1] * vb[j - 1] + (vb[j] * vb[j] - vb[j - 1] * vb[j - 1]) * t);
        }
        return v * v <= m;
      };
      vr[i] = largest(0.0, vb[i], window_ok);
    }
  }

  std::vector<double> v(n);
  v[0] = std::min(0.0, vr[0]);
  for (size_t i = 0; i + 1 < n; ++i) {
    const double ds = pts[i + 1].s - pts[i].s, k = pts[i].curvature, prev = v[i];
    const double hi = vr[i + 1];
    if (hi <= prev) {
      v[i + 1] = hi;
      continue;
    }
    v[i + 1] = largest(prev, hi, [&](double u) {
      return u * u <= prev * prev + 2.0 * ds * std::min(ag.accel, budget(ag, u, k));
    });
  }

  double move_time = 0.0;
  out.samples.resize(n);
  for (size_t i = 0; i < n; ++i) {
    ProfileSample& smp = out.samples[i];
    smp.s = pts[i].s;
    smp.v = v[i];
    smp.curvature = pts[i].curvature;
    if (i + 1 < n) {
      const double ds = pts[i + 1].s - pts[i].s;
      smp.a = (v[i + 1] * v[i + 1] - v[i] * v[i]) / (2.0 * ds);
      const double vsum = v[i] + v[i + 1];
      move_time += vsum > 0.0 ? 2.0 * ds / vsum : std::sqrt(2.0 * ds / ag.accel);
    }
    if (pts[i].cap == 0.0) smp.limit = pts[i].cap_name;
    else if (v[i] < vr[i] - kSpeedEps) smp.limit = "accel";
    else if (vr[i] < pts[i].cap - kSpeedEps) smp.limit = "braking";
    else smp.limit = pts[i].cap_name;
  }
  out.total_time = move_time + turn_time;
  return out;
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
  double v = 0.0, a = 0.0, time = 0.0;
  int limit_mismatches = 0;
};

void expect_same(const Profile& got, const Profile& ref, MaxDiff& diff, int run) {
  ASSERT_TRUE(got.ok()) << run;
  ASSERT_EQ(got.samples.size(), ref.samples.size()) << run;
  for (size_t i = 0; i < ref.samples.size(); ++i) {
    const ProfileSample& g = got.samples[i];
    const ProfileSample& r = ref.samples[i];
    ASSERT_EQ(g.s, r.s) << run << " sample " << i;
    ASSERT_EQ(g.curvature, r.curvature) << run << " sample " << i;
    diff.v = std::max(diff.v, std::fabs(g.v - r.v));
    diff.a = std::max(diff.a, std::fabs(g.a - r.a));
    EXPECT_NEAR(g.v, r.v, kTol) << run << " sample " << i << " s " << r.s;
    EXPECT_NEAR(g.a, r.a, kTol) << run << " sample " << i << " s " << r.s;
    if (g.limit != r.limit) ++diff.limit_mismatches;
    EXPECT_EQ(g.limit, r.limit) << run << " sample " << i << " s " << r.s << " v " << r.v;
  }
  diff.time = std::max(diff.time, std::fabs(got.total_time - ref.total_time));
  EXPECT_NEAR(got.total_time, ref.total_time, kTol) << run;
}

TEST(ProfileClosedForm, EqualsTheBisectionProfileOnRandomPiecesAndAgents) {
  std::mt19937 rng(5150);
  MaxDiff diff;
  int reaction = 0, no_reaction = 0, lateral_above = 0, stops = 0, arcs = 0;
  for (int run = 0; run < 400; ++run) {
    const SmoothPath path = random_pieces(rng);
    const AgentDef agent = random_agent(rng);
    (agent.reaction_dt > 0.0 ? reaction : no_reaction)++;
    if (agent.lateral_accel > agent.max_accel) ++lateral_above;
    stops += int(path.turns.size());
    for (const PathPiece& p : path.pieces) arcs += p.kind == PathPiece::Kind::Arc;
    expect_same(speed_profile(path, agent), reference_profile(path, agent), diff, run);
    if (HasFatalFailure()) return;
  }
  std::printf("max |dv| %.3g m/s, max |da| %.3g m/s², max |dt| %.3g s, limit mismatches %d\n", diff.v, diff.a,
              diff.time, diff.limit_mismatches);
  // The draws cover what they are meant to.
  EXPECT_GT(reaction, 100);
  EXPECT_GT(no_reaction, 50);
  EXPECT_GT(lateral_above, 100);
  EXPECT_GT(stops, 200);
  EXPECT_GT(arcs, 500);
}

TEST(ProfileClosedForm, EqualsTheBisectionProfileOnFittedPaths) {
  std::mt19937 rng(777);
  const NavMesh room = big_room();
  const CorridorShape shape = corridor_shape(room, {0});
  MaxDiff diff;
  int runs = 0, arcs = 0;
  for (int attempt = 0; attempt < 1000 && runs < 300; ++attempt) {
    const AgentDef agent = random_agent(rng);
    const std::optional<SmoothPath> path = random_fitted(rng, shape, agent);
    if (!path) continue;
    for (const PathPiece& p : path->pieces) arcs += p.kind == PathPiece::Kind::Arc;
    expect_same(speed_profile(*path, agent), reference_profile(*path, agent), diff, runs);
    if (HasFatalFailure()) return;
    ++runs;
  }
  std::printf("max |dv| %.3g m/s, max |da| %.3g m/s², max |dt| %.3g s, limit mismatches %d\n", diff.v, diff.a,
              diff.time, diff.limit_mismatches);
  EXPECT_EQ(runs, 300);
  EXPECT_GT(arcs, 300);
}

// The closed forms at their edges: a stop right after the start, a path shorter than one sample
// spacing, the zero-length path, and an arc whose speed limit leaves no tangential budget.
TEST(ProfileClosedForm, EqualsTheBisectionProfileOnEdgeCases) {
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
      expect_same(speed_profile(*p, agent), reference_profile(*p, agent), diff, int(dt * 10));
  }
  EXPECT_EQ(diff.limit_mismatches, 0);
}

}  // namespace
}  // namespace navlab
