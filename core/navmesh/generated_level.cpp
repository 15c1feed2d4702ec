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

// The crate yard's ground: quads of this side (m), heights from two crossed waves.
constexpr double kGroundQuad = 2.0;
constexpr double kWaveHeight = 1.2;   // m: amplitude of each wave
constexpr double kWaveLength = 60.0;  // m: 2π·1.2/60 gives slopes up to about 14° where the waves add
constexpr double kCrateSide = 1.2, kCrateHeight = 1.5;                            // m
constexpr double kBridgeEvery = 48.0;                                             // m between bridges, along x
constexpr double kBridgeWidth = 3.0, kBridgeClearance = 3.0, kRampLength = 14.0;  // m
// Polygons a crate adds to the yard's bake with Recast's defaults (measured: see crate_yard_scene).
constexpr double kPolygonsPerCrate = 3.0;

// Appends the quad a, b, c, d (counter-clockwise seen from above for a walkable face) as two triangles.
void add_quad(ObjMesh& m, Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
  const int i = int(m.verts.size());
  m.verts.insert(m.verts.end(), {a, b, c, d});
  m.tris.push_back({i, i + 2, i + 1});
  m.tris.push_back({i, i + 3, i + 2});
}

// A box from `lo` to `hi` (world, y up): its top and four sides.
void add_box(ObjMesh& m, Vec3 lo, Vec3 hi) {
  add_quad(m, {lo.x, hi.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z});  // top
  add_quad(m, {lo.x, lo.y, lo.z}, {lo.x, hi.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, lo.y, lo.z});
  add_quad(m, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {hi.x, hi.y, hi.z}, {hi.x, lo.y, hi.z});
  add_quad(m, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}, {lo.x, lo.y, hi.z});
  add_quad(m, {lo.x, lo.y, hi.z}, {lo.x, hi.y, hi.z}, {lo.x, hi.y, lo.z}, {lo.x, lo.y, lo.z});
}

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
  s.name = "generated pillar hall (" + std::to_string(per_row * per_row) + " pillars, about " +
           std::to_string(target_polygons) + " polygons)";
  s.source = pillar_hall(kPillarSpacing * (per_row + 1), per_row * per_row, seed);
  if (target_polygons > kSoloPolygons) s.bake.tile_size = kHallTileSize;
  return s;
}

ObjMesh crate_yard(double side, int crates, std::uint64_t seed) {
  ObjMesh m;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> phase(0.0, 6.283185307179586);
  const double px = phase(rng), pz = phase(rng);
  const double k = 6.283185307179586 / kWaveLength;
  auto ground = [&](double x, double z) { return kWaveHeight * (std::sin(k * x + px) + std::sin(k * z + pz)); };
  const int quads = std::max(1, int(std::ceil(side / kGroundQuad)));
  const double q = side / quads;
  for (int iz = 0; iz < quads; ++iz)
    for (int ix = 0; ix < quads; ++ix) {
      const double x0 = ix * q, x1 = x0 + q, z0 = iz * q, z1 = z0 + q;
      add_quad(m, {x0, ground(x0, z0), z0}, {x1, ground(x1, z0), z0}, {x1, ground(x1, z1), z1},
               {x0, ground(x0, z1), z1});
    }
  const int per_row = std::max(1, int(std::ceil(std::sqrt(double(crates)))));
  const double step = side / (per_row + 1);
  std::uniform_real_distribution<double> jitter(-0.2 * step, 0.2 * step);
  for (int i = 0; i < crates; ++i) {
    const double x = step * (1 + i % per_row) + jitter(rng), z = step * (1 + i / per_row) + jitter(rng);
    const double base = std::min({ground(x, z), ground(x + kCrateSide, z), ground(x, z + kCrateSide),
                                  ground(x + kCrateSide, z + kCrateSide)}) -
                        0.3;
    add_box(m, {x, base, z}, {x + kCrateSide, base + 0.3 + kCrateHeight, z + kCrateSide});
  }
  // Bridges along z, from one ramp foot to the other, above the highest ground they cross.
  for (double x = kBridgeEvery / 2; x + kBridgeWidth < side; x += kBridgeEvery) {
    const double z0 = kRampLength, z1 = side - kRampLength;
    if (z1 <= z0) break;
    const double deck = 2 * kWaveHeight + kBridgeClearance;
    const double w0 = x, w1 = x + kBridgeWidth;
    add_quad(m, {w0, deck, z0}, {w1, deck, z0}, {w1, deck, z1}, {w0, deck, z1});
    add_quad(m, {w0, ground(w0, 0) - 0.05, 0}, {w1, ground(w1, 0) - 0.05, 0}, {w1, deck, z0}, {w0, deck, z0});
    add_quad(m, {w0, deck, z1}, {w1, deck, z1}, {w1, ground(w1, side) - 0.05, side},
             {w0, ground(w0, side) - 0.05, side});
  }
  return m;
}

GeneratedMesh crate_yard_scene(int target_polygons, std::uint64_t seed) {
  const int per_row = std::max(1, int(std::lround(std::sqrt(std::max(1, target_polygons) / kPolygonsPerCrate))));
  GeneratedMesh g;
  g.scene.source = Scene::Mesh{};
  g.scene.name = "generated crate yard (" + std::to_string(per_row * per_row) + " crates, about " +
                 std::to_string(target_polygons) + " polygons)";
  g.soup = crate_yard(kCrateSpacing * (per_row + 1), per_row * per_row, seed);
  if (target_polygons > kSoloPolygons) g.scene.bake.tile_size = kHallTileSize;
  return g;
}

}  // namespace navlab
