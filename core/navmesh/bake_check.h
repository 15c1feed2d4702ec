// Checks of a bake's grid before Recast sees it: Recast trusts its configuration (a zero-sized grid, a
// span taller than its 13-bit height field or an erosion radius beyond 127 cells crash it or silently
// overflow), so each case is refused here with the parameter named and a value suggested.
#pragma once

#include <string>

#include "scene.h"

namespace navlab {

// What the bake grid would cover, in metres: the walkable content (without margins) and the whole grid.
struct BakeGridSize {
  double content_x = 0.0, content_z = 0.0;  // extent of the geometry along world x and z
  double height = 0.0;                      // extent along world y (up)
  double grid_x = 0.0, grid_z = 0.0;        // extent of the whole grid (margins included) along x and z
};

// Cells along one side of a grid `extent` m long, as rcCalcGridSize counts them (without int overflow).
double grid_cells(double extent, double cell_size);

// "" or one sentence naming the parameter and suggesting a value.
std::string check_bake_grid(const BakeDef& def, const BakeGridSize& grid);

// region_min_size (and region_merge_size) in cells, squared as Recast wants it, without int overflow:
// at most `cells` + 1 (a region can never be larger than the grid).
int region_area_cells(double side_cells, long long cells);

}  // namespace navlab
