// Generated levels for measuring at scale (`navlab bench --large N`, bench/): a square hall of square
// pillars on a jittered grid, whose bake has about the number of polygons asked for.
#pragma once

#include <cstdint>

#include "scene.h"

namespace navlab {

// Pillars stand on a grid of this spacing (m), each moved by up to a fifth of it on both axes.
constexpr double kPillarSpacing = 4.0;
// Side of a pillar (m).
constexpr double kPillarSide = 1.0;

// A square hall `side` m wide with `pillars` pillars on a jittered grid spread over the hall (the same
// `seed` gives the same hall). [Limit: side > 0, pillars >= 0]
Scene::Floorplan pillar_hall(double side, int pillars, std::uint64_t seed);

// The generated pillar hall whose bake (Recast's defaults) has about `target_polygons` polygons: the
// hall's side grows with the square root of the target, pillars every kPillarSpacing m. The count is
// approximate (the bake decides); callers report the baked count. Its name says what it is. Halls of
// more than 25,000 polygons are baked in tiles (bake.tile_size 128).
// [Limit: target_polygons >= 1]
Scene pillar_hall_scene(int target_polygons, std::uint64_t seed);

}  // namespace navlab
