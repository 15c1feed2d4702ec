#include "gates.h"
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "bake.h"
#include "json_locate.h"

namespace navlab {

namespace {

// Does the door segment [p, q] cover the edge [a, b]? Crossing at a point strictly inside the edge, or
// collinear overlap over a positive length. Touching only an end of the edge does not count: that end
// is a vertex shared by other edges the door does not close.
bool segment_covers_edge(Vec2 p, Vec2 q, Vec2 a, Vec2 b, double eps) {
  const Vec2 ab = b - a;
  const double len = length(ab);
  if (len <= eps) return false;
  const double dp = orient(a, b, p) / len, dq = orient(a, b, q) / len;  // signed distances to the edge line
  if (std::abs(dp) <= eps && std::abs(dq) <= eps) {
    double tp = dot(p - a, ab) / (len * len), tq = dot(q - a, ab) / (len * len);
    if (tp > tq) std::swap(tp, tq);
    return (std::min(tq, 1.0) - std::max(tp, 0.0)) * len > eps;
  }
  if ((dp > eps && dq > eps) || (dp < -eps && dq < -eps)) return false;  // both on one side
  // The door meets the edge line at parameter s along the door; find where along the edge. With one end
  // within eps of the line and the other beyond it on the same side, that end is where it touches
  // (the lines themselves meet outside the door).
  const double s = std::clamp(std::abs(dp - dq) > 0.0 ? dp / (dp - dq) : 0.0, 0.0, 1.0);
  const Vec2 x = p + (q - p) * s;
  const double t = dot(x - a, ab) / (len * len);
  return t * len > eps && (1.0 - t) * len > eps;
}

void add_unique(std::vector<std::string>& list, const std::string& s) {
  if (std::find(list.begin(), list.end(), s) == list.end()) list.push_back(s);
}

// The polygons and connections of baked door `door_index` (found once per mesh, in its index).
const MeshIndex::BakedDoor& baked_door(const NavMesh& mesh, int door_index) {
  static const MeshIndex::BakedDoor none;
  const std::vector<MeshIndex::BakedDoor>& doors = mesh.query_cache.index_of(mesh).baked_doors;
  return door_index >= 0 && size_t(door_index) < doors.size() ? doors[size_t(door_index)] : none;
}

// A door marked in the bake covers every connection of its polygons, in both directions: appended to
// `out`.
void append_baked_door_links(const NavMesh& mesh, int door_index, std::vector<Link>& out) {
  for (const auto& [poly, edge] : baked_door(mesh, door_index).edges) out.push_back({poly, edge});
}

const Door* scene_door(const Scene& scene, const std::string& id) {
  for (const Door& d : scene.doors)
    if (d.id == id) return &d;
  return nullptr;
}

// Is a baked door still where it was baked? Its polygons' centroids lie in its current footprint. A door
// moved since (a drag in the app, a move event of the follower) gates the shared edges its shape covers
// until the mesh is baked again.
bool baked_in_place(const NavMesh& mesh, const Door& door, const BakeDef& bake) {
  int k = -1;
  for (size_t i = 0; i < mesh.door_ids.size(); ++i)
    if (mesh.door_ids[i] == door.id) k = int(i);
  if (k < 0) return true;
  thread_local std::vector<Vec2> box;  // kept per thread: no allocation once grown
  door_footprint_into(door, bake, box);
  if (box.size() < 3) return false;
  for (int p : baked_door(mesh, k).polys)
    if (!point_in_ring(mesh.centroid(p), box)) return false;
  return true;
}

}  // namespace

int baked_door_index(const NavMesh& mesh, const std::string& id) {
  for (size_t i = 0; i < mesh.door_ids.size(); ++i)
    if (mesh.door_ids[i] == id) return int(i);
  return -1;
}

std::vector<int> door_polygons(const NavMesh& mesh, const std::string& id) {
  const int k = baked_door_index(mesh, id);
  return k < 0 ? std::vector<int>{} : baked_door(mesh, k).polys;
}

std::vector<int> closed_door_polygons(const Gates& gates, const NavMesh& mesh) {
  std::vector<int> out;
  closed_door_polygons_into(gates, mesh, out);
  return out;
}

void closed_door_polygons_into(const Gates& gates, const NavMesh& mesh, std::vector<int>& out) {
  out.clear();
  for (const DoorGate& d : gates.doors) {
    const int k = baked_door_index(mesh, d.id);
    if (d.open || k < 0 || d.links.empty()) continue;
    // Only while the door gates its own polygons (not moved since the bake).
    const bool own = std::all_of(d.links.begin(), d.links.end(), [&](const Link& l) {
      return mesh.polys[size_t(l.node)].door == k || mesh.polys[size_t(link_target(mesh, l.node, l.link))].door == k;
    });
    if (!own) continue;
    const std::vector<int>& polys = baked_door(mesh, k).polys;
    out.insert(out.end(), polys.begin(), polys.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

namespace {
void append_shape_links(const NavMesh& mesh, const Door& door, std::vector<Link>& out);

// door_links(), appended to `out`.
void append_door_links(const NavMesh& mesh, const Door& door, std::vector<Link>& out) {
  if (mesh.kind == NavMesh::Kind::Graph) return;
  if (const int k = baked_door_index(mesh, door.id); k >= 0)
    append_baked_door_links(mesh, k, out);
  else
    append_shape_links(mesh, door, out);
}
}  // namespace

std::vector<Link> door_links(const NavMesh& mesh, const Door& door) {
  std::vector<Link> out;
  append_door_links(mesh, door, out);
  return out;
}

namespace {

// The shared edges a door shape covers (hand-authored meshes, or a baked door moved since the bake), in
// polygon and edge order. Only the polygons whose boxes meet the door's (grown by the tolerance) can
// have such an edge: a covered edge has a point within the tolerance of the segment, or its midpoint
// inside the polygon door. Appended to `out`; the shape and the polygons near it are kept per thread, so
// the gates of a plan made again and again allocate nothing here.
void append_shape_links(const NavMesh& mesh, const Door& door, std::vector<Link>& out) {
  if (mesh.kind == NavMesh::Kind::Graph || door.shape.empty()) return;
  const MeshIndex& index = mesh.query_cache.index_of(mesh);
  const double eps = tol::scaled(index.scale);
  thread_local std::vector<Vec2> shape;
  thread_local std::vector<int> near;
  shape.clear();
  Bounds2 box;
  for (const ScenePoint& p : door.shape) {
    shape.push_back(p.plane);
    box.add(p.plane);
  }
  box.lo = box.lo - Vec2{eps, eps};
  box.hi = box.hi + Vec2{eps, eps};
  index.grid.overlapping(box, near);
  for (const int pi : near) {
    const NavPoly& poly = mesh.polys[size_t(pi)];
    const int n = int(poly.verts.size());
    for (int e = 0; e < n; ++e) {
      if (poly.neighbours[size_t(e)] < 0) continue;
      const Vec2 a = mesh.vertex(pi, e), b = mesh.vertex(pi, (e + 1) % n);
      bool covered = false;
      if (door.is_polygon) {
        covered = shape.size() >= 3 && point_in_ring((a + b) * 0.5, shape);
      } else {
        for (size_t k = 0; k + 1 < shape.size() && !covered; ++k)
          covered = segment_covers_edge(shape[k], shape[k + 1], a, b, eps);
      }
      if (covered) out.push_back({pi, e});
    }
  }
}
}  // namespace

Result<Gates> make_gates(const Scene& scene, const NavMesh& mesh, const DoorOverrides& overrides, GateLinks which) {
  Gates g;
  if (Result<void> err = make_gates_into(scene, mesh, overrides, which, g); !err) return Error{err.error()};
  return g;
}

namespace {

// `g` emptied for make_gates_into: one gate per scene door, in file order, each string and vector kept.
void reset_gates(const Scene& scene, Gates& g) {
  g.doors.resize(scene.doors.size());
  for (size_t i = 0; i < scene.doors.size(); ++i) {
    DoorGate& gate = g.doors[i];
    gate.id = scene.doors[i].id;  // (an assignment: the string keeps its buffer)
    gate.open = scene.doors[i].open;
    gate.links.clear();
  }
  g.excluded_areas.clear();
  SearchFilter& f = g.filter;  // (its reasons are overwritten by fill_filter, their strings kept)
  f.node_block.clear();
  f.poly_link_block.clear();
  f.graph_link_block.clear();
}

// The search filter of gates `g` whose doors' states and connections are known: each closed door's
// connections (and a baked door's polygons, where it was baked: `in_place`, per scene door), then the
// agent's excluded areas. The reasons' strings of the last gates made into `g` are overwritten, so their
// buffers are reused.
void fill_filter(const Scene& scene, const NavMesh& mesh, const std::vector<char>& in_place, Gates& g) {
  const bool is_graph = mesh.kind == NavMesh::Kind::Graph;
  SearchFilter& f = g.filter;
  size_t reasons = 0;
  const auto add_reason = [&](const char* kind, const std::string& name) {
    if (reasons == f.reasons.size()) f.reasons.emplace_back();
    f.reasons[reasons].assign(kind).append(name);
    return int(reasons++);
  };
  static const std::vector<int> no_polygons;
  for (const DoorGate& d : g.doors) {
    if (d.open || d.links.empty()) continue;
    const int reason = add_reason("door ", d.id);
    // A closed baked door's polygons are gone too (a start or goal on one cannot leave it).
    const Door* sd = scene_door(scene, d.id);
    const bool baked_here = sd && in_place[size_t(sd - scene.doors.data())];
    for (int p : baked_here ? baked_door(mesh, baked_door_index(mesh, d.id)).polys : no_polygons) {
      if (f.node_block.empty()) f.node_block.assign(mesh.polys.size(), -1);
      if (f.node_block[p] < 0) f.node_block[p] = reason;
    }
    for (const Link& l : d.links) {
      if (is_graph) {
        if (f.graph_link_block.empty()) f.graph_link_block.assign(mesh.edges.size(), -1);
        if (f.graph_link_block[l.link] < 0) f.graph_link_block[l.link] = reason;
      } else {
        f.poly_link_block.bar(l.node, l.link, int(mesh.polys[l.node].verts.size()), reason);
      }
    }
  }
  if (!is_graph) {
    for (const std::string& name : scene.agent.excluded_areas) {
      const int area = mesh.area_index(name);
      if (area < 0) continue;  // no polygon has it
      add_unique(g.excluded_areas, name);
      const int reason = add_reason("area ", name);
      for (int p = 0; p < int(mesh.polys.size()); ++p) {
        if (mesh.polys[p].area != area) continue;
        if (f.node_block.empty()) f.node_block.assign(mesh.polys.size(), -1);
        f.node_block[p] = reason;
      }
    }
  }
  f.reasons.resize(reasons);
}

}  // namespace

Result<void> make_gates_into(const Scene& scene, const NavMesh& mesh, const DoorOverrides& overrides, GateLinks which,
                             Gates& g) {
  reset_gates(scene, g);
  const bool is_graph = mesh.kind == NavMesh::Kind::Graph;
  auto find = [&](const std::string& id) -> DoorGate* {
    for (DoorGate& d : g.doors)
      if (d.id == id) return &d;
    return nullptr;
  };
  if (is_graph) {
    for (int e = 0; e < int(mesh.edges.size()); ++e) {
      const std::string& id = mesh.edges[e].door;
      if (id.empty()) continue;
      DoorGate* d = find(id);
      if (!d) {
        g.doors.push_back({id, true, {}});
        d = &g.doors.back();
      }
      d->links.push_back({mesh.edges[e].from, e});
    }
  }
  for (const std::string& id : overrides.closed) {
    if (std::find(overrides.opened.begin(), overrides.opened.end(), id) != overrides.opened.end())
      return Error{"door '" + id + "' is both closed and opened"};
  }
  auto apply = [&](const std::vector<std::string>& ids, bool open) -> Result<void> {
    for (const std::string& id : ids) {
      DoorGate* d = find(id);
      if (!d) {
        std::string known;
        for (const DoorGate& k : g.doors) known += (known.empty() ? "" : ", ") + k.id;
        return Error{"no door '" + id + "' in the scene (doors: " + (known.empty() ? "none" : known) + ")"};
      }
      d->open = open;
    }
    return {};
  };
  if (Result<void> applied = apply(overrides.closed, false); !applied) return applied;
  if (Result<void> applied = apply(overrides.opened, true); !applied) return applied;
  // The scene doors' connections, now that their states are known.
  thread_local std::vector<char> in_place;  // per scene door: baked_in_place, worked out once (kept per thread)
  in_place.assign(scene.doors.size(), 0);
  for (size_t i = 0; i < scene.doors.size(); ++i) {
    const Door& d = scene.doors[i];
    DoorGate& gate = g.doors[i];
    if (which == GateLinks::ClosedOnly && gate.open) continue;
    in_place[i] = baked_in_place(mesh, d, scene.bake);
    // (Appended after a graph's own edges: a graph has no door shapes or baked doors, so there are none.)
    if (in_place[i])
      append_door_links(mesh, d, gate.links);
    else
      append_shape_links(mesh, d, gate.links);
  }

  fill_filter(scene, mesh, in_place, g);
  return {};
}

std::vector<DoorCover> door_covers(const Scene& scene, const NavMesh& mesh, const DoorOverrides& overrides) {
  std::vector<DoorCover> out;
  const Result<Gates> gates = make_gates(scene, mesh, overrides);
  if (!gates) return out;
  for (const DoorGate& g : gates->doors) {
    DoorCover c{g.id, g.open, {}};
    for (const Link& l : g.links) {
      const int to = link_target(mesh, l.node, l.link);
      if (to >= 0) c.connections.push_back(Connection::of(l.node, to));
    }
    std::sort(c.connections.begin(), c.connections.end());
    c.connections.erase(std::unique(c.connections.begin(), c.connections.end()), c.connections.end());
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Connection> cover_of(const std::vector<DoorCover>& covers, const std::string& door) {
  for (const DoorCover& c : covers)
    if (c.door == door) return c.connections;
  return {};
}

Result<void> check_door_covers(const Scene& scene, const NavMesh& mesh) {
  const std::vector<DoorCover> covers = door_covers(scene, mesh);
  for (size_t i = 0; i < scene.doors.size(); ++i) {
    const Door& d = scene.doors[i];
    if (!cover_of(covers, d.id).empty()) continue;
    std::string why;
    if (mesh.kind == NavMesh::Kind::Graph)
      why = "no graph edge names it";
    else if (baked_door_index(mesh, d.id) >= 0)
      why = door_polygons(mesh, d.id).empty()
                ? "its footprint marks no walkable cell of the baked mesh, so it has no polygon"
                : "its polygons connect to no other polygon";
    else
      why = d.is_polygon ? "no shared polygon edge has its midpoint inside it"
                         : "its segment crosses no shared polygon edge";
    return Error{scene_error_at(scene, "/doors/" + std::to_string(i),
                                "door '" + d.id + "' covers nothing: " + why + "; it would gate no connection")};
  }
  return {};
}

std::vector<std::string> blocked_by(const Gates& gates, const NavMesh& mesh, const std::vector<int>& corridor,
                                    const std::vector<int>& links) {
  std::vector<std::string> out;
  for (size_t i = 0; i < corridor.size(); ++i) {
    const int node = corridor[i];
    if (mesh.kind != NavMesh::Kind::Graph) {
      const std::string& area = mesh.area_names[mesh.polys[node].area];
      if (std::find(gates.excluded_areas.begin(), gates.excluded_areas.end(), area) != gates.excluded_areas.end())
        add_unique(out, area);
    }
    if (i >= links.size()) continue;
    for (const DoorGate& d : gates.doors) {
      if (d.open) continue;
      for (const Link& l : d.links)
        if (l.node == node && l.link == links[i]) add_unique(out, d.id);
    }
  }
  return out;
}

Failure explain_unreachable(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const Gates& gates,
                            const Failure& original) {
  SearchDef relaxed = def;
  relaxed.node_budget = 0;
  const SearchResult open = search(mesh, query, relaxed, nullptr, nullptr);
  if (open.status != Status::Complete) return original;
  Failure f;
  f.stage = original.stage;
  f.reason = Reason::AgentRestricted;
  f.blocked_by = blocked_by(gates, mesh, open.corridor, open.links);
  std::string list;
  for (const std::string& b : f.blocked_by) list += (list.empty() ? "" : ", ") + b;
  f.message = "A path from " + node_label(mesh, query.start) + " to " + node_label(mesh, query.goal) +
              " exists only through closed doors or areas this agent may not enter (" + list + ").";
  return f;
}

}  // namespace navlab
