// A uniform grid over the polygons of a mesh, for locate's point-in-polygon rule (core/navmesh/locate.h):
// the lowest polygon index whose convex polygon contains a point within a tolerance, found without
// scanning every polygon.
//
// Each cell lists, in index order, every polygon whose tolerance region may reach into it: its bounding
// box grown by how far the tolerance reaches past its corners. A polygon whose region cannot be bounded
// that way (not convex and counter-clockwise, a near-zero angle, fewer than three edges of non-zero
// length) or that would fill too many cells is listed apart and tried for every point. The answer is
// the lowest index of the candidates that contain the point, so it equals the linear scan's
// (polygon_containing) exactly.
#pragma once

#include <vector>

#include "geom.h"

namespace navlab {

struct NavMesh;

class PolygonGrid {
 public:
  PolygonGrid() = default;
  // Indexes `mesh`'s polygons for containment within `tolerance` metres.
  PolygonGrid(const NavMesh& mesh, double tolerance);

  // The lowest polygon index whose polygon contains `p` within the tolerance, or -1. `p` is finite.
  int containing(const NavMesh& mesh, Vec2 p) const;

  // Every polygon that contains `p` within the tolerance, in index order. `p` is finite.
  std::vector<int> all_containing(const NavMesh& mesh, Vec2 p) const;
  // The same into out[0, max), without a vector: how many, or -1 when more than `max` do. Baked locates
  // use it, with holds_inside(), to know Detour's nearest polygon without asking Detour
  // (core/navmesh/locate.cpp).
  int all_containing(const NavMesh& mesh, Vec2 p, int* out, int max) const;
  // True when polygon `poly` holds `p` at least `inner` metres (>= 0) inside each of its edges.
  static bool holds_inside(const NavMesh& mesh, int poly, Vec2 p, double inner);

  // Every polygon whose tolerance region may meet `box`, in index order, into `out` (emptied first; its
  // buffer kept): each polygon with a point in `box` among them (a polygon lies inside its grown box).
  // The gates find the edges a moved door covers with it (core/search/gates.cpp).
  void overlapping(const Bounds2& box, std::vector<int>& out) const;

  double tolerance() const { return tolerance_; }

  // How far polygon `poly`'s tolerance region (every point less than `tol` outside each edge line, the
  // rule of NavMesh::contains) reaches past its bounding box, in tolerances: the largest corner offset
  // of the polygon grown by `tol`, sqrt(2 / (1 + cos)) for edges meeting at that angle. Negative when
  // the region cannot be bounded so: a corner that is not finite, fewer than three edges of non-zero
  // length, a right turn, a spike, or edges that do not turn exactly once around (not a convex
  // counter-clockwise polygon).
  static double reach(const NavMesh& mesh, int poly);

 private:
  // The cell column or row of coordinate `v` on an axis starting at `lo`, clamped to [0, count).
  int cell_of(double v, double lo, int count) const;
  // Calls visit(poly) for every polygon whose tolerance region may hold point `p`, in index order, until
  // it returns true.
  template <class Visit>
  void candidates(Vec2 p, Visit visit) const;

  double tolerance_ = 0.0;
  Bounds2 bounds_;     // every indexed polygon's grown box; a point outside is in none of them
  double cell_ = 1.0;  // side of a square cell, m
  int nx_ = 0, ny_ = 0;
  std::vector<int> cell_start_;  // polygons of cell c: polys_[cell_start_[c] .. cell_start_[c + 1])
  std::vector<int> polys_;
  std::vector<int> everywhere_;  // polygons tried for every point, in index order
  std::vector<Bounds2> boxes_;   // per polygon: its grown box (empty for the polygons tried everywhere)
};

}  // namespace navlab
