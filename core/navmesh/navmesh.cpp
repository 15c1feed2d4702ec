#include "navmesh.h"

#include <DetourNavMesh.h>

namespace navlab {

void make_counter_clockwise(NavPoly& poly, const std::vector<Vec2>& verts) {
  const int n = int(poly.verts.size());
  double area2 = 0.0;
  for (int k = 0; k < n; ++k) area2 += cross(verts[size_t(poly.verts[k])], verts[size_t(poly.verts[(k + 1) % n])]);
  if (area2 >= 0.0) return;
  NavPoly r;
  for (int k = 0; k < n; ++k) {
    r.verts.push_back(poly.verts[n - 1 - k]);
    r.neighbours.push_back(poly.neighbours[((n - 2 - k) % n + n) % n]);
  }
  poly.verts = std::move(r.verts);
  poly.neighbours = std::move(r.neighbours);
}

int BakedNavMesh::poly_of(unsigned int ref) const {
  unsigned int salt = 0, tile = 0, index = 0;
  detour->decodePolyId(ref, salt, tile, index);
  if (refs.empty()) return (ref & ~index) == base_ref ? int(index) : -1;
  if (tile >= tile_first.size() || tile_first[tile] < 0) return -1;
  const size_t poly = size_t(tile_first[tile]) + index;
  return poly < refs.size() && refs[poly] == ref ? int(poly) : -1;
}

Vec2 NavMesh::centroid(int poly) const {
  if (kind == Kind::Graph) return nodes[poly].pos;
  const NavPoly& p = polys[poly];
  // Fan from the first vertex; falls back to the vertex average for degenerate polygons.
  const Vec2 o = verts[p.verts[0]];
  double area2 = 0.0;
  Vec2 acc{};
  for (size_t i = 1; i + 1 < p.verts.size(); ++i) {
    const Vec2 a = verts[p.verts[i]], b = verts[p.verts[i + 1]];
    const double w = orient(o, a, b);
    area2 += w;
    acc = acc + (o + a + b) * (w / 3.0);
  }
  if (area2 > 0.0) return acc / area2;
  Vec2 avg{};
  for (int v : p.verts) avg = avg + verts[v];
  return avg / double(p.verts.size());
}

int NavMesh::node_index(const std::string& id) const {
  const std::shared_ptr<const MeshIndex> index = query_cache.index(*this);
  const auto it = index->node_ids.find(id);
  return it == index->node_ids.end() ? -1 : it->second;
}

int NavMesh::area_index(const std::string& name) const {
  for (size_t i = 0; i < area_names.size(); ++i)
    if (area_names[i] == name) return int(i);
  return -1;
}

}  // namespace navlab
