#include "polygon_grid.h"

#include <algorithm>
#include <cmath>

#include "navmesh.h"

namespace navlab {

namespace {

// Cells per indexed polygon: about one polygon per cell on a mesh of similar polygons.
constexpr double kCellsPerPolygon = 1.0;
// A polygon whose grown box touches more cells than this is tried for every point instead (a few huge
// polygons must not fill the whole grid).
constexpr long kMaxCellsPerPolygon = 64;
// Dimensionless: 1 + cos(angle between two consecutive edges) below this is a spike, whose tolerance
// region reaches too far past the corner to bound (sqrt(2 / 1e-9) ≈ 4.5e4 tolerances).
constexpr double kMinOnePlusCos = 1e-9;
// Dimensionless: the grown box reaches this many times farther than the exact region, so that rounding
// in the containment test (left_of) cannot accept a point outside the box.
constexpr double kReachSafety = 2.0;
// Dimensionless: rounding of coordinates far from the origin, as a share of their magnitude.
constexpr double kCoordinateRounding = 1e-12;

// NavMesh::contains without a square root per edge: whether p is less than `tol` outside every edge line
// of polygon `poly` (tol >= 0) or, with `deep`, at least `tol` inside every one. An edge's signed
// distance is orient / length, compared as orient against tol * length through their squares.
bool within(const NavMesh& mesh, int poly, Vec2 p, double tol, bool deep) {
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  if (v.size() < 3) return false;
  const double tol2 = tol * tol;
  Vec2 a = mesh.verts[size_t(v.back())];
  for (int i : v) {
    const Vec2 b = mesh.verts[size_t(i)];
    const double o = orient(a, b, p), len2 = dot(b - a, b - a);
    if (deep ? (o < 0.0 || o * o < tol2 * len2) : (o < 0.0 && o * o > tol2 * len2)) return false;
    a = b;
  }
  return true;
}

// Is direction d in the upper half turn, at an angle in [0, π) from +x? Exact: no rounding decides it.
bool upper_half(Vec2 d) { return d.y > 0.0 || (d.y == 0.0 && d.x > 0.0); }

}  // namespace

double PolygonGrid::reach(const NavMesh& mesh, int poly) {
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  // The unit directions of the edges left_of does not skip (non-zero length), each against the one
  // before it. Every corner turns left by less than π, so the directions turn once around exactly when
  // they pass from the lower half turn into the upper one once (no angle to add up).
  double most = 1.0;
  int edges = 0, once_around = 0;
  Vec2 first, prev;
  const auto corner = [&](Vec2 a, Vec2 b) {
    const double c = dot(a, b), s = cross(a, b);
    if (s < 0.0 || 1.0 + c < kMinOnePlusCos) return false;
    most = std::max(most, std::sqrt(2.0 / (1.0 + c)));
    once_around += !upper_half(a) && upper_half(b);
    return true;
  };
  for (size_t i = 0; i < v.size(); ++i) {
    if (!is_finite(mesh.verts[size_t(v[i])])) return -1.0;  // left_of skips its edges too
    const Vec2 d = mesh.verts[size_t(v[i + 1 == v.size() ? 0 : i + 1])] - mesh.verts[size_t(v[i])];
    const double len = length(d);
    if (!(len > 0.0)) continue;
    const Vec2 u = d / len;
    if (edges++ == 0)
      first = u;
    else if (!corner(prev, u))
      return -1.0;
    prev = u;
  }
  if (edges < 3 || !corner(prev, first)) return -1.0;
  return once_around == 1 ? most : -1.0;
}

PolygonGrid::PolygonGrid(const NavMesh& mesh, double tolerance) : tolerance_(tolerance) {
  const int n = int(mesh.polys.size());
  // Each polygon's grown box, or nothing (listed in everywhere_).
  std::vector<Bounds2>& boxes = boxes_;
  boxes.assign(static_cast<size_t>(n), Bounds2{});
  for (int i = 0; i < n; ++i) {
    const double reaches = reach(mesh, i);
    if (reaches < 0.0) continue;
    Bounds2 b;
    double magnitude = 0.0;
    for (int v : mesh.polys[size_t(i)].verts) {
      b.add(mesh.verts[size_t(v)]);
      magnitude = std::max({magnitude, std::fabs(mesh.verts[size_t(v)].x), std::fabs(mesh.verts[size_t(v)].y)});
    }
    const double grow = kReachSafety * reaches * tolerance + kCoordinateRounding * magnitude;
    b.lo = b.lo - Vec2{grow, grow};
    b.hi = b.hi + Vec2{grow, grow};
    boxes[size_t(i)] = b;
    bounds_.add(b.lo);
    bounds_.add(b.hi);
  }
  if (!bounds_.empty()) {
    const double w = bounds_.hi.x - bounds_.lo.x, h = bounds_.hi.y - bounds_.lo.y;
    const double cells = std::max(1.0, n * kCellsPerPolygon);
    // At most `cells` cells along either side, so at most about 3 × `cells` cells in all.
    cell_ = std::max(std::sqrt(w * h / cells), std::max(w, h) / cells);
    if (!(cell_ > 0.0) || !std::isfinite(cell_)) cell_ = 1.0;
    nx_ = int(std::min(cells, std::floor(w / cell_)) + 1.0);
    ny_ = int(std::min(cells, std::floor(h / cell_)) + 1.0);
  }
  // Two passes over the boxes: count each cell's polygons, then list them in index order.
  std::vector<int> count(size_t(nx_) * size_t(ny_) + 1, 0);
  auto cells_of = [&](const Bounds2& b, auto&& visit) {
    const int x0 = cell_of(b.lo.x, bounds_.lo.x, nx_), x1 = cell_of(b.hi.x, bounds_.lo.x, nx_);
    const int y0 = cell_of(b.lo.y, bounds_.lo.y, ny_), y1 = cell_of(b.hi.y, bounds_.lo.y, ny_);
    if (long(x1 - x0 + 1) * long(y1 - y0 + 1) > kMaxCellsPerPolygon) return false;
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) visit(size_t(y) * size_t(nx_) + size_t(x));
    return true;
  };
  for (int i = 0; i < n; ++i)
    if (boxes[size_t(i)].empty() || !cells_of(boxes[size_t(i)], [&](size_t c) { ++count[c + 1]; }))
      everywhere_.push_back(i);
  for (size_t c = 1; c < count.size(); ++c) count[c] += count[c - 1];
  cell_start_ = count;
  polys_.resize(size_t(count.back()));
  for (int i = 0; i < n; ++i)
    if (!boxes[size_t(i)].empty()) cells_of(boxes[size_t(i)], [&](size_t c) { polys_[size_t(count[c]++)] = i; });
}

int PolygonGrid::cell_of(double v, double lo, int count) const {
  const double t = std::floor((v - lo) / cell_);
  return t <= 0.0 ? 0 : (t >= double(count - 1) ? count - 1 : int(t));
}

template <class Visit>
void PolygonGrid::candidates(Vec2 p, Visit visit) const {
  const int* cell = nullptr;
  const int* cell_end = nullptr;
  const bool in_bounds = p.x >= bounds_.lo.x && p.x <= bounds_.hi.x && p.y >= bounds_.lo.y && p.y <= bounds_.hi.y;
  if (in_bounds) {
    const size_t c = size_t(cell_of(p.y, bounds_.lo.y, ny_)) * size_t(nx_) + size_t(cell_of(p.x, bounds_.lo.x, nx_));
    cell = polys_.data() + cell_start_[c];
    cell_end = polys_.data() + cell_start_[c + 1];
  }
  // Both lists are in index order and share no polygon: merge them.
  auto far = everywhere_.begin();
  while (cell != cell_end || far != everywhere_.end()) {
    const bool take_cell = far == everywhere_.end() || (cell != cell_end && *cell < *far);
    const int poly = take_cell ? *cell++ : *far++;
    const Bounds2& b = boxes_[size_t(poly)];
    if (take_cell && (p.x < b.lo.x || p.x > b.hi.x || p.y < b.lo.y || p.y > b.hi.y)) continue;  // cannot hold p
    if (visit(poly)) return;
  }
}

void PolygonGrid::overlapping(const Bounds2& box, std::vector<int>& out) const {
  out.assign(everywhere_.begin(), everywhere_.end());
  const auto meets = [&](const Bounds2& b) {
    return !b.empty() && b.lo.x <= box.hi.x && b.hi.x >= box.lo.x && b.lo.y <= box.hi.y && b.hi.y >= box.lo.y;
  };
  if (!box.empty() && meets(bounds_)) {
    const int x0 = cell_of(box.lo.x, bounds_.lo.x, nx_), x1 = cell_of(box.hi.x, bounds_.lo.x, nx_);
    const int y0 = cell_of(box.lo.y, bounds_.lo.y, ny_), y1 = cell_of(box.hi.y, bounds_.lo.y, ny_);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const size_t c = size_t(y) * size_t(nx_) + size_t(x);
        for (int k = cell_start_[c]; k < cell_start_[c + 1]; ++k)
          if (meets(boxes_[size_t(polys_[size_t(k)])])) out.push_back(polys_[size_t(k)]);
      }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

int PolygonGrid::containing(const NavMesh& mesh, Vec2 p) const {
  int found = -1;
  candidates(p, [&](int poly) {
    if (mesh.contains(poly, p, tolerance_)) found = poly;
    return found >= 0;  // the first that contains p wins
  });
  return found;
}

std::vector<int> PolygonGrid::all_containing(const NavMesh& mesh, Vec2 p) const {
  std::vector<int> out;
  candidates(p, [&](int poly) {
    if (mesh.contains(poly, p, tolerance_)) out.push_back(poly);
    return false;
  });
  return out;
}

int PolygonGrid::all_containing(const NavMesh& mesh, Vec2 p, int* out, int max) const {
  int count = 0;
  candidates(p, [&](int poly) {
    if (!within(mesh, poly, p, tolerance_, false)) return false;
    if (count < max) out[count] = poly;
    return ++count > max;
  });
  return count > max ? -1 : count;
}

bool PolygonGrid::holds_inside(const NavMesh& mesh, int poly, Vec2 p, double inner) {
  return within(mesh, poly, p, inner, true);
}

}  // namespace navlab
