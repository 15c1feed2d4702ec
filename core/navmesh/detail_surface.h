// The navmesh's surface in the world: each polygon's detail triangles, the height of a plane point on a
// polygon, every floor over a plane point, and the nearest point of the surface a ray hits.
//
// Baked and read meshes (NavMesh::baked) take their triangles from Detour's detail mesh
// (dtMeshTile::detailMeshes, detailVerts, detailTris): the surface the bake sampled from the level, which
// follows a ramp's bends inside a polygon. Other polygon meshes have no detail mesh: a fan of the
// polygon's own corners at their heights (NavMesh::heights; height 0 on 2D meshes). Graphs have no
// surface. World coordinates are Recast's (y up); the plane point of world (x, y, z) is (x, -z).
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "geom.h"
#include "navmesh.h"

namespace navlab {

using WorldTriangle = std::array<Vec3, 3>;

// The detail triangles of polygon `poly` (a valid polygon index of a polygon mesh), world coordinates.
std::vector<WorldTriangle> detail_triangles(const NavMesh& mesh, int poly);

// A plane point within this distance of a polygon's detail triangles is on it (m): the corners of
// polygons, portal ends and located points lie on edges, where float coordinates round either way.
constexpr double kSurfaceTolerance = 1e-4;

// The world height of plane point `p` on polygon `poly`: the height of the detail triangle under p,
// interpolated linearly over the triangle, as Detour's dtNavMeshQuery::getPolyHeight answers for a point
// inside the polygon. A point outside every detail triangle by at most `max_outside` m takes the height
// of the nearest point of the nearest triangle; farther out: nullopt.
std::optional<double> surface_height(const NavMesh& mesh, int poly, Vec2 p, double max_outside = kSurfaceTolerance);

// One floor over a plane point: the polygon and its surface height there.
struct SurfacePoint {
  int poly = -1;        // -1: no polygon (off the mesh)
  double height = 0.0;  // world y, m (0 on 2D meshes)
  bool on_mesh() const { return poly >= 0; }
};

// The surface of `mesh` under plane point `p`, among the polygons that contain it (the locate grid's
// candidates, within its tolerance): with `near_height` the one whose surface there is nearest that
// height (a 3D pick that knows the floor it hit), otherwise the highest (what a view from above sees),
// at surface_height(). This is how a point picked in a view becomes a scene point on the mesh: a 3D
// level's link ends, area corners and query points carry the height of the floor they were put on.
// Graph meshes have no surface: always off the mesh.
SurfacePoint surface_at(const NavMesh& mesh, Vec2 p, std::optional<double> near_height = std::nullopt);

// What a view picks under plane point `p`, the one rule the app's hover, clicks and placed points use:
// on a polygon mesh the surface there (surface_at: the locate grid's polygons containing p, the highest
// floor, its detail-surface height); on a graph the nearest node within `pick_radius` m (its index in
// `poly`, height 0), the first in file order on a tie. Off the mesh: poly -1.
SurfacePoint pick_at(const NavMesh& mesh, Vec2 p, double pick_radius = 0.0);

// A ray in the world: origin + t * dir for t >= 0 (dir need not be unit length).
struct Ray {
  Vec3 origin;
  Vec3 dir;
};

// Where a ray meets the surface: the polygon, the world point and the ray parameter there.
struct SurfaceHit {
  int poly = -1;
  Vec3 world;
  double t = 0.0;
  Vec2 plane() const { return to_plane(world); }
};

// The ray parameter t >= 0 at which `ray` meets triangle `tri` (either face; Möller–Trumbore), or
// nullopt when it misses, runs parallel to the triangle's plane or meets it behind the origin.
std::optional<double> ray_triangle(const Ray& ray, const WorldTriangle& tri);

// The whole surface of a polygon mesh, indexed for the two questions the 3D view asks of it at every
// frame: the floors over a plane point, and the surface point under the mouse. Built once per mesh
// (O(triangles)); a plane grid keeps each cell's triangles and their world bounds.
class SurfaceMesh {
 public:
  SurfaceMesh() = default;
  explicit SurfaceMesh(const NavMesh& mesh);

  struct Triangle {
    WorldTriangle corners;
    int poly = -1;
  };
  const std::vector<Triangle>& triangles() const { return tris_; }
  bool empty() const { return tris_.empty(); }
  // Polygon `poly`'s triangles: [first, second) of triangles() (empty for an unknown polygon).
  std::pair<size_t, size_t> polygon_triangles(int poly) const;
  // surface_height() of polygon `poly` from the triangles kept here.
  std::optional<double> height_on(int poly, Vec2 p, double max_outside = kSurfaceTolerance) const;

  // Every polygon over plane point `p` (within `max_outside` m of its triangles) with its surface height
  // there, ordered by polygon index: one per floor the point is on.
  std::vector<SurfacePoint> floors_at(Vec2 p, double max_outside = kSurfaceTolerance) const;

  // The nearest point of the surface that `ray` hits (ties: the lowest polygon index), or nullopt.
  std::optional<SurfaceHit> pick(const Ray& ray) const;

 private:
  struct Cell {
    std::vector<int> tris;                                     // indices into tris_
    Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};  // world bounds of those triangles
  };
  std::vector<Triangle> tris_;
  std::vector<std::pair<size_t, size_t>> poly_range_;  // per polygon, its triangles in tris_
  std::vector<Cell> cells_;
  Vec2 lo_{0, 0};
  double cell_ = 1.0;  // m
  int nx_ = 0, ny_ = 0;
};

}  // namespace navlab
