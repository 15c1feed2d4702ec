// A floor plan rasterised onto the bake grid by scanlines: for every cell centre, whether it is floor
// (inside the outline and outside every hole) and which painted area it has. The answer at each cell
// centre is point_in_ring's (the same crossing rule and arithmetic), but the work is proportional to
// the cells plus the rows each ring spans, not to cells × rings: a 400 × 400 m plan with thousands of
// pillars rasterises in milliseconds.
#pragma once

#include <functional>
#include <vector>

#include "geom.h"
#include "scene.h"

namespace navlab {

// The bake grid: `width` × `height` cells; centre(x, z) is the planning-plane centre of cell (x, z).
// Along a row the centre's x grows with x; along a column its y is the same for every x.
struct CellGrid {
  int width = 0;
  int height = 0;
  std::function<Vec2(int x, int z)> centre;
};

constexpr int kNotFloor = -1;

// One value per cell, index x + z * width: kNotFloor, or the area (0 "default", or paint_ids[i] of the
// last painted area plan.areas[i] holding the cell centre).
std::vector<int> rasterize_floorplan(const Scene::Floorplan& plan, const std::vector<int>& paint_ids,
                                     const CellGrid& grid);

}  // namespace navlab
