// Scene -> JSON text (every block, stable key order) and the atomic save (temp file + rename).
#include <filesystem>

#include "atomic_file.h"
#include "overloaded.h"
#include "scene.h"
#include "scene_reader.h"
#include "scene_sidescroller.h"

namespace navlab {
namespace {

constexpr size_t kLineWidth = 100;

class Writer {
 public:
  explicit Writer(const Scene& s) : mesh_(s.is3d()) {}

  Json point(const ScenePoint& p) const {
    if (!p.node.empty()) return p.node;
    if (mesh_) {
      const Vec3 w = to_world(p.plane, p.height);
      return Json::array({w.x, w.y, w.z});
    }
    return Json::array({p.plane.x, p.plane.y});
  }
  Json plane(Vec2 p) const { return mesh_ ? point(ScenePoint{"", p, 0.0, true}) : Json::array({p.x, p.y}); }
  static Json vec2(Vec2 p) { return Json::array({p.x, p.y}); }
  template <class T, class F>
  static Json list(const std::vector<T>& items, F f) {
    Json out = Json::array();
    for (const T& item : items) out.push_back(f(item));
    return out;
  }
  Json points(const std::vector<ScenePoint>& ps) const {
    return list(ps, [&](const ScenePoint& p) { return point(p); });
  }
  Json planes(const std::vector<Vec2>& ps) const {
    return list(ps, [&](Vec2 p) { return plane(p); });
  }

 private:
  bool mesh_;
};

Json navmesh_json(const Scene::Navmesh& m, const Writer& w) {
  Json out = Json::object();
  out["vertices"] = w.planes(m.vertices);
  out["polygons"] = m.polygons;
  if (!m.costs.empty()) out["costs"] = m.costs;
  if (!m.areas.empty()) out["areas"] = m.areas;
  return out;
}

Json floorplan_json(const Scene::Floorplan& f, const Writer& w) {
  Json out = Json::object();
  out["outline"] = w.planes(f.outline);
  out["holes"] = Writer::list(f.holes, [&](const std::vector<Vec2>& h) { return w.planes(h); });
  out["areas"] = Writer::list(f.areas, [&](const AreaPaint& a) {
    Json j{{"name", a.name}, {"polygon", w.planes(a.polygon)}};
    if (a.cost != 1.0) j["cost"] = a.cost;  // absent: 1
    return j;
  });
  return out;
}

Json mesh_json(const Scene::Mesh& m, const Writer& w) {
  Json out = Json::object();
  if (m.file.empty())
    out["obj"] = m.obj;
  else
    out["file"] = m.file;
  if (!m.root.empty()) out["root"] = m.root;
  if (m.scale != 1.0) out["scale"] = m.scale;
  if (m.up == Scene::Mesh::Up::Z) out["up"] = "z";
  if (!m.areas.empty())
    out["areas"] = Writer::list(m.areas, [&](const AreaVolume& a) {
      Json j{{"name", a.name}, {"polygon", w.points(a.polygon)}, {"height", Json::array({a.height_min, a.height_max})}};
      if (a.cost != 1.0) j["cost"] = a.cost;
      return j;
    });
  return out;
}

Json graph_json(const Scene::Graph& g) {
  Json out = Json::object();
  out["nodes"] = Writer::list(g.nodes, [](const GraphNodeDef& n) {
    return Json{{"id", n.id}, {"pos", Writer::vec2(n.pos)}};
  });
  out["edges"] = Writer::list(g.edges, [](const GraphEdgeDef& e) {
    Json j{{"from", e.from}, {"to", e.to}, {"cost", e.cost}};
    if (!e.door.empty()) j["door"] = e.door;
    return j;
  });
  return out;
}

Json source_json(const Scene& s, const Writer& w) {
  return std::visit(Overloaded{[&](const Scene::Navmesh& m) { return navmesh_json(m, w); },
                               [&](const Scene::Floorplan& f) { return floorplan_json(f, w); },
                               [&](const Scene::Mesh& m) { return mesh_json(m, w); },
                               [](const Scene::Graph& g) { return graph_json(g); },
                               [](const SideScrollerDef& d) { return sidescroller_json(d); },
                               [](const Scene::Detour& d) { return Json(d.file); }},  // a file name, not a block
                    s.source);
}

Json bake_json(const BakeDef& b) {
  Json out{{"cell_size", b.cell_size},
           {"cell_height", b.cell_height},
           {"agent_height", b.agent_height},
           {"agent_radius", b.agent_radius},
           {"agent_max_climb", b.agent_max_climb},
           {"agent_max_slope", b.agent_max_slope},
           {"region_min_size", b.region_min_size},
           {"region_merge_size", b.region_merge_size},
           {"edge_max_len", b.edge_max_len},
           {"edge_max_error", b.edge_max_error},
           {"verts_per_poly", b.verts_per_poly},
           {"detail_sample_dist", b.detail_sample_dist},
           {"detail_sample_max_error", b.detail_sample_max_error},
           {"partition", to_string(b.partition)}};
  if (b.tile_size > 0) out["tile_size"] = b.tile_size;  // absent: the single-tile bake
  return out;
}

Json agent_json(const AgentDef& a) {
  return Json{{"radius", a.radius},
              {"max_speed", a.max_speed},
              {"accel", a.accel},
              {"brake_decel", a.brake_decel},
              {"reaction_dt", a.reaction_dt},
              {"lateral_accel", a.lateral_accel},
              {"max_accel", a.max_accel},
              {"turn_radius", a.turn_radius},
              {"min_turn_radius", a.min_turn_radius},
              {"can_turn_in_place", a.can_turn_in_place},
              {"max_turn_rate", a.max_turn_rate},
              {"corner_mode", to_string(a.corner_mode)},
              {"inner_corner", Writer::list(a.inner_corner, [](Vec2 p) { return Writer::vec2(p); })},
              {"excluded_areas", a.excluded_areas},
              {"arrive_distance", a.arrive_distance},
              {"arrive_speed", a.arrive_speed},
              {"lookahead", a.lookahead},
              {"stall_window", a.stall_window},
              {"stall_min_progress", a.stall_min_progress}};
}

Json spawn_json(const SpawnDef& s, const Writer& w) {
  Json out = Json::object();
  out["candidates"] = Writer::list(s.candidates, [&](const SpawnCandidate& c) {
    return Json{{"name", c.name}, {"pos", w.point(c.pos)}};
  });
  if (s.allowed_areas) out["allowed_areas"] = *s.allowed_areas;
  out["forbidden_zones"] = Writer::list(s.forbidden_zones, [&](const ForbiddenZone& z) {
    return Json{{"name", z.name}, {"polygon", w.planes(z.polygon)}};
  });
  out["occupants"] = Writer::list(s.occupants, [&](const Occupant& o) {
    return Json{{"name", o.name}, {"pos", w.point(o.pos)}, {"radius", o.radius}};
  });
  out["safe_targets"] = w.points(s.safe_targets);
  if (s.clearance) out["clearance"] = *s.clearance;
  if (s.partition_of) out["partition_of"] = w.point(*s.partition_of);
  return out;
}

Json scene_json(const Scene& s) {
  const Writer w(s);
  Json out = Json::object();
  out["navlab"] = 1;
  out["name"] = s.name;
  out["description"] = s.description;
  out[to_string(s.kind())] = source_json(s, w);
  if (s.sidescroller_source()) return out;  // no navmesh, so none of the planning blocks
  out["bake"] = bake_json(s.bake);
  out["doors"] = Writer::list(s.doors, [&](const Door& d) {
    Json j{{"id", d.id}};
    if (!d.shape.empty()) j[d.is_polygon ? "polygon" : "segment"] = w.points(d.shape);
    j["open"] = d.open;
    return j;
  });
  // Only scenes with links have the block (graph and Detour-file scenes may not have it at all).
  if (!s.links.empty())
    out["links"] = Writer::list(s.links, [&](const LinkDef& l) {
      Json j{{"from", w.point(l.from)}, {"to", w.point(l.to)}};
      if (l.radius) j["radius"] = *l.radius;
      j["bidirectional"] = l.bidirectional;
      if (l.cost) j["cost"] = *l.cost;
      return j;
    });
  out["blockers"] = Writer::list(s.blockers, [&](const Blocker& b) {
    Json j{{"id", b.id}, {"center", w.point(b.center)}};
    if (b.radius > 0.0) {
      j["radius"] = b.radius;
    } else {
      j["half_extents"] = Writer::vec2(b.half_extents);
      j["angle"] = b.angle;
    }
    j["velocity"] = Writer::vec2(b.velocity);
    return j;
  });
  out["agent"] = agent_json(s.agent);
  out["queries"] = Writer::list(s.queries, [&](const Query& q) {
    return Json{{"name", q.name}, {"start", w.point(q.start)}, {"goal", w.point(q.goal)}};
  });
  out["search"] = Json{{"algorithm", to_string(s.search.algorithm)},
                       {"heuristic_scale", s.search.heuristic_scale},
                       {"node_budget", s.search.node_budget},
                       {"cost_model", to_string(s.search.cost_model)}};
  out["spawn"] = spawn_json(s.spawn, w);
  const UnreachablePolicy& u = s.unreachable_goal;
  if (u == UnreachablePolicy{}) {
    out["unreachable_goal"] = "fail";
  } else {
    out["unreachable_goal"] = Json{{"policy", u.nearest_reachable ? "nearest_reachable" : "fail"},
                                   {"radius", u.radius},
                                   {"require_connected", u.require_connected}};
  }
  return out;
}

// Containers that fit on a line stay on one line; others get one member per line, indented by 2.
void pretty(const Json& v, size_t indent, std::string& out) {
  const std::string one = flat_json(v);
  if (!v.is_structured() || v.empty() || indent + one.size() <= kLineWidth) {
    out += one;
    return;
  }
  const bool obj = v.is_object();
  const std::string pad(indent + 2, ' ');
  out += obj ? "{\n" : "[\n";
  bool first = true;
  for (const auto& item : v.items()) {
    if (!first) out += ",\n";
    first = false;
    out += pad;
    if (obj) out += json_scalar(Json(item.key())) + ": ";
    pretty(item.value(), indent + 2, out);
  }
  out += "\n" + std::string(indent, ' ') + (obj ? "}" : "]");
}

// `scene` as saved to `path`: a relative level path (the OBJ, the Assimp file and its root folder) that
// names an existing file is rewritten to stay relative to the new file's folder (Save As into another
// folder), or made absolute when no relative path leads there.
Scene rebased(const Scene& scene, const std::string& path) {
  namespace fs = std::filesystem;
  if (!scene.mesh_source() || scene.path.empty()) return scene;
  std::error_code ec;
  const fs::path old_dir = fs::absolute(fs::path(scene.path), ec).parent_path();
  const fs::path new_dir = fs::absolute(fs::path(path), ec).parent_path();
  if (ec || old_dir.lexically_normal() == new_dir.lexically_normal()) return scene;
  Scene out = scene;
  Scene::Mesh& mesh = *out.mesh_source();
  for (std::string* p : {&mesh.obj, &mesh.file, &mesh.root}) {
    if (p->empty() || fs::path(*p).is_absolute()) continue;
    const fs::path target = (old_dir / *p).lexically_normal();
    if (!fs::exists(target, ec)) continue;  // nothing to keep reachable (e.g. a scene made from text)
    const fs::path rel = target.lexically_relative(new_dir.lexically_normal());
    *p = rel.empty() ? target.string() : rel.string();
  }
  return out;
}

}  // namespace

Json scene_point_json(const ScenePoint& p) {
  if (!p.node.empty()) return p.node;
  if (p.is3d) {
    const Vec3 w = p.world();
    return Json::array({w.x, w.y, w.z});
  }
  return Json::array({p.plane.x, p.plane.y});
}

std::string scene_to_json(const Scene& scene) { return json_text(scene_json(scene)); }

std::string json_text(const Json& v) {
  std::string out;
  pretty(v, 0, out);
  return out + "\n";
}

Result<void> save_scene(const Scene& scene, const std::string& path) {
  // A scene saved over the level or navmesh file it names would lose its own source.
  std::string source;
  if (const Scene::Mesh* m = scene.mesh_source()) source = m->path();
  if (const Scene::Detour* d = scene.detour_source()) source = d->file;
  if (!source.empty()) {
    namespace fs = std::filesystem;
    const fs::path p(source);
    const std::string file = p.is_relative() ? (fs::path(scene.path).parent_path() / p).string() : source;
    if (Result<void> fine = refuse_overwriting_input(path, file, "file the scene names"); !fine) return fine;
  }
  const std::string text = scene_to_json(rebased(scene, write_target(path)));
  // Never write what the reader refuses: an edit in the app may leave a value beyond a limit.
  if (Result<Scene> again = parse_scene(text, path); !again)
    return Error{"cannot save " + path + ": the scene would not load again (" + again.error() + ")"};
  return write_file_atomically(path, text, "scene file");
}

}  // namespace navlab
