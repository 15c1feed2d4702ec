// Generated levels for measuring at scale (`navlab bench --large N`, bench/): a square hall of square
// pillars on a jittered grid, whose bake has about the number of polygons asked for.
#pragma once

#include <cstdint>

#include "obj.h"
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

// Crates of the yard stand on a grid of this spacing (m), each moved by up to a fifth of it.
constexpr double kCrateSpacing = 4.0;

// A 3D level as a level file would give it (a triangle soup, y up): a square yard `side` m wide of
// rolling ground (slopes up to about 15°), `crates` crates of 1.2 x 1.2 x 1.5 m on a jittered grid,
// and every 48 m along x a 3 m wide bridge 3 m above the ground with a ramp at each end, so that
// floors overlap in the plane. The same `seed` gives the same yard. [Limit: side > 0, crates >= 0]
ObjMesh crate_yard(double side, int crates, std::uint64_t seed);

// A generated level of level-mesh kind: its scene (source mesh, no file; the bake as for a level file)
// and its triangles.
struct GeneratedMesh {
  Scene scene;
  ObjMesh soup;
};

// The crate yard whose bake (Recast's defaults) has about `target_polygons` polygons, as
// pillar_hall_scene sizes the hall; baked in tiles above 25,000 polygons. [Limit: target_polygons >= 1]
GeneratedMesh crate_yard_scene(int target_polygons, std::uint64_t seed);

}  // namespace navlab
