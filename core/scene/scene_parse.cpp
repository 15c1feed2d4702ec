// parse_scene: JSON text -> Scene, with every value check of docs/scene-format.md (geometry checks such as
// convexity and winding happen when the NavMesh is built).
#include <algorithm>
#include <climits>
#include <set>
#include <unordered_set>

#include "input_limits.h"
#include "json_locate.h"
#include "overloaded.h"
#include "scene.h"
#include "scene_reader.h"
#include "scene_parser.h"
#include "scene_sidescroller.h"

namespace navlab {
namespace parse {

// Blocks about navmeshes and planning, which a side-scroller scene (no navmesh) does not have.
const std::vector<std::string> kNavmeshOnly = {"bake",    "doors",  "links", "blockers",        "agent",
                                               "queries", "search", "spawn", "unreachable_goal"};

bool Parser::point(const Json& v, P ptr, ScenePoint& out, bool allow_node) {
  out = ScenePoint{};
  if (source_ == Scene::Source::Graph && allow_node) {
    if (v.is_string()) return node_id(v, ptr, out.node);
    if (!v.is_array()) return r_.fail(ptr, "a node id or a point [x, y]", SceneReader::describe(&v));
  }
  if (three_d()) {
    double c[3];
    if (!r_.coords(v, ptr, 3, point_shape(), c)) return false;
    out.plane = to_plane({c[0], c[1], c[2]});
    out.height = c[1];
    out.is3d = true;
    return true;
  }
  double c[2];
  if (!r_.coords(v, ptr, 2, point_shape(), c)) return false;
  out.plane = {c[0], c[1]};
  return true;
}

bool Parser::node_id(const Json& v, P ptr, std::string& out) {
  if (!v.is_string()) return r_.fail(ptr, "a node id of the graph", SceneReader::describe(&v));
  const std::string& id = v.get_ref<const std::string&>();
  if (node_set_.count(id) == 0) {
    const std::string hint = closest_name(id, node_ids_);
    return r_.fail(
        ptr, "a node id of the graph",
        SceneReader::describe(&v) + (hint.empty() ? " (no such node)" : " (did you mean \"" + hint + "\"?)"));
  }
  out = id;
  return true;
}

bool Parser::plane_point(const Json& v, P ptr, Vec2& out) {
  ScenePoint p;
  if (!point(v, ptr, p, false)) return false;
  out = p.plane;
  return true;
}

bool Parser::vec2(const Json& v, P ptr, Vec2& out, const std::string& what) {
  double c[2];
  if (!r_.coords(v, ptr, 2, what, c)) return false;
  out = {c[0], c[1]};
  return true;
}

bool Parser::flat_points(const Json& v, P ptr, std::vector<Vec2>& out, size_t min, const std::string& what, bool ring) {
  if (!r_.array(v, ptr, what, min) ||
      (ring && !at_most(v, ptr, limits::kMaxRingPoints, "points (the ring size limit)")))
    return false;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    if (!plane_point(v[i], at(ptr, i), out[i])) return false;
  return true;
}

bool Parser::at_most(const Json& v, P ptr, size_t limit, const std::string& what) {
  if (!v.is_array() || v.size() <= limit) return true;
  return r_.fail(ptr, "at most " + std::to_string(limit) + " " + what, SceneReader::describe(&v));
}

bool Parser::unique_id(const Json& obj, P ptr, std::set<std::string>& seen, std::string& out, const char* what) {
  const Json* id = r_.require(obj, ptr, "id", std::string("a ") + what + " id (a non-empty string)");
  if (!id || !r_.string(*id, at(ptr, "id"), out, std::string("a ") + what + " id (a non-empty string)")) return false;
  if (!seen.insert(out).second)
    return r_.fail(at(ptr, "id"), std::string("a ") + what + " id not used before",
                   SceneReader::describe(id) + " (a second time)");
  return true;
}
bool Parser::run(const Json& root, Scene& s) {
  if (!root.is_object()) return r_.fail("", "a scene object starting with \"navlab\": 1", SceneReader::describe(&root));
  if (!r_.object(root, "",
                 {"navlab", "name", "description", "navmesh", "floorplan", "mesh", "graph", "detour", "bake", "doors",
                  "links", "blockers", "agent", "queries", "search", "spawn", "unreachable_goal", "sidescroller"},
                 "scene"))
    return false;
  const Json* version = r_.require(root, "", "navlab", "1 (the scene format version)");
  if (!version) return false;
  if (!version->is_number_integer() || version->get<long long>() != 1)
    return r_.fail("/navlab", "1 (the scene format version)", SceneReader::describe(version));
  if (!r_.opt_string(root, "", "name", s.name, "a name (a string)", false) ||
      !r_.opt_string(root, "", "description", s.description, "a description (a string)", false))
    return false;

  std::string first;
  for (const auto& item : root.items()) {
    const std::optional<Scene::Source> kind = value_named(kSceneSourceNames, item.key());
    if (!kind) continue;
    if (!first.empty())
      return r_.fail("/" + item.key(), "exactly one navmesh source",
                     "\"" + item.key() + "\" as well as \"" + first + "\"", true);
    first = item.key();
    source_ = *kind;
  }
  if (first.empty())
    return r_.fail("",
                   "exactly one navmesh source (\"navmesh\", \"floorplan\", \"mesh\", \"graph\" or \"detour\") or "
                   "\"sidescroller\"",
                   "none");
  s.source = empty_source(source_);
  const Json& src = root[first];
  if (source_ == Scene::Source::SideScroller) {
    for (const std::string& key : kNavmeshOnly)
      if (SceneReader::member(root, key.c_str()))
        return r_.fail("/" + key, "no \"" + key + "\" in a side-scroller scene (it has no navmesh)", "\"" + key + "\"",
                       true);
  }
  bool ok = source_block(src, "/" + first, s.source);
  // The other sections may name its nodes and polygons; a side view has none of them.
  if (!ok || source_ == Scene::Source::SideScroller) return ok;
  if (source_ == Scene::Source::Graph) s.search.cost_model = CostModel::Graph;

  // The other sections are independent of each other: each is read, and the first error of each is
  // reported, so one run of validate shows them all.
  auto section = [&](const char* key, auto&& read) {
    const Json* v = SceneReader::member(root, key);
    if (!v) return;
    r_.next_section();
    ok = read(*v, "/" + std::string(key)) && ok;
  };
  section("bake", [&](const Json& v, P p) { return bake(v, p, s.bake); });
  section("doors", [&](const Json& v, P p) { return doors(v, p, s.doors); });
  section("links", [&](const Json& v, P p) { return links(v, p, s.links); });
  section("blockers", [&](const Json& v, P p) { return blockers(v, p, s.blockers); });
  section("agent", [&](const Json& v, P p) { return agent(v, p, s.agent); });
  section("queries", [&](const Json& v, P p) { return queries(v, p, s.queries); });
  section("search", [&](const Json& v, P p) { return search(v, p, s.search); });
  section("spawn", [&](const Json& v, P p) { return spawn(v, p, s.spawn); });
  section("unreachable_goal", [&](const Json& v, P p) { return unreachable(v, p, s.unreachable_goal); });
  if (!ok) return false;
  r_.next_section();
  return references(s);
}

bool Parser::source_block(const Json& v, P ptr, Scene::SourceBlock& out) {
  return std::visit(
      Overloaded{[&](Scene::Navmesh& b) { return navmesh(v, ptr, b); },
                 [&](Scene::Floorplan& b) { return floorplan(v, ptr, b); },
                 [&](Scene::Mesh& b) { return mesh(v, ptr, b); }, [&](Scene::Graph& b) { return graph(v, ptr, b); },
                 [&](SideScrollerDef& b) { return read_sidescroller(r_, v, ptr, b); },
                 [&](Scene::Detour& b) {
                   return r_.file_path(v, ptr, b.file, "a Detour navmesh file path (relative to the scene file)");
                 }},
      out);
}

constexpr int kDetourAreas = 64;  // Detour's DT_MAX_AREAS (the scene library does not include Detour)

// Area names must refer to areas the scene declares. (A graph edge's `door` needs no entry in `doors`: it
// names a gate, open unless a declared door of that id says otherwise.)
bool Parser::references(const Scene& s) {
  const std::vector<std::string> areas = scene_area_names(s);
  auto check = [&](const std::vector<std::string>& names, const std::string& ptr) {
    for (size_t i = 0; i < names.size(); ++i) {
      if (std::find(areas.begin(), areas.end(), names[i]) != areas.end()) continue;
      const std::string hint = closest_name(names[i], areas);
      return r_.fail(at(ptr, i), "an area name of this scene",
                     quoted_name(names[i]) + (hint.empty() ? " (no such area)" : " (did you mean \"" + hint + "\"?)"));
    }
    return true;
  };
  if (!check(s.agent.excluded_areas, "/agent/excluded_areas")) return false;
  return !s.spawn.allowed_areas || check(*s.spawn.allowed_areas, "/spawn/allowed_areas");
}

}  // namespace parse

std::vector<std::string> scene_area_names(const Scene& s) {
  std::vector<std::string> areas{"default"};
  auto add = [&](const std::string& a) {
    if (std::find(areas.begin(), areas.end(), a) == areas.end()) areas.push_back(a);
  };
  auto add_named = [&](const auto& list) {
    for (const auto& a : list) add(a.name);
  };
  std::visit(Overloaded{[&](const Scene::Navmesh& m) {
                          for (const auto& a : m.areas) add(a);
                        },
                        [&](const Scene::Floorplan& f) { add_named(f.areas); },
                        [&](const Scene::Mesh& m) { add_named(m.areas); },
                        // A Detour file's areas are numbers (read in after the scene): "area 1" ... "area 63",
                        // as the reader names them (DT_MAX_AREAS is 64, area 0 is "default"). One the file
                        // lacks excludes nothing.
                        [&](const Scene::Detour&) {
                          for (int i = 1; i < parse::kDetourAreas; ++i) add("area " + std::to_string(i));
                        },
                        [](const auto&) {}},  // graphs and side views have no areas
             s.source);
  return areas;
}

Result<void> parse_level_blocks(const Json& mesh, const std::string& mesh_ptr, const Json* bake,
                                const std::string& bake_ptr, const std::string& text, const std::string& file,
                                Scene& out) {
  parse::Parser parser(text, file);
  Scene s;
  if (!parser.level(mesh, mesh_ptr, bake, bake_ptr, s)) return Error{parser.error()};
  out = std::move(s);
  return {};
}

Result<void> parse_scene_document(const Json& root, const std::string& text, const std::string& file, Scene& out) {
  parse::Parser parser(text, file);
  Scene s;
  if (!parser.run(root, s)) return Error{parser.error()};
  out = std::move(s);
  return {};
}

}  // namespace navlab
