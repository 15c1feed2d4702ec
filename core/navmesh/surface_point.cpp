#include "surface_point.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cmath>
#include <memory>
#include <vector>

#include "locate.h"

namespace navlab {

namespace {

// Nodes of the Detour query used for heights (getPolyHeight searches no graph; init needs a pool).
constexpr int kHeightQueryNodes = 8;

// The height at `p` of the plane through polygon `poly`'s first corner and the two that span the largest
// area with it (a polygon of a 3D mesh without Detour data; its corners are coplanar in practice).
double plane_height(const NavMesh& mesh, int poly, Vec2 p) {
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  const Vec2 a = mesh.verts[size_t(v[0])];
  const double ha = mesh.heights[size_t(v[0])];
  double best = 0.0, h = ha;
  for (size_t i = 1; i + 1 < v.size(); ++i) {
    const Vec2 b = mesh.verts[size_t(v[i])], c = mesh.verts[size_t(v[i + 1])];
    const double area = cross(b - a, c - a);
    if (std::abs(area) <= std::abs(best)) continue;
    best = area;
    // Barycentric weights of p in (a, b, c).
    const double wb = cross(p - a, c - a) / area, wc = cross(b - a, p - a) / area;
    h = ha + wb * (mesh.heights[size_t(v[i])] - ha) + wc * (mesh.heights[size_t(v[i + 1])] - ha);
  }
  return h;
}

}  // namespace

SurfacePoint surface_at(const NavMesh& mesh, Vec2 p, std::optional<double> near_height) {
  SurfacePoint out;
  if (mesh.kind != NavMesh::Kind::Polygons || !is_finite(p)) return out;
  const double tol = locate_tolerance(mesh);
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(nullptr, dtFreeNavMeshQuery);
  if (mesh.is3d && mesh.baked) {
    query.reset(dtAllocNavMeshQuery());
    if (query && dtStatusFailed(query->init(mesh.baked->detour.get(), kHeightQueryNodes))) query.reset();
  }
  for (int i = 0; i < int(mesh.polys.size()); ++i) {
    if (!mesh.contains(i, p, tol)) continue;
    double h = 0.0;
    if (mesh.is3d) {
      h = plane_height(mesh, i, p);
      const Vec3 w = to_world(p, h);
      const float pos[3] = {float(w.x), float(w.y), float(w.z)};
      float detail = 0.0f;
      if (query && dtStatusSucceed(query->getPolyHeight(mesh.baked->ref(i), pos, &detail))) h = detail;
    }
    const bool better = out.poly < 0 || (near_height ? std::abs(h - *near_height) < std::abs(out.height - *near_height)
                                                     : h > out.height);
    if (better) out = {i, h};
  }
  return out;
}

}  // namespace navlab
