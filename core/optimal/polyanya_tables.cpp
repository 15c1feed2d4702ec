// Polyanya's per-mesh tables (which vertices a shortest path may turn at, each edge's twin, dead ends)
// and the corner table under a filter (polyanya_mesh_info).
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "polyanya.h"
#include "polyanya_scratch.h"

namespace navlab {
namespace polyanya_detail {

namespace {

// Around a vertex no more polygons than this are walked (a guard against broken meshes).
constexpr int kMaxFan = 4096;
// Walls meeting at a vertex run straight on when the sine of their angle is below this: rounding of
// collinear vertices only (a turn this small hides no region a locate tolerance could tell apart).
constexpr double kStraightSine = 1e-9;

// The edge of `poly` shared with `from` whose ends are vertices b then a of `from`'s edge a→b (by index,
// else by position within `tol`, else the first edge facing `from`); -1 when none faces it.
int find_twin(const NavMesh& mesh, int poly, int from, int a, int b, double tol) {
  const NavPoly& p = mesh.polys[size_t(poly)];
  const size_t n = p.verts.size();
  int fallback = -1;
  for (size_t e = 0; e < n; ++e) {
    if (p.neighbours[e] != from) continue;
    const int pb = p.verts[e], pa = p.verts[(e + 1) % n];
    if (pb == b && pa == a) return int(e);
    if (distance(mesh.verts[size_t(pb)], mesh.verts[size_t(b)]) <= tol &&
        distance(mesh.verts[size_t(pa)], mesh.verts[size_t(a)]) <= tol)
      return int(e);
    if (fallback < 0) fallback = int(e);
  }
  return fallback;
}

// Whether the walls a→b→c (free space on their left) leave more than 180° free at b: they turn right,
// or c lies back along the wall (the tip of a thin wall: 360°).
bool turns_outward(Vec2 a, Vec2 b, Vec2 c) {
  const double cr = cross(b - a, c - b);
  if (std::abs(cr) > kStraightSine * distance(a, b) * distance(b, c)) return cr < 0.0;
  return dot(a - b, c - b) > 0.0;
}

// The free space beside the wall a→b (on its left) runs round b, polygon by polygon, to the next wall
// b→c: `convex` says whether it spans more than 180° (turns_outward). `at_b` receives b's index in
// every polygon of the way (tiles of a baked mesh may number one point differently). False when the
// next wall is not found (a broken mesh).
bool free_side_convex(const NavMesh& mesh, const MeshTables& t, int poly, int edge, std::vector<int>& at_b,
                      bool& convex) {
  const NavPoly& p0 = mesh.polys[size_t(poly)];
  const Vec2 a = mesh.verts[size_t(p0.verts[size_t(edge)])];
  const Vec2 b = mesh.verts[size_t(p0.verts[(size_t(edge) + 1) % p0.verts.size()])];
  int e = int((size_t(edge) + 1) % p0.verts.size());  // the edge of `poly` that starts at b
  for (int guard = 0; guard < kMaxFan; ++guard) {
    const NavPoly& p = mesh.polys[size_t(poly)];
    const size_t n = p.verts.size();
    at_b.push_back(p.verts[size_t(e)]);
    const int next = p.neighbours[size_t(e)];
    if (next < 0) {
      convex = turns_outward(a, b, mesh.verts[size_t(p.verts[(size_t(e) + 1) % n])]);
      return true;
    }
    const int j = t.twin_of(poly, e);
    if (j < 0) return false;
    poly = next;
    e = int((size_t(j) + 1) % mesh.polys[size_t(poly)].verts.size());
  }
  return false;
}

// Makes `t` for `mesh`; `tol` (m) is the tolerance of vertex positions (twins found by position).
void make_tables(const NavMesh& mesh, double tol, MeshTables& t) {
  t.first.assign(mesh.polys.size() + 1, 0);
  for (size_t p = 0; p < mesh.polys.size(); ++p) t.first[p + 1] = t.first[p] + unsigned(mesh.polys[p].verts.size());
  t.twin.assign(t.first.back(), -1);
  t.pos.resize(t.first.back());
  t.vid.resize(t.first.back());
  t.across.resize(t.first.back());
  t.dead_end.assign(mesh.polys.size(), 0);
  for (size_t p = 0; p < mesh.polys.size(); ++p) {
    const NavPoly& poly = mesh.polys[p];
    int neighbours = 0;
    for (size_t e = 0; e < poly.verts.size(); ++e) {
      const int q = poly.neighbours[e];
      t.pos[t.first[p] + e] = mesh.verts[size_t(poly.verts[e])];
      t.vid[t.first[p] + e] = poly.verts[e];
      t.across[t.first[p] + e] = q;
      if (q < 0) continue;
      ++neighbours;
      t.twin[t.first[p] + e] = find_twin(mesh, q, int(p), poly.verts[e], poly.verts[(e + 1) % poly.verts.size()], tol);
    }
    t.dead_end[p] = neighbours <= 1;
  }
  t.convex.assign(mesh.verts.size(), 0);
  std::vector<int> at_b;
  for (size_t p = 0; p < mesh.polys.size(); ++p) {
    const NavPoly& poly = mesh.polys[p];
    for (size_t e = 0; e < poly.verts.size(); ++e) {
      if (poly.neighbours[e] >= 0) continue;
      at_b.clear();
      bool convex = true;  // a wall whose next wall is not found stays a corner
      if (!free_side_convex(mesh, t, int(p), int(e), at_b, convex)) convex = true;
      if (!convex) continue;
      t.convex[size_t(poly.verts[(e + 1) % poly.verts.size()])] = 1;
      for (int v : at_b) t.convex[size_t(v)] = 1;
    }
  }
}
}  // namespace

const MeshTables& mesh_tables(const NavMesh& mesh) {
  const MeshIndex& index = mesh.query_cache.index_of(mesh);
  return index.module_facts<MeshTables>(MeshIndex::ModuleFacts::PolyanyaTables, [&] {
    MeshTables t;
    make_tables(mesh, index.tolerance, t);
    return t;
  });
}

Scratch& scratch_of(NavQuery& nav_query) {
  return nav_query.part<Scratch>(NavQuery::Part::Polyanya, [] { return std::make_shared<Scratch>(); });
}

}  // namespace polyanya_detail

const std::vector<std::uint32_t>& polyanya_wall_ends(const NavMesh& mesh) {
  using Ends = std::vector<std::uint32_t>;
  return mesh.query_cache.index_of(mesh).module_facts<Ends>(MeshIndex::ModuleFacts::PolyanyaWallEnds, [&] {
    Ends ends(mesh.verts.size(), 0);
    for (const NavPoly& p : mesh.polys) {
      const size_t n = p.verts.size();
      for (size_t e = 0; e < n && e < p.neighbours.size(); ++e) {
        if (p.neighbours[e] >= 0) continue;
        ++ends[size_t(p.verts[e])];
        ++ends[size_t(p.verts[(e + 1) % n])];
      }
    }
    return ends;
  });
}

void ready_polyanya(const NavMesh& mesh) {
  if (mesh.kind == NavMesh::Kind::Polygons) polyanya_wall_ends(mesh);
}

// The open mesh's corners (MeshTables::convex), then the filter's walls: an edge no path may cross (a
// closed link, an edge into an excluded polygon) of a polygon the filter leaves open makes its ends
// corners; a vertex only excluded polygons' walls end at is none. Only the filter's entries are
// visited, not the whole mesh.
PolyanyaMeshInfo polyanya_mesh_info(const NavMesh& mesh, const SearchFilter* filter) {
  PolyanyaMeshInfo info;
  const MeshIndex& index = mesh.query_cache.index_of(mesh);
  info.tolerance = index.tolerance;
  info.corner = polyanya_detail::mesh_tables(mesh).convex;
  if (!filter) return info;
  const std::vector<std::uint32_t>& walls = polyanya_wall_ends(mesh);
  const auto each_edge = [&](int poly, auto&& visit) {
    const NavPoly& p = mesh.polys[size_t(poly)];
    for (size_t e = 0; e < p.verts.size(); ++e) visit(e, p.verts[e], p.verts[(e + 1) % p.verts.size()]);
  };
  // An excluded polygon's walls are not the path's: a vertex only they end at is no corner.
  std::vector<int> excluded;
  for (size_t i = 0; i < filter->node_block.size(); ++i)
    if (filter->node_block[i] >= 0) excluded.push_back(int(i));
  std::unordered_map<int, std::uint32_t> excluded_walls;  // vertex: wall ends of excluded polygons
  for (int q : excluded)
    each_edge(q, [&](size_t e, int a, int b) {
      if (mesh.polys[size_t(q)].neighbours[e] >= 0) return;
      ++excluded_walls[a];
      ++excluded_walls[b];
    });
  for (const auto& [v, count] : excluded_walls)
    if (walls[size_t(v)] == count) info.corner[size_t(v)] = 0;
  const auto mark = [&](int a, int b) { info.corner[size_t(a)] = info.corner[size_t(b)] = 1; };
  // The open polygons' edges into excluded ones.
  for (int q : excluded)
    for (int i : mesh.polys[size_t(q)].neighbours) {
      if (i < 0 || filter->node_blocked(i)) continue;
      each_edge(i, [&](size_t e, int a, int b) {
        if (mesh.polys[size_t(i)].neighbours[e] == q) mark(a, b);
      });
    }
  // Closed links of open polygons.
  for (const LinkBlocks::Row& row : filter->poly_link_block.rows()) {
    const int i = row.poly;
    if (filter->node_blocked(i)) continue;
    each_edge(i, [&](size_t e, int a, int b) {
      if (mesh.polys[size_t(i)].neighbours[e] >= 0 && filter->link_block(mesh, i, int(e)) >= 0) mark(a, b);
    });
  }
  return info;
}

}  // namespace navlab
