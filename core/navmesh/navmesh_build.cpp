#include "navmesh_build.h"
#include "tolerances.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <unordered_map>

#include "bake.h"
#include "detour_file.h"
#include "input_limits.h"
#include "level_file.h"
#include "overloaded.h"

namespace navlab {

namespace {

std::string file_prefix(const std::string& file) { return (file.empty() ? std::string("scene") : file) + ": "; }

// Largest absolute coordinate extent of a point set, at least 1 (the scale of the tolerances).
double extent_of(const std::vector<Vec2>& pts) { return std::max(1.0, bounds_of(pts).largest_side()); }

double signed_area(const std::vector<Vec2>& ring) {
  double a2 = 0.0;
  for (size_t i = 0; i < ring.size(); ++i) a2 += cross(ring[i], ring[(i + 1) % ring.size()]);
  return 0.5 * a2;
}

// Index pair (i, j) of two non-adjacent edges of a closed ring that intersect, or {-1, -1}.
std::pair<int, int> self_intersection(const std::vector<Vec2>& ring, double eps) {
  const int n = int(ring.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
      if (adjacent) continue;
      if (segments_meet(ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n], eps)) return {i, j};
    }
  return {-1, -1};
}

// True when every point of the ring is within eps of the line through its two farthest-apart points.
bool collinear(const std::vector<Vec2>& ring, double eps) {
  size_t a = 0, b = 0;
  double best = -1.0;
  for (size_t i = 0; i < ring.size(); ++i)
    for (size_t j = i + 1; j < ring.size(); ++j)
      if (distance(ring[i], ring[j]) > best) {
        best = distance(ring[i], ring[j]);
        a = i;
        b = j;
      }
  if (best <= eps) return true;
  for (const Vec2& p : ring)
    if (std::abs(orient(ring[a], ring[b], p)) / best > eps) return false;
  return true;
}

// Checks one point: finite and within ±1e6. Fails with what is wrong.
Result<void> check_point(Vec2 p) {
  if (!is_finite(p)) return Error{"is not finite (NaN or Inf)"};
  if (std::abs(p.x) > limits::kMaxMagnitude || std::abs(p.y) > limits::kMaxMagnitude)
    return Error{"is beyond ±1e6 ([" + num(p.x, kExactDigits) + ", " + num(p.y, kExactDigits) + "])"};
  return {};
}

// Checks a closed ring used as a floor plan outline, hole or painted area. `what` names it in messages.
Result<void> check_ring(const std::vector<Vec2>& ring, const std::string& what, double eps) {
  if (ring.size() < 3) return Error{what + " has " + std::to_string(ring.size()) + " points, needs at least 3"};
  for (size_t i = 0; i < ring.size(); ++i)
    if (Result<void> bad = check_point(ring[i]); !bad)
      return Error{what + " point " + std::to_string(i) + " " + bad.error()};
  if (collinear(ring, eps)) return Error{what + " has zero area"};
  if (auto [i, j] = self_intersection(ring, eps); i >= 0)
    return Error{what + " is self-intersecting (edges " + std::to_string(i) + " and " + std::to_string(j) + " cross)"};
  return {};
}

}  // namespace

Result<NavMesh> build_hand_authored(const Scene::Navmesh& def, const std::string& file) {
  const std::string pre = file_prefix(file) + "navmesh ";
  auto fail = [&](const std::string& what) { return Result<NavMesh>::fail(pre + what); };
  if (def.polygons.empty()) return fail("has no polygons");
  const int nv = int(def.vertices.size());
  for (int i = 0; i < nv; ++i)
    if (Result<void> bad = check_point(def.vertices[i]); !bad)
      return fail("vertex " + std::to_string(i) + " " + bad.error());
  const double scale = extent_of(def.vertices);
  const double eps = tol::scaled(scale);  // lengths; areas use eps * scale

  for (size_t pi = 0; pi < def.polygons.size(); ++pi) {
    const std::vector<int>& poly = def.polygons[pi];
    const std::string name = "polygon " + std::to_string(pi);
    if (poly.size() < 3) return fail(name + " has " + std::to_string(poly.size()) + " vertices, needs at least 3");
    for (int v : poly)
      if (v < 0 || v >= nv)
        return fail(name + " refers to vertex " + std::to_string(v) + ", but there are " + std::to_string(nv) +
                    " vertices (valid: 0.." + std::to_string(nv - 1) + ")");
    for (size_t i = 0; i < poly.size(); ++i)
      for (size_t j = i + 1; j < poly.size(); ++j)
        if (poly[i] == poly[j]) return fail(name + " repeats vertex " + std::to_string(poly[i]));
    std::vector<Vec2> ring;
    for (int v : poly) ring.push_back(def.vertices[v]);
    if (collinear(ring, eps)) return fail(name + " has zero area");
    if (auto [a, b] = self_intersection(ring, eps); a >= 0)
      return fail(name + " is self-intersecting (its edges " + std::to_string(a) + " and " + std::to_string(b) +
                  " cross)");
    if (signed_area(ring) < 0.0) return fail(name + " is clockwise (polygons must be counter-clockwise)");
    const int n = int(ring.size());
    for (int i = 0; i < n; ++i) {
      const Vec2 prev = ring[(i + n - 1) % n], cur = ring[i], next = ring[(i + 1) % n];
      const double len = length(cur - prev) * length(next - cur);
      if (orient(prev, cur, next) < -eps * std::max(len, eps))
        return fail(name + " is non-convex at vertex " + std::to_string(poly[i]));
    }
  }
  if (!def.costs.empty() && def.costs.size() != def.polygons.size())
    return fail("has " + std::to_string(def.costs.size()) + " costs for " + std::to_string(def.polygons.size()) +
                " polygons");
  if (!def.areas.empty() && def.areas.size() != def.polygons.size())
    return fail("has " + std::to_string(def.areas.size()) + " areas for " + std::to_string(def.polygons.size()) +
                " polygons");
  for (size_t i = 0; i < def.costs.size(); ++i)
    if (!std::isfinite(def.costs[i]) || def.costs[i] < 0.0)
      return fail("cost " + std::to_string(i) + " must be a finite number >= 0, got " +
                  num(def.costs[i], kExactDigits));

  NavMesh mesh;
  mesh.kind = NavMesh::Kind::Polygons;
  mesh.verts = def.vertices;
  // Undirected edge (lo, hi) → the polygons using it, with the edge's position in each.
  struct Use {
    int poly;
    int edge;
    bool forward;  // lo → hi in the polygon's winding
  };
  std::map<std::pair<int, int>, std::vector<Use>> edges;
  for (size_t pi = 0; pi < def.polygons.size(); ++pi) {
    const std::vector<int>& poly = def.polygons[pi];
    NavPoly p;
    p.verts = poly;
    p.neighbours.assign(poly.size(), -1);
    p.cost = def.costs.empty() ? 1.0 : def.costs[pi];
    if (!def.areas.empty()) {
      int a = mesh.area_index(def.areas[pi]);
      if (a < 0) {
        mesh.area_names.push_back(def.areas[pi]);
        a = int(mesh.area_names.size()) - 1;
      }
      p.area = a;
    }
    mesh.polys.push_back(std::move(p));
    for (size_t i = 0; i < poly.size(); ++i) {
      const int a = poly[i], b = poly[(i + 1) % poly.size()];
      edges[{std::min(a, b), std::max(a, b)}].push_back({int(pi), int(i), a < b});
    }
  }
  for (const auto& [key, uses] : edges) {
    const std::string edge = "edge (" + std::to_string(key.first) + ", " + std::to_string(key.second) + ")";
    if (uses.size() > 2) {
      std::string list;
      for (const Use& u : uses) list += (list.empty() ? "" : ", ") + std::to_string(u.poly);
      return fail(edge + " is shared by more than two polygons (" + list + ")");
    }
    if (uses.size() == 2) {
      if (uses[0].forward == uses[1].forward)
        return fail("polygons " + std::to_string(uses[0].poly) + " and " + std::to_string(uses[1].poly) +
                    " overlap: both run along " + edge + " in the same direction");
      mesh.polys[uses[0].poly].neighbours[uses[0].edge] = uses[1].poly;
      mesh.polys[uses[1].poly].neighbours[uses[1].edge] = uses[0].poly;
    }
  }
  return mesh;
}

Result<NavMesh> build_graph(const Scene::Graph& def, const std::string& file) {
  const std::string pre = file_prefix(file) + "graph ";
  auto fail = [&](const std::string& what) { return Result<NavMesh>::fail(pre + what); };
  if (def.nodes.empty()) return fail("has no nodes");
  NavMesh mesh;
  mesh.kind = NavMesh::Kind::Graph;
  std::unordered_map<std::string, int> index;
  for (size_t i = 0; i < def.nodes.size(); ++i) {
    const GraphNodeDef& n = def.nodes[i];
    if (n.id.empty()) return fail("node " + std::to_string(i) + " has an empty id");
    if (!index.emplace(n.id, int(i)).second)
      return fail("node " + std::to_string(i) + " repeats the id '" + n.id + "'");
    if (Result<void> bad = check_point(n.pos); !bad) return fail("node '" + n.id + "' position " + bad.error());
    mesh.nodes.push_back({n.id, n.pos});
  }
  for (size_t i = 0; i < def.edges.size(); ++i) {
    const GraphEdgeDef& e = def.edges[i];
    const std::string name = "edge " + std::to_string(i);
    const auto from = index.find(e.from), to = index.find(e.to);
    if (from == index.end()) return fail(name + " starts at unknown node '" + e.from + "'");
    if (to == index.end()) return fail(name + " ends at unknown node '" + e.to + "'");
    if (!std::isfinite(e.cost) || e.cost < 0.0)
      return fail(name + " cost must be a finite number >= 0, got " + num(e.cost, kExactDigits));
    mesh.edges.push_back({from->second, to->second, e.cost, e.door});
  }
  return mesh;
}

// Checks a floor plan before baking: outline, holes inside the outline and not crossing it or each
// other, painted areas well formed. Fails with the one message.
Result<void> check_floorplan(const Scene::Floorplan& plan, const std::string& file) {
  const std::string pre = file_prefix(file) + "floorplan ";
  std::vector<Vec2> all = plan.outline;
  for (const auto& h : plan.holes) all.insert(all.end(), h.begin(), h.end());
  const double eps = tol::scaled(extent_of(all));
  if (Result<void> bad = check_ring(plan.outline, "outline", eps); !bad) return Error{pre + bad.error()};
  const int n = int(plan.outline.size());
  for (size_t hi = 0; hi < plan.holes.size(); ++hi) {
    const auto& hole = plan.holes[hi];
    const std::string name = "hole " + std::to_string(hi);
    if (Result<void> bad = check_ring(hole, name, eps); !bad) return Error{pre + bad.error()};
    for (size_t i = 0; i < hole.size(); ++i)
      for (int j = 0; j < n; ++j)
        if (segments_meet(hole[i], hole[(i + 1) % hole.size()], plan.outline[j], plan.outline[(j + 1) % n], eps))
          return Error{pre + name + " crosses the outline (outline edge " + std::to_string(j) + ")"};
    for (size_t i = 0; i < hole.size(); ++i)
      if (!point_in_ring(hole[i], plan.outline))
        return Error{pre + name + " is outside the outline (its point " + std::to_string(i) + " [" +
                     num(hole[i].x, kExactDigits) + ", " + num(hole[i].y, kExactDigits) + "])"};
  }
  for (size_t ai = 0; ai < plan.areas.size(); ++ai) {
    const AreaPaint& a = plan.areas[ai];
    const std::string name = "area " + std::to_string(ai) + " ('" + a.name + "')";
    if (a.name.empty()) return Error{pre + "area " + std::to_string(ai) + " has an empty name"};
    if (Result<void> bad = check_ring(a.polygon, name, eps); !bad) return Error{pre + bad.error()};
  }
  return {};
}

namespace {

// Hand-authored meshes: each link end lies on the polygon containing it (the first, within the mesh's
// tolerance), taken as written; its radius plays no part (there is no Detour to snap it).
void attach_links(const std::vector<LinkDef>& defs, NavMesh& mesh) {
  mesh.revision.bump();  // the links are written in place
  const double tol = tol::scaled(extent_of(mesh.verts));
  auto under = [&](Vec2 p) {
    for (int i = 0; i < mesh.size(); ++i)
      if (mesh.contains(i, p, tol)) return i;
    return -1;
  };
  for (const LinkDef& d : defs) {
    NavLink l;
    l.from = d.from.plane;
    l.to = d.to.plane;
    l.from_poly = under(l.from);
    l.to_poly = under(l.to);
    l.bidirectional = d.bidirectional;
    l.cost = d.cost ? *d.cost : distance(l.from, l.to);
    mesh.links.push_back(l);
  }
}

// Every link's ends attached to polygons, or the error naming the first end that is on none.
Result<void> check_links(const Scene& scene, const NavMesh& mesh) {
  for (size_t i = 0; i < mesh.links.size() && i < scene.links.size(); ++i) {
    const NavLink& l = mesh.links[i];
    if (l.from_poly >= 0 && l.to_poly >= 0) continue;
    const bool from = l.from_poly < 0;
    const ScenePoint& p = from ? scene.links[i].from : scene.links[i].to;
    const std::string at = p.is3d ? input_point_text(p.world()) : input_point_text(p.plane);
    const std::string why = scene.navmesh_source()
                                ? "no polygon contains it"
                                : "no baked polygon lies within the link's radius " +
                                      num(scene.links[i].radius_or(scene.bake), kExactDigits) + " m of it";
    return Error{scene_error_at(
        scene, "/links/" + std::to_string(i) + (from ? "/from" : "/to"),
        "link " + std::to_string(i) + "'s " + (from ? "from" : "to") + " point " + at + " is on no polygon: " + why)};
  }
  return {};
}

Result<NavMesh> with_links(const Scene& scene, Result<NavMesh> mesh) {
  if (!mesh) return mesh;
  if (scene.navmesh_source()) attach_links(scene.links, mesh.value());
  if (Result<void> bad = check_links(scene, mesh.value()); !bad) return Error{bad.error()};
  return mesh;
}

}  // namespace

Result<NavMesh> build_navmesh(const Scene& scene, std::vector<BakeStep>* bake_trace, BakeStages* bake_stages,
                              BakeProgress* progress) {
  const TiledBakeRun run{0, progress};
  const bool tiled = scene.bake.tile_size > 0;
  return std::visit(
      Overloaded{[&](const Scene::Navmesh& m) { return with_links(scene, build_hand_authored(m, scene.path)); },
                 [&](const Scene::Graph& g) { return build_graph(g, scene.path); },
                 [&](const Scene::Floorplan& f) -> Result<NavMesh> {
                   if (Result<void> bad = check_floorplan(f, scene.path); !bad) return Error{bad.error()};
                   auto baked = tiled ? bake_floorplan_tiled(f, scene.bake, run, bake_trace, scene.doors, scene.links)
                                      : bake_floorplan(f, scene.bake, bake_trace, scene.doors, scene.links, bake_stages,
                                                       progress);
                   if (!baked) return Result<NavMesh>::fail(file_prefix(scene.path) + baked.error());
                   return with_links(scene, std::move(baked));
                 },
                 [&](const SideScrollerDef&) {
                   return Result<NavMesh>::fail(
                       file_prefix(scene.path) +
                       "a side-scroller scene has no navmesh (its enemies walk the solids: navlab simulate)");
                 },
                 [&](const Scene::Mesh& level) {
                   auto soup = read_level(level, scene.path);
                   if (!soup) return Result<NavMesh>::fail(soup.error());
                   auto baked = tiled ? bake_triangles_tiled(soup.value(), scene.bake, run, bake_trace, scene.doors,
                                                             level.areas, scene.links)
                                      : bake_triangles(soup.value(), scene.bake, bake_trace, scene.doors, scene.links,
                                                       bake_stages, progress, level.areas);
                   if (!baked) return Result<NavMesh>::fail(file_prefix(scene.path) + baked.error());
                   return with_links(scene, std::move(baked));
                 },
                 [&](const Scene::Detour& d) {
                   std::filesystem::path file(d.file);
                   if (file.is_relative()) file = std::filesystem::path(scene.path).parent_path() / file;
                   return read_detour_file(file.string());
                 }},
      scene.source);
}

std::optional<Result<NavMesh>> rebake_for_moved_door(const Scene& scene, const NavMesh& mesh, const std::string& door,
                                                     BakeProgress* progress) {
  if (std::find(mesh.door_ids.begin(), mesh.door_ids.end(), door) == mesh.door_ids.end()) return std::nullopt;
  return build_navmesh(scene, nullptr, nullptr, progress);
}

}  // namespace navlab
