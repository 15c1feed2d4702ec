// The plan layer in 3D: the 2D view's shapes (plane metres, gl::Batch) lifted onto the navmesh's
// surface, so that one set of drawing functions serves both views.
//
// Every height comes from Detour's detail mesh (core/navmesh/detail_surface.h); which floor a plane point
// is drawn on, where floors overlap (a balcony over a hall), is the drawing's choice: a line goes on with
// the floor it is on (the one nearest in height to its previous point), a new shape starts on a polygon
// of the plan's corridor when one is there, else on the floor nearest the last height. Long segments are
// cut into pieces of spacing() so that they follow ramps and steps instead of cutting through them; a
// navmesh polygon's fill (Batch::mesh_polygon) is drawn as its own detail triangles.
#pragma once

#include <optional>
#include <vector>

#include "detail_surface.h"
#include "gl_renderer.h"
#include "gl_renderer3d.h"
#include "navmesh.h"

namespace navlab::app {

class SurfaceLift {
 public:
  // Rebuilds the surface of `mesh` (a polygon mesh; a graph gives an empty surface).
  void reset(const NavMesh& mesh);
  // The plan's polygons (its corridor): preferred where floors overlap. Sorted and unique after.
  void prefer(std::vector<int> polys);
  const SurfaceMesh& surface() const { return surface_; }
  // The height of plane point p on the surface (world y, m): the floor nearest `near` (none: a
  // preferred polygon first, then the floor nearest the last height lifted). Off the surface: the
  // floors within kOffSurfaceReach; else `near`, else the lowest height of the surface.
  double height(Vec2 p, std::optional<double> near = std::nullopt) const;
  // The world point of plane point p on the surface, raised by kRaise.
  Vec3 lift(Vec2 p, std::optional<double> near = std::nullopt) const;
  // Pieces of long segments are at most this long (m): 1/150 of the surface's extent, in [0.05, 1].
  double spacing() const { return spacing_; }
  // Lifts every shape of `plan` into `fills` and `lines` (both cleared first).
  void lift(const gl::Batch& plan, gl::MeshBatch3& fills, gl::LineBatch3& lines) const;

  static constexpr double kRaise = 0.02;           // m above the surface
  static constexpr double kOffSurfaceReach = 1.0;  // m: a point this near the surface takes its height

 private:
  double pick(Vec2 p, const std::vector<SurfacePoint>& floors, std::optional<double> near) const;
  void lift_capsule(const gl::Batch::Capsule& c, std::optional<double>& chain, gl::LineBatch3& lines) const;
  void lift_fill(const gl::Batch::FillTriangle& t, gl::MeshBatch3& fills) const;

  SurfaceMesh surface_;
  std::vector<int> preferred_;
  double spacing_ = 0.25;
  double lowest_ = 0.0;
  mutable double last_ = 0.0;  // the last height lifted (a new shape starts near it)
};

}  // namespace navlab::app
