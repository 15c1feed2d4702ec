#include "detail_surface.h"

#include <DetourNavMesh.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace navlab {

namespace {

constexpr double kTrianglesPerCell = 6.0;  // the grid's cell size aims at about this many per cell
constexpr int kMaxCellsPerSide = 256;
constexpr double kParallel = 1e-12;  // |det| below this (m² · |dir|): the ray runs along the triangle

// The point of triangle (a, b, c) in the plane nearest to p, as weights of its corners.
std::array<double, 3> nearest_weights(Vec2 a, Vec2 b, Vec2 c, Vec2 p) {
  const double area = orient(a, b, c);
  if (std::abs(area) > 0.0) {
    const double wa = orient(p, b, c) / area, wb = orient(a, p, c) / area, wc = 1.0 - wa - wb;
    if (wa >= 0.0 && wb >= 0.0 && wc >= 0.0) return {wa, wb, wc};
  }
  // Outside (or a degenerate triangle): the nearest point of the nearest edge.
  const Vec2 pts[3] = {a, b, c};
  std::array<double, 3> best{1.0, 0.0, 0.0};
  double best_d = std::numeric_limits<double>::infinity();
  for (int e = 0; e < 3; ++e) {
    const Vec2 u = pts[e], v = pts[(e + 1) % 3];
    const Vec2 uv = v - u;
    const double len2 = dot(uv, uv);
    const double t = len2 > 0.0 ? std::clamp(dot(p - u, uv) / len2, 0.0, 1.0) : 0.0;
    const double d = distance(p, u + uv * t);
    if (d < best_d) {
      best_d = d;
      best = {0.0, 0.0, 0.0};
      best[size_t(e)] = 1.0 - t;
      best[size_t((e + 1) % 3)] = t;
    }
  }
  return best;
}

// Distance in the plane from p to the triangle and the triangle's height at the nearest point.
struct Nearest {
  double distance;
  double height;
};
Nearest nearest_on(const WorldTriangle& t, Vec2 p) {
  const Vec2 a = to_plane(t[0]), b = to_plane(t[1]), c = to_plane(t[2]);
  const auto w = nearest_weights(a, b, c, p);
  const Vec2 q = a * w[0] + b * w[1] + c * w[2];
  return {distance(p, q), t[0].y * w[0] + t[1].y * w[1] + t[2].y * w[2]};
}

bool ray_hits_box(const Ray& r, Vec3 lo, Vec3 hi) {
  double t0 = 0.0, t1 = std::numeric_limits<double>::infinity();
  const double o[3] = {r.origin.x, r.origin.y, r.origin.z}, d[3] = {r.dir.x, r.dir.y, r.dir.z};
  const double l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
  for (int k = 0; k < 3; ++k) {
    if (d[k] == 0.0) {
      if (o[k] < l[k] || o[k] > h[k]) return false;
      continue;
    }
    double a = (l[k] - o[k]) / d[k], b = (h[k] - o[k]) / d[k];
    if (a > b) std::swap(a, b);
    t0 = std::max(t0, a);
    t1 = std::min(t1, b);
    if (t0 > t1) return false;
  }
  return true;
}

}  // namespace

std::vector<WorldTriangle> detail_triangles(const NavMesh& mesh, int poly) {
  std::vector<WorldTriangle> out;
  if (mesh.kind != NavMesh::Kind::Polygons || poly < 0 || poly >= int(mesh.polys.size())) return out;
  if (mesh.baked && mesh.baked->detour) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* dp = nullptr;
    if (dtStatusSucceed(mesh.baked->detour->getTileAndPolyByRef(mesh.baked->ref(poly), &tile, &dp)) &&
        tile->detailMeshes) {
      const dtPolyDetail& pd = tile->detailMeshes[dp - tile->polys];
      // A detail triangle's corner index below the polygon's vertex count names one of its corners (in
      // the tile's vertices); the others are the detail mesh's own vertices of this polygon.
      auto corner = [&](unsigned char i) {
        const float* v = i < dp->vertCount ? &tile->verts[size_t(dp->verts[i]) * 3]
                                           : &tile->detailVerts[size_t(pd.vertBase + (i - dp->vertCount)) * 3];
        return Vec3{v[0], v[1], v[2]};
      };
      for (int j = 0; j < pd.triCount; ++j) {
        const unsigned char* t = &tile->detailTris[size_t(pd.triBase + unsigned(j)) * 4];
        out.push_back({corner(t[0]), corner(t[1]), corner(t[2])});
      }
      return out;
    }
  }
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  auto world = [&](int i) { return mesh.world_vertex(v[size_t(i)]); };
  for (size_t k = 1; k + 1 < v.size(); ++k) out.push_back({world(0), world(int(k)), world(int(k + 1))});
  return out;
}

std::optional<double> surface_height(const NavMesh& mesh, int poly, Vec2 p, double max_outside) {
  std::optional<Nearest> best;
  for (const WorldTriangle& t : detail_triangles(mesh, poly)) {
    const Nearest n = nearest_on(t, p);
    if (!best || n.distance < best->distance) best = n;
    if (best->distance == 0.0) break;
  }
  if (!best || best->distance > max_outside) return std::nullopt;
  return best->height;
}

SurfacePoint surface_at(const NavMesh& mesh, Vec2 p, std::optional<double> near_height) {
  SurfacePoint out;
  if (mesh.kind != NavMesh::Kind::Polygons || !is_finite(p)) return out;
  const std::shared_ptr<const MeshIndex> index = mesh.query_cache.index(mesh);
  // A point the grid counts in a polygon may lie that far outside its detail triangles.
  const double outside = std::max(kSurfaceTolerance, 2.0 * index->grid.tolerance());
  for (int i : index->grid.all_containing(mesh, p)) {
    double h = 0.0;
    if (mesh.is3d) {
      const std::optional<double> on = surface_height(mesh, i, p, outside);
      if (!on) continue;
      h = *on;
    }
    const bool better = out.poly < 0 || (near_height ? std::abs(h - *near_height) < std::abs(out.height - *near_height)
                                                     : h > out.height);
    if (better) out = {i, h};
  }
  return out;
}

SurfacePoint pick_at(const NavMesh& mesh, Vec2 p, double pick_radius) {
  if (mesh.kind == NavMesh::Kind::Polygons) return surface_at(mesh, p);
  SurfacePoint out;
  double best = pick_radius;
  for (size_t i = 0; i < mesh.nodes.size(); ++i)
    if (const double d = distance(mesh.nodes[i].pos, p); d <= best && (out.poly < 0 || d < best)) {
      best = d;
      out.poly = int(i);
    }
  return out;
}

std::optional<double> ray_triangle(const Ray& ray, const WorldTriangle& tri) {
  const Vec3 e1 = tri[1] - tri[0], e2 = tri[2] - tri[0];
  const Vec3 pv = cross(ray.dir, e2);
  const double det = dot(e1, pv);
  if (std::abs(det) < kParallel) return std::nullopt;
  const double inv = 1.0 / det;
  const Vec3 s = ray.origin - tri[0];
  const double u = dot(s, pv) * inv;
  if (u < 0.0 || u > 1.0) return std::nullopt;
  const Vec3 q = cross(s, e1);
  const double v = dot(ray.dir, q) * inv;
  if (v < 0.0 || u + v > 1.0) return std::nullopt;
  const double t = dot(e2, q) * inv;
  if (t < 0.0) return std::nullopt;
  return t;
}

SurfaceMesh::SurfaceMesh(const NavMesh& mesh) {
  if (mesh.kind != NavMesh::Kind::Polygons) return;
  poly_range_.resize(mesh.polys.size());
  for (int p = 0; p < int(mesh.polys.size()); ++p) {
    poly_range_[size_t(p)].first = tris_.size();
    for (const WorldTriangle& t : detail_triangles(mesh, p)) tris_.push_back({t, p});
    poly_range_[size_t(p)].second = tris_.size();
  }
  if (tris_.empty()) return;
  Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
  for (const Triangle& t : tris_)
    for (const Vec3& c : t.corners) {
      const Vec2 q = to_plane(c);
      lo = {std::min(lo.x, q.x), std::min(lo.y, q.y)};
      hi = {std::max(hi.x, q.x), std::max(hi.y, q.y)};
    }
  const double area = std::max((hi.x - lo.x) * (hi.y - lo.y), 1e-12);
  cell_ = std::max(std::sqrt(area * kTrianglesPerCell / double(tris_.size())),
                   std::max(hi.x - lo.x, hi.y - lo.y) / kMaxCellsPerSide);
  cell_ = std::max(cell_, 1e-6);
  lo_ = lo;
  nx_ = std::clamp(int((hi.x - lo.x) / cell_) + 1, 1, kMaxCellsPerSide + 1);
  ny_ = std::clamp(int((hi.y - lo.y) / cell_) + 1, 1, kMaxCellsPerSide + 1);
  cells_.assign(size_t(nx_) * size_t(ny_), Cell{});
  for (int i = 0; i < int(tris_.size()); ++i) {
    Vec2 a{1e300, 1e300}, b{-1e300, -1e300};
    for (const Vec3& c : tris_[size_t(i)].corners) {
      const Vec2 q = to_plane(c);
      a = {std::min(a.x, q.x), std::min(a.y, q.y)};
      b = {std::max(b.x, q.x), std::max(b.y, q.y)};
    }
    const int x0 = std::clamp(int((a.x - lo_.x) / cell_), 0, nx_ - 1),
              x1 = std::clamp(int((b.x - lo_.x) / cell_), 0, nx_ - 1);
    const int y0 = std::clamp(int((a.y - lo_.y) / cell_), 0, ny_ - 1),
              y1 = std::clamp(int((b.y - lo_.y) / cell_), 0, ny_ - 1);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        Cell& cell = cells_[size_t(y) * size_t(nx_) + size_t(x)];
        cell.tris.push_back(i);
        for (const Vec3& c : tris_[size_t(i)].corners) {
          cell.lo = {std::min(cell.lo.x, c.x), std::min(cell.lo.y, c.y), std::min(cell.lo.z, c.z)};
          cell.hi = {std::max(cell.hi.x, c.x), std::max(cell.hi.y, c.y), std::max(cell.hi.z, c.z)};
        }
      }
  }
}

std::pair<size_t, size_t> SurfaceMesh::polygon_triangles(int poly) const {
  if (poly < 0 || size_t(poly) >= poly_range_.size()) return {0, 0};
  return poly_range_[size_t(poly)];
}

std::optional<double> SurfaceMesh::height_on(int poly, Vec2 p, double max_outside) const {
  const auto [first, end] = polygon_triangles(poly);
  std::optional<Nearest> best;
  for (size_t i = first; i < end; ++i) {
    const Nearest n = nearest_on(tris_[i].corners, p);
    if (!best || n.distance < best->distance) best = n;
  }
  if (!best || best->distance > max_outside) return std::nullopt;
  return best->height;
}

std::vector<SurfacePoint> SurfaceMesh::floors_at(Vec2 p, double max_outside) const {
  std::vector<SurfacePoint> out;
  if (cells_.empty()) return out;
  // The cells within max_outside of p: a point just outside the grid still finds the border triangles.
  const int x0 = std::clamp(int(std::floor((p.x - max_outside - lo_.x) / cell_)), 0, nx_ - 1);
  const int x1 = std::clamp(int(std::floor((p.x + max_outside - lo_.x) / cell_)), 0, nx_ - 1);
  const int y0 = std::clamp(int(std::floor((p.y - max_outside - lo_.y) / cell_)), 0, ny_ - 1);
  const int y1 = std::clamp(int(std::floor((p.y + max_outside - lo_.y) / cell_)), 0, ny_ - 1);
  struct Best {
    int poly;
    Nearest n;
  };
  std::vector<Best> best;  // per polygon seen, its nearest triangle
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      for (int i : cells_[size_t(y) * size_t(nx_) + size_t(x)].tris) {
        const Triangle& t = tris_[size_t(i)];
        const Nearest n = nearest_on(t.corners, p);
        if (n.distance > max_outside) continue;
        auto it = std::find_if(best.begin(), best.end(), [&](const Best& b) { return b.poly == t.poly; });
        if (it == best.end())
          best.push_back({t.poly, n});
        else if (n.distance < it->n.distance)
          it->n = n;
      }
  std::sort(best.begin(), best.end(), [](const Best& a, const Best& b) { return a.poly < b.poly; });
  for (const Best& b : best) out.push_back({b.poly, b.n.height});
  return out;
}

std::optional<SurfaceHit> SurfaceMesh::pick(const Ray& ray) const {
  std::optional<SurfaceHit> best;
  for (const Cell& cell : cells_) {
    if (cell.tris.empty() || !ray_hits_box(ray, cell.lo, cell.hi)) continue;
    for (int i : cell.tris) {
      const Triangle& t = tris_[size_t(i)];
      const auto hit = ray_triangle(ray, t.corners);
      if (!hit) continue;
      if (!best || *hit < best->t || (*hit == best->t && t.poly < best->poly))
        best = SurfaceHit{t.poly, ray.origin + ray.dir * *hit, *hit};
    }
  }
  return best;
}

}  // namespace navlab
