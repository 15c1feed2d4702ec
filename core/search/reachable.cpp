#include "reachable.h"
#include "tolerances.h"

#include <limits>

namespace navlab {

std::vector<char> reachable_from(const NavMesh& mesh, int start, const SearchFilter* filter) {
  const int n = mesh.size();
  std::vector<char> seen(n, 0);
  if (start < 0 || start >= n || (filter && filter->node_blocked(start))) return seen;
  const std::shared_ptr<const MeshIndex> index = mesh.query_cache.index(mesh);
  const Connections connections{mesh, *index};
  std::vector<int> stack{start};
  seen[start] = 1;
  while (!stack.empty()) {
    const int cur = stack.back();
    stack.pop_back();
    const int count = connections.count(cur);
    for (int k = 0; k < count; ++k) {
      const int link = connections.code(cur, k);
      const int next = link_target(mesh, cur, link);
      if (next < 0 || seen[next]) continue;
      if (filter && (filter->link_block(mesh, cur, link) >= 0 || filter->node_blocked(next))) continue;
      seen[next] = 1;
      stack.push_back(next);
    }
  }
  return seen;
}

Vec2 closest_point_on_polygon(const NavMesh& mesh, int poly, Vec2 p, double* height) {
  const NavPoly& P = mesh.polys[poly];
  const int n = int(P.verts.size());
  auto h_of = [&](int corner) { return mesh.height(P.verts[corner]); };
  bool inside = true;
  for (int i = 0; i < n && inside; ++i) inside = orient(mesh.vertex(poly, i), mesh.vertex(poly, (i + 1) % n), p) >= 0.0;
  if (inside) {
    if (height) {
      // Height from the fan triangle (0, i, i+1) that holds p.
      *height = h_of(0);
      for (int i = 1; i + 1 < n; ++i) {
        const Vec2 a = mesh.vertex(poly, 0), b = mesh.vertex(poly, i), c = mesh.vertex(poly, i + 1);
        const double area = orient(a, b, c);
        const double wb = orient(a, p, c) / area, wc = orient(a, b, p) / area, wa = 1.0 - wb - wc;
        if (area > 0.0 && wa >= -tol::kWhole && wb >= -tol::kWhole && wc >= -tol::kWhole) {
          *height = wa * h_of(0) + wb * h_of(i) + wc * h_of(i + 1);
          break;
        }
      }
    }
    return p;
  }
  double best = std::numeric_limits<double>::infinity();
  Vec2 out = p;
  for (int i = 0; i < n; ++i) {
    const Vec2 a = mesh.vertex(poly, i), b = mesh.vertex(poly, (i + 1) % n);
    const Vec2 ab = b - a;
    const double len2 = dot(ab, ab);
    double t = len2 > 0.0 ? dot(p - a, ab) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    const Vec2 q = a + ab * t;
    if (distance(p, q) < best) {
      best = distance(p, q);
      out = q;
      if (height) *height = h_of(i) + (h_of((i + 1) % n) - h_of(i)) * t;
    }
  }
  return out;
}

std::optional<Substitute> nearest_reachable(const NavMesh& mesh, int start, Vec2 goal, const UnreachablePolicy& policy,
                                            const SearchFilter* filter) {
  if (!policy.nearest_reachable) return std::nullopt;
  const std::vector<char> reach = reachable_from(mesh, start, filter);
  std::optional<Substitute> best;
  for (int i = 0; i < mesh.size(); ++i) {
    if (policy.require_connected && !reach[i]) continue;
    if (filter && filter->node_blocked(i)) continue;
    Substitute s;
    s.poly = i;
    if (mesh.kind == NavMesh::Kind::Graph)
      s.point = mesh.nodes[i].pos;
    else
      s.point = closest_point_on_polygon(mesh, i, goal, &s.height);
    s.distance = distance(goal, s.point);
    s.reachable = reach[i] != 0;
    if (s.distance > policy.radius) continue;
    if (!best || s.distance < best->distance) best = s;
  }
  return best;
}

}  // namespace navlab
