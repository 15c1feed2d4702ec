#include "cell_raster.h"

#include <algorithm>
#include <functional>

namespace navlab {
namespace {

// The rows a ring can cross: row centres y with min_y <= y <= max_y (rows' y may run either way).
struct RowRange {
  int lo = 0, hi = -1;
};

RowRange rows_of(const std::vector<Vec2>& ring, const std::vector<double>& row_y) {
  double lo = ring.front().y, hi = lo;
  for (const Vec2& p : ring) lo = std::min(lo, p.y), hi = std::max(hi, p.y);
  // row_y is monotonic, one way or the other: the rows with lo <= y <= hi by binary search.
  if (row_y.size() > 1 && row_y.back() < row_y.front()) {
    const auto first = std::lower_bound(row_y.begin(), row_y.end(), hi, std::greater<>());
    const auto end = std::upper_bound(row_y.begin(), row_y.end(), lo, std::greater<>());
    return {int(first - row_y.begin()), int(end - row_y.begin()) - 1};
  }
  const auto first = std::lower_bound(row_y.begin(), row_y.end(), lo);
  const auto end = std::upper_bound(row_y.begin(), row_y.end(), hi);
  return {int(first - row_y.begin()), int(end - row_y.begin()) - 1};
}

// The x where each edge of `ring` crosses the line at height y, as point_in_ring computes it, sorted.
void crossings(const std::vector<Vec2>& ring, double y, std::vector<double>& xs) {
  xs.clear();
  for (size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
    const Vec2 a = ring[i], b = ring[j];
    if ((a.y > y) != (b.y > y)) xs.push_back((b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x);
  }
  std::sort(xs.begin(), xs.end());
}

// First cell of row z whose centre x is >= x (point_in_ring counts a crossing when p.x < x_cross).
int first_cell_from(const CellGrid& g, int z, double x) {
  int a = 0, b = g.width;
  while (a < b) {
    const int m = (a + b) / 2;
    if (g.centre(m, z).x >= x)
      b = m;
    else
      a = m + 1;
  }
  return a;
}

// Calls fill(x0, x1) for each run of cells [x0, x1) of row z inside `ring` (even-odd).
template <class F>
void for_each_run(const CellGrid& g, int z, double y, const std::vector<Vec2>& ring, std::vector<double>& xs,
                  F&& fill) {
  crossings(ring, y, xs);
  for (size_t k = 0; k + 1 < xs.size(); k += 2) {
    const int x0 = first_cell_from(g, z, xs[k]), x1 = first_cell_from(g, z, xs[k + 1]);
    if (x0 < x1) fill(x0, x1);
  }
}

// For each row, the indices of the rings that may cross it.
std::vector<std::vector<int>> rings_by_row(const std::vector<const std::vector<Vec2>*>& rings,
                                           const std::vector<double>& row_y) {
  std::vector<std::vector<int>> by_row(row_y.size());
  for (size_t i = 0; i < rings.size(); ++i) {
    if (rings[i]->size() < 3) continue;
    const RowRange r = rows_of(*rings[i], row_y);
    for (int z = std::max(r.lo, 0); z <= std::min(r.hi, int(row_y.size()) - 1); ++z)
      by_row[size_t(z)].push_back(int(i));
  }
  return by_row;
}

}  // namespace

std::vector<int> rasterize_floorplan(const Scene::Floorplan& plan, const std::vector<int>& paint_ids,
                                     const CellGrid& grid) {
  std::vector<int> cells(size_t(grid.width) * size_t(grid.height), kNotFloor);
  if (grid.width <= 0 || grid.height <= 0 || plan.outline.size() < 3) return cells;
  std::vector<double> row_y(size_t(grid.height));
  for (int z = 0; z < grid.height; ++z) row_y[size_t(z)] = grid.centre(0, z).y;
  std::vector<const std::vector<Vec2>*> holes, paints;
  for (const auto& h : plan.holes) holes.push_back(&h);
  for (const auto& a : plan.areas) paints.push_back(&a.polygon);
  const auto holes_at = rings_by_row(holes, row_y), paints_at = rings_by_row(paints, row_y);
  std::vector<double> xs;
  for (int z = 0; z < grid.height; ++z) {
    int* row = cells.data() + size_t(z) * size_t(grid.width);
    const double y = row_y[size_t(z)];
    for_each_run(grid, z, y, plan.outline, xs, [&](int a, int b) { std::fill(row + a, row + b, 0); });
    for (int h : holes_at[size_t(z)])
      for_each_run(grid, z, y, *holes[size_t(h)], xs, [&](int a, int b) { std::fill(row + a, row + b, kNotFloor); });
    for (int p : paints_at[size_t(z)])  // in paint order: a later paint lies on top
      for_each_run(grid, z, y, *paints[size_t(p)], xs, [&](int a, int b) {
        for (int x = a; x < b; ++x)
          if (row[x] != kNotFloor) row[x] = paint_ids[size_t(p)];
      });
  }
  return cells;
}

}  // namespace navlab
