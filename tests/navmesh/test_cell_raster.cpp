// The scanline raster of a floor plan against the point test it replaces: at every cell centre of
// seeded random plans (concave outlines, overlapping holes, stacked paints), floor or not and the area
// must be exactly what point_in_ring says.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "bake.h"
#include "cell_raster.h"

namespace navlab {
namespace {

double uniform(std::mt19937& rng, double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }

// A star-shaped ring around c (concave when the radii vary), counter-clockwise or clockwise.
std::vector<Vec2> star(std::mt19937& rng, Vec2 c, double r_min, double r_max, int n, bool ccw) {
  std::vector<Vec2> ring;
  for (int i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * (ccw ? i : n - i) / n;
    const double r = uniform(rng, r_min, r_max);
    ring.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
  }
  return ring;
}

// The slow reference: what bake_floorplan decided per cell before the raster.
int oracle(const Scene::Floorplan& plan, const std::vector<int>& ids, Vec2 p) {
  if (!point_in_ring(p, plan.outline)) return kNotFloor;
  for (const auto& h : plan.holes)
    if (point_in_ring(p, h)) return kNotFloor;
  int area = 0;
  for (size_t i = 0; i < plan.areas.size(); ++i)
    if (point_in_ring(p, plan.areas[i].polygon)) area = ids[i];
  return area;
}

TEST(CellRaster, EqualsThePointTestAtEveryCellCentre) {
  std::mt19937 rng(2024);
  long cells = 0, floor = 0, painted = 0;
  for (int run = 0; run < 60; ++run) {
    Scene::Floorplan plan;
    plan.outline = star(rng, {20, 15}, 6, 18, 5 + run % 20, run % 3 != 0);
    for (int h = 0; h < run % 12; ++h)
      plan.holes.push_back(star(rng, {uniform(rng, 5, 35), uniform(rng, 2, 28)}, 0.3, 4, 3 + h % 6, h % 2 == 0));
    std::vector<int> ids;
    for (int a = 0; a < run % 4; ++a) {
      plan.areas.push_back(
          {"a" + std::to_string(a), star(rng, {uniform(rng, 5, 35), uniform(rng, 2, 28)}, 1, 8, 4 + a, true)});
      ids.push_back(1 + a % 2);
    }
    // A grid like Recast's: rows run down the plane (world z up), cell size not a round number.
    const double cs = uniform(rng, 0.13, 0.41), x0 = uniform(rng, -2, 0), top = uniform(rng, 30, 32);
    const int w = int(44 / cs), h = int(34 / cs);
    const CellGrid grid{w, h, [&](int x, int z) { return Vec2{x0 + (x + 0.5) * cs, top - (z + 0.5) * cs}; }};
    const std::vector<int> got = rasterize_floorplan(plan, ids, grid);
    ASSERT_EQ(got.size(), size_t(w) * size_t(h));
    for (int z = 0; z < h; ++z)
      for (int x = 0; x < w; ++x) {
        const int want = oracle(plan, ids, grid.centre(x, z));
        ASSERT_EQ(got[size_t(x + z * w)], want) << "run " << run << " cell " << x << ", " << z;
        ++cells;
        floor += want != kNotFloor;
        painted += want > 0;
      }
  }
  // The draws cover what they are meant to.
  EXPECT_GT(floor, cells / 5);
  EXPECT_GT(painted, 1000);
}

TEST(CellRaster, RowsRunningUpAndDegenerateRings) {
  Scene::Floorplan plan;
  plan.outline = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  plan.holes = {{{2, 2}, {4, 2}}, {{5, 5}, {6, 5}, {6, 6}, {5, 6}}};  // a two-point "hole" is ignored
  const CellGrid grid{20, 20, [](int x, int z) { return Vec2{(x + 0.5) * 0.5, (z + 0.5) * 0.5}; }};
  const std::vector<int> got = rasterize_floorplan(plan, {}, grid);
  for (int z = 0; z < 20; ++z)
    for (int x = 0; x < 20; ++x)
      EXPECT_EQ(got[size_t(x + z * 20)], oracle(plan, {}, grid.centre(x, z))) << x << "," << z;
  EXPECT_EQ(got[size_t(11 + 11 * 20)], kNotFloor);  // (5.75, 5.75) is in the square hole
}

}  // namespace
}  // namespace navlab
