#include "bake_check.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "input_limits.h"

namespace navlab {
namespace {

// Recast stores span heights in 13 bits (RC_SPAN_HEIGHT_BITS in Recast 1.5.1).
// Dimensionless: a value already a round number stays that number when rounded up (its quotient by the
// rounding step can come out a hair above the whole number).
constexpr double kRoundSlack = 1e-12;
constexpr double kMaxSpanCells = 8191.0;
// rcErodeWalkableArea compares against radius * 2 in an unsigned char.
constexpr double kMaxErodeCells = 127.0;
// Detour stores a tile's vertices as 16-bit cell coordinates.
constexpr double kMaxGridSide = 65535.0;
// A floor this many cells across is the least that makes a useful suggestion for cell_size.
constexpr double kMinCellsAcross = 10.0;

// The smallest value >= v with 2 significant digits (a suggested setting that surely passes).
double round_up(double v) {
  if (!(v > 0.0)) return v;
  const double scale = std::pow(10.0, std::floor(std::log10(v)) - 1.0);
  return std::ceil(v / scale * (1.0 - kRoundSlack)) * scale;
}

// `param` must keep `metres` within `limit` cells of `cell` m: "" or the message.
Result<void> cells_within(const char* param, double metres, const char* cell_param, double cell, double limit,
                          const char* why) {
  const double cells = metres / cell;
  if (cells <= limit) return {};
  return Error{std::string(param) + " " + num(metres) + " m is " + num(cells) + " cells of " + cell_param + " " +
               num(cell) + " m, more than " + num(limit) + " (" + why + "); raise " + cell_param + " to at least " +
               num(round_up(metres / limit)) + " m"};
}

// A cell count as a whole number (cell counts can exceed an int).
std::string grid_text(double cells) { return fmt("%.0f", cells); }

}  // namespace

double grid_cells(double extent, double cell_size) { return std::floor(extent / cell_size + 0.5); }

double raster_work(const std::vector<float>& verts, const std::vector<int>& tris, double cell_size) {
  double work = 0.0;
  for (size_t t = 0; t + 2 < tris.size(); t += 3) {
    const float* a = &verts[size_t(tris[t]) * 3];
    const float* b = &verts[size_t(tris[t + 1]) * 3];
    const float* c = &verts[size_t(tris[t + 2]) * 3];
    const double dx = std::max({a[0], b[0], c[0]}) - std::min({a[0], b[0], c[0]});
    const double dz = std::max({a[2], b[2], c[2]}) - std::min({a[2], b[2], c[2]});
    const double area = 0.5 * std::fabs(double(b[0] - a[0]) * (c[2] - a[2]) - double(c[0] - a[0]) * (b[2] - a[2]));
    work += (dx + dz) / cell_size + 2.0 + area / (cell_size * cell_size);
  }
  return work;
}

Result<void> check_raster_work(const std::vector<float>& verts, const std::vector<int>& tris, const BakeDef& def) {
  const double work = raster_work(verts, tris, def.cell_size);
  if (work <= limits::kMaxRasterCells) return {};
  double cs = def.cell_size * std::sqrt(work / limits::kMaxRasterCells);
  while (raster_work(verts, tris, cs) > limits::kMaxRasterCells) cs *= 1.05;  // the row terms shrink slower
  return Error{"the " + std::to_string(tris.size() / 3) + " triangles cover " + num(work, 0) +
               " cells of bake.cell_size " + num(def.cell_size) +
               " m in all (each triangle is rasterised on its own, so repeated or overlapping " +
               "triangles count again), more than the limit of " + num(limits::kMaxRasterCells, 0) +
               "; raise bake.cell_size to at least " + num(round_up(cs)) + " m or remove repeated triangles"};
}

namespace {

// Fails with "the bake grid would be W x D cells, more than <limit_text>; <advice>raise bake.cell_size to at
// least X m", X the cell size that brings the grid under `limit`.
Result<void> grid_over(const BakeDef& def, const BakeGridSize& grid, double limit, const std::string& limit_text,
                       const std::string& advice) {
  const double cs = def.cell_size;
  const double width = grid_cells(grid.grid_x, cs), depth = grid_cells(grid.grid_z, cs);
  const double cells = width * depth;
  if (cells <= limit) return {};
  return Error{"the bake grid would be " + grid_text(width) + " x " + grid_text(depth) + " cells, more than " +
               limit_text + "; " + advice + "raise bake.cell_size to at least " +
               num(round_up(cs * std::sqrt(cells / limit))) + " m"};
}

}  // namespace

Result<void> check_partition(const BakeDef& def, const BakeGridSize& grid) {
  if (def.partition != Partition::Watershed) return {};
  return grid_over(def, grid, limits::kMaxWatershedCells,
                   "the " + num(limits::kMaxWatershedCells) + " cells allowed for bake.partition \"watershed\" (its " +
                       "time grows faster than the cell count on large open floors)",
                   "set bake.partition to \"layers\" or \"monotone\", or ");
}

Result<void> check_bake_grid(const BakeDef& def, const BakeGridSize& grid) {
  const double cs = def.cell_size, ch = def.cell_height;
  const double width = grid_cells(grid.grid_x, cs), depth = grid_cells(grid.grid_z, cs);
  const double smaller = std::min(grid.content_x, grid.content_z);
  if (width < 1.0 || depth < 1.0 || smaller < cs) {
    const char* axis = grid.content_x <= grid.content_z ? "x" : "z";
    if (smaller <= 0.0)
      return Error{"the geometry has zero extent along world " + std::string(axis) + " (every vertex at the same " +
                   axis + "): there is no floor area to bake"};
    return Error{"bake.cell_size " + num(cs) + " m is larger than the geometry's extent along world " + axis + " (" +
                 num(smaller) + " m); try bake.cell_size " + num(round_up(smaller / kMinCellsAcross)) + " m"};
  }
  const std::string size = grid_text(width) + " x " + grid_text(depth);
  if (Result<void> bad =
          grid_over(def, grid, limits::kMaxBakeCells, "the limit of " + num(limits::kMaxBakeCells) + " cells", "");
      !bad)
    return bad;
  const double side = std::max(width, depth);
  if (side > kMaxGridSide)
    return Error{"the bake grid would be " + size + " cells, more than Detour's " + grid_text(kMaxGridSide) +
                 " cells per side of one tile; raise " + "bake.cell_size to at least " +
                 num(round_up(cs * side / kMaxGridSide)) + " m"};
  const char* span = "Recast's span height limit";
  if (Result<void> bad =
          cells_within("the geometry's height", grid.height, "bake.cell_height", ch, kMaxSpanCells, span);
      !bad)
    return bad;
  if (Result<void> bad =
          cells_within("bake.agent_height", def.agent_height, "bake.cell_height", ch, kMaxSpanCells, span);
      !bad)
    return bad;
  if (Result<void> bad =
          cells_within("bake.agent_max_climb", def.agent_max_climb, "bake.cell_height", ch, kMaxSpanCells, span);
      !bad)
    return bad;
  return cells_within("bake.agent_radius", def.agent_radius, "bake.cell_size", cs, kMaxErodeCells,
                      "Recast's erosion limit");
}

int region_area_cells(double side_cells, long long cells) {
  const double area = side_cells * side_cells;
  return int(std::min(area, double(std::min<long long>(cells + 1, 0x7fffffff))));
}

Result<void> check_contour_corners(const std::vector<int>& contour_corners, const BakeDef& def, double grid_cells) {
  double work = 0.0;
  int largest = 0;
  for (int n : contour_corners) {
    work += double(n) * n * n;
    largest = std::max(largest, n);
  }
  if (work <= limits::kMaxContourWork) return {};
  // Corners grow with the area a tile covers: tiles of t x t cells cut the largest contour to about
  // largest * t^2 / grid_cells corners; a quarter of the limit's cube root leaves room for uneven
  // floors. Rounded down to a multiple of 16 cells, within the tile sizes a scene may give.
  const double per_tile = std::cbrt(limits::kMaxContourWork) / 4.0;
  const double fit = std::sqrt(per_tile * grid_cells / std::max(largest, 1));
  const int tile = std::clamp(int(fit / 16) * 16, kMinBakeTileSize, kMaxBakeTileSize);
  return Error{"the bake's contours would cost Recast's polygon step " + num(work) +
               " (the sum of each contour's corners cubed; the largest has " + std::to_string(largest) +
               " corners), more than the limit of " + num(limits::kMaxContourWork) +
               " (a floor of many holes in one region makes one such contour, and its time grows with the cube); set "
               "bake.tile_size to " +
               std::to_string(tile) + (def.tile_size > 0 ? " (smaller tiles)" : "") +
               " or bake.partition to \"monotone\""};
}

}  // namespace navlab
