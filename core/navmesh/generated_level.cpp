#include "generated_level.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

namespace navlab {

namespace {

// Polygons a pillar adds to the bake of a hall with Recast's default parameters, measured: 592 polygons
// for 169 pillars, 2,795 for 841, 11,049 for 3,364 (one tile); with this value, targets of 20,000,
// 100,000 and 250,000 baked to 19,901, 100,548 and 250,653 (`navlab bench --large N` prints the count).
constexpr double kPolygonsPerPillar = 3.3;
// Above this many polygons the hall is baked in tiles: a single Recast tile indexes its vertices with 16
// bits (at most 65,534), which a hall of about 30,000 polygons comes near.
constexpr int kSoloPolygons = 25000;
// Cells per tile side of a tiled hall (38.4 m at the default 0.3 m cells).
constexpr int kHallTileSize = 128;

}  // namespace

Scene::Floorplan pillar_hall(double side, int pillars, std::uint64_t seed) {
  Scene::Floorplan plan;
  plan.outline = {{0, 0}, {side, 0}, {side, side}, {0, side}};
  const int per_row = std::max(1, int(std::ceil(std::sqrt(double(pillars)))));
  const double step = side / (per_row + 1);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> jitter(-0.2 * step, 0.2 * step);
  for (int i = 0; i < pillars; ++i) {
    const double x = step * (1 + i % per_row) + jitter(rng), y = step * (1 + i / per_row) + jitter(rng);
    plan.holes.push_back({{x, y}, {x + kPillarSide, y}, {x + kPillarSide, y + kPillarSide}, {x, y + kPillarSide}});
  }
  return plan;
}

Scene pillar_hall_scene(int target_polygons, std::uint64_t seed) {
  const int per_row = std::max(1, int(std::lround(std::sqrt(std::max(1, target_polygons) / kPolygonsPerPillar))));
  Scene s;
  s.source = Scene::Source::Floorplan;
  s.name = "generated pillar hall (" + std::to_string(per_row * per_row) + " pillars, about " +
           std::to_string(target_polygons) + " polygons)";
  s.floorplan = pillar_hall(kPillarSpacing * (per_row + 1), per_row * per_row, seed);
  if (target_polygons > kSoloPolygons) s.bake.tile_size = kHallTileSize;
  return s;
}

}  // namespace navlab
