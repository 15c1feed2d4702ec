// Polyanya's properties over thousands of random queries on generated meshes: equal to the
// visibility-graph oracle on small meshes, never longer than the funnel through A*'s corridor and
// complete whenever A* is on large ones.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "polyanya_fixtures.h"

namespace navlab {
namespace {

using namespace optimal_test;

const char* style_name(GridStyle s) {
  switch (s) {
    case GridStyle::Squares:
      return "squares";
    case GridStyle::Triangles:
      return "triangles";
    case GridStyle::Runs:
      return "runs";
    case GridStyle::Slivers:
      return "slivers";
  }
  return "";
}

constexpr GridStyle kStyles[] = {GridStyle::Squares, GridStyle::Triangles, GridStyle::Runs, GridStyle::Slivers};

struct Tally {
  int compared = 0;
  int unreachable = 0;
  int bad = 0;
};

std::string where(const std::string& label, int k, Vec2 s, int sp, Vec2 g, int gp) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s query %d: s (%.17g, %.17g) in %d, g (%.17g, %.17g) in %d", label.c_str(), k, s.x,
                s.y, sp, g.x, g.y, gp);
  return buf;
}

// The funnel through Polyanya's own corridor is its path: the polygons it lists are the ones the path
// crosses (the plan on the exact shortest path runs the usual stages on that corridor).
bool corridor_holds_the_path(const NavMesh& mesh, const PolyanyaResult& r, Vec2 s, Vec2 g, double& funnel_len) {
  const PortalsResult own = build_portals(mesh, r.corridor, s, g, 0.0, r.links);
  funnel_len = own.ok() ? funnel(s, own.portals).length : kInf;
  return std::abs(funnel_len - r.length) <= tolerance_for(r.length);
}

// `queries` random pairs on `mesh`: Polyanya's length equals the oracle's (or both find no path), its
// path is made of visible segments, and its corridor holds it.
void against_oracle(std::mt19937& rng, const NavMesh& mesh, int queries, const std::string& label, Tally& t) {
  const VisibilityOracle oracle(mesh);
  std::uniform_int_distribution<int> pick(0, int(mesh.polys.size()) - 1);
  for (int k = 0; k < queries; ++k) {
    const Vec2 s = random_point_in(rng, mesh, pick(rng)), g = random_point_in(rng, mesh, pick(rng));
    const int sp = poly_at(mesh, s), gp = poly_at(mesh, g);
    const double want = oracle.shortest(s, g);
    const PolyanyaResult r = run(mesh, s, sp, g, gp);
    const double got = r.status == Status::Complete ? r.length : kInf;
    const bool ok = want == kInf ? got == kInf : std::abs(got - want) <= tolerance_for(want);
    t.unreachable += want == kInf;
    ++t.compared;
    double own = kInf;
    if (ok && r.status == Status::Complete) {
      SCOPED_TRACE(where(label, k, s, sp, g, gp));
      expect_valid_path(oracle, r);
      if (!corridor_holds_the_path(mesh, r, s, g, own) && t.bad++ < 10)
        ADD_FAILURE() << where(label, k, s, sp, g, gp) << ": length " << got << ", its corridor's funnel " << own;
    }
    if (ok) continue;
    if (t.bad++ < 10) ADD_FAILURE() << where(label, k, s, sp, g, gp) << ": got " << got << ", oracle " << want;
  }
}

// `queries` random pairs on `mesh`: Polyanya completes exactly when A* does, never longer than the funnel
// through A*'s corridor, and its own corridor holds its path.
void against_funnel(std::mt19937& rng, const NavMesh& mesh, int queries, const std::string& label, Tally& t) {
  std::uniform_int_distribution<int> pick(0, int(mesh.polys.size()) - 1);
  for (int k = 0; k < queries; ++k) {
    const Vec2 s = random_point_in(rng, mesh, pick(rng)), g = random_point_in(rng, mesh, pick(rng));
    const int sp = poly_at(mesh, s), gp = poly_at(mesh, g);
    const double fl = funnel_length(mesh, s, sp, g, gp);
    const PolyanyaResult r = run(mesh, s, sp, g, gp);
    const double got = r.status == Status::Complete ? r.length : kInf;
    const bool ok = fl == kInf ? got == kInf : got <= fl + tolerance_for(fl);
    t.unreachable += fl == kInf;
    ++t.compared;
    double own = kInf;
    if (ok && r.status == Status::Complete && !corridor_holds_the_path(mesh, r, s, g, own) && t.bad++ < 10)
      ADD_FAILURE() << where(label, k, s, sp, g, gp) << ": length " << got << ", its corridor's funnel " << own;
    if (ok) continue;
    if (t.bad++ < 10) ADD_FAILURE() << where(label, k, s, sp, g, gp) << ": got " << got << ", funnel " << fl;
  }
}

// The number of meshes a test walks: `ci`, or the environment variable `name` for a longer local run
// (e.g. NAVLAB_POLYANYA_MESHES=1500: 60,000 queries against the oracle in under a minute).
int meshes_or(const char* name, int ci) {
  const char* v = std::getenv(name);
  return v && std::atoi(v) > 0 ? std::atoi(v) : ci;
}

std::string label_of(GridStyle style, int m, double cell, double angle) {
  return std::string(style_name(style)) + " mesh " + std::to_string(m) + " (cell " + std::to_string(cell) + ", angle " +
         std::to_string(angle) + ")";
}

TEST(PolyanyaProperty, MatchesTheOracleOnGridMaps) {
  std::mt19937 rng(20261203);
  const int meshes = meshes_or("NAVLAB_POLYANYA_MESHES", 32);
  const double cells[] = {1.0, 0.37, 25.0};
  const double angles[] = {0.0, 0.0, 0.3};
  Tally t;
  for (int m = 0; m < meshes; ++m) {
    const GridStyle style = kStyles[m % 4];
    const double cell = cells[(m / 4) % 3], angle = angles[(m / 12) % 3];
    const NavMesh mesh = grid_mesh(rng, 6 + m % 5, 5 + m % 4, 0.2 + 0.05 * (m % 3), style, cell, angle);
    if (!mesh.polys.empty()) against_oracle(rng, mesh, 40, label_of(style, m, cell, angle), t);
  }
  EXPECT_EQ(t.bad, 0) << "of " << t.compared;
  EXPECT_GT(t.unreachable, 0);
}

TEST(PolyanyaProperty, NeverLongerThanTheFunnelOnLargeGridMaps) {
  std::mt19937 rng(20261204);
  const int meshes = meshes_or("NAVLAB_POLYANYA_MESHES", 8);
  Tally t;
  for (int m = 0; m < meshes; ++m) {
    const GridStyle style = kStyles[m % 4];
    const double cell = m % 3 == 2 ? 7.0 : 1.0, angle = m % 2 ? 0.7 : 0.0;
    const NavMesh mesh = grid_mesh(rng, 60, 50, 0.25 + 0.05 * (m % 4), style, cell, angle);
    against_funnel(rng, mesh, 250, label_of(style, m, cell, angle), t);
  }
  EXPECT_EQ(t.bad, 0) << "of " << t.compared;
  EXPECT_GT(t.unreachable, 0);
}

}  // namespace
}  // namespace navlab
