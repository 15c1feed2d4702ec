// Checks of a bake's grid before Recast sees it: Recast trusts its configuration (a zero-sized grid, a
// span taller than its 13-bit height field or an erosion radius beyond 127 cells crash it or silently
// overflow), so each case is refused here with the parameter named and a value suggested.
#pragma once

#include <string>
#include <vector>

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

// Fails with one sentence naming the parameter and suggesting a value.
Result<void> check_bake_grid(const BakeDef& def, const BakeGridSize& grid);

// Fails with why `def.partition` may not bake this grid on one tile (the watershed partition has a lower
// cell limit than the others), suggesting another partition or a cell_size.
Result<void> check_partition(const BakeDef& def, const BakeGridSize& grid);

// Cells Recast visits to rasterise the triangles (x, y up, z per vertex) at `cell_size`: per triangle
// its rows and columns of cells plus its area in cells (Recast clips each triangle row by row, then
// cell by cell), so repeated or overlapping triangles count again.
double raster_work(const std::vector<float>& verts, const std::vector<int>& tris, double cell_size);

// Fails with why rasterising these triangles would take too long, suggesting a cell_size.
Result<void> check_raster_work(const std::vector<float>& verts, const std::vector<int>& tris, const BakeDef& def);

// Fails with why rcBuildPolyMesh should not be run on these contours: Recast triangulates each contour and
// merges its triangles into polygons in time growing with the cube of its corners (measured: 610 corners
// 0.95 s, 1507 corners 14.5 s), and a floor of many holes in one region (the watershed and layers
// partitions keep holes inside a region) makes one contour of all their corners. The work is the sum of
// the contours' corners cubed, against limits::kMaxContourWork; the message suggests a bake.tile_size
// (cells per tile) that splits the largest contour, or the monotone partition. `grid_cells` is the bake
// grid's width x depth.
Result<void> check_contour_corners(const std::vector<int>& contour_corners, const BakeDef& def, double grid_cells);

// region_min_size (and region_merge_size) in cells, squared as Recast wants it, without int overflow:
// at most `cells` + 1 (a region can never be larger than the grid).
int region_area_cells(double side_cells, long long cells);

}  // namespace navlab
