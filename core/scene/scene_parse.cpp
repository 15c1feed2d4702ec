// parse_scene: JSON text -> Scene, with every value check of DESIGN §2 (geometry checks such as
// convexity and winding happen when the NavMesh is built).
#include <algorithm>
#include <climits>
#include <set>
#include <unordered_set>

#include "input_limits.h"
#include "json_locate.h"
#include "scene.h"
#include "scene_reader.h"
#include "scene_sidescroller.h"

namespace navlab {
namespace {

using P = const std::string&;
std::string at(P ptr, const char* key) { return pointer_append(ptr, key); }
std::string at(P ptr, size_t i) { return pointer_append(ptr, i); }

const std::vector<std::string> kSources = {"navmesh", "floorplan", "mesh", "graph", "sidescroller", "detour"};
// Blocks about navmeshes and planning, which a side-scroller scene (no navmesh) does not have.
const std::vector<std::string> kNavmeshOnly = {"bake", "doors", "links", "blockers", "agent", "queries", "search",
                                              "spawn", "unreachable_goal"};

class Parser {
 public:
  Parser(const std::string& text, const std::string& file) : r_(text, file) {}
  const std::string& error() const { return r_.error(); }
  bool run(const Json& root, Scene& s);

 private:
  SceneReader r_;
  Scene::Source source_ = Scene::Source::Navmesh;
  std::vector<std::string> node_ids_;          // in file order, for "did you mean"
  std::unordered_set<std::string> node_set_;   // the same ids, for lookups

  bool three_d() const { return source_ == Scene::Source::Mesh || source_ == Scene::Source::Detour; }
  std::string point_shape() const {
    return three_d() ? "a point [x, y, z] (mesh and detour scenes are 3D, y up)" : "a point [x, y]";
  }
  // A point of the scene's kind; with `allow_node`, a graph scene also accepts a node id (spawn points).
  bool point(const Json& v, P ptr, ScenePoint& out, bool allow_node);
  bool node_id(const Json& v, P ptr, std::string& out);
  bool plane_point(const Json& v, P ptr, Vec2& out);
  bool vec2(const Json& v, P ptr, Vec2& out, const std::string& what);
  // An array of `min` or more points; a ring (outline, hole, polygon) has at most limits::kMaxRingPoints.
  bool flat_points(const Json& v, P ptr, std::vector<Vec2>& out, size_t min, const std::string& what,
                   bool ring = true);
  bool unique_id(const Json& obj, P ptr, std::set<std::string>& seen, std::string& out, const char* what);
  // At most `limit` items in array `v` (`what` names the limit in the message).
  bool at_most(const Json& v, P ptr, size_t limit, const std::string& what);

  bool navmesh(const Json& v, P ptr, Scene::Navmesh& out);
  bool floorplan(const Json& v, P ptr, Scene::Floorplan& out);
  bool mesh(const Json& v, P ptr, Scene::Mesh& out);
  bool graph(const Json& v, P ptr, Scene::Graph& out);
  bool bake(const Json& v, P ptr, BakeDef& out);
  bool doors(const Json& v, P ptr, std::vector<Door>& out);
  bool links(const Json& v, P ptr, std::vector<LinkDef>& out);
  bool blockers(const Json& v, P ptr, std::vector<Blocker>& out);
  bool agent(const Json& v, P ptr, AgentDef& out);
  bool queries(const Json& v, P ptr, std::vector<Query>& out);
  bool search(const Json& v, P ptr, SearchDef& out);
  bool spawn(const Json& v, P ptr, SpawnDef& out);
  bool unreachable(const Json& v, P ptr, UnreachablePolicy& out);
  bool references(const Scene& s);
};

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
    return r_.fail(ptr, "a node id of the graph",
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

bool Parser::flat_points(const Json& v, P ptr, std::vector<Vec2>& out, size_t min, const std::string& what,
                         bool ring) {
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
    return r_.fail(at(ptr, "id"), std::string("a ") + what + " id not used before", SceneReader::describe(id) +
                   " (a second time)");
  return true;
}

bool Parser::run(const Json& root, Scene& s) {
  if (!root.is_object()) return r_.fail("", "a scene object starting with \"navlab\": 1", SceneReader::describe(&root));
  if (!r_.object(root, "", {"navlab", "name", "description", "navmesh", "floorplan", "mesh", "graph", "detour", "bake",
                            "doors", "links", "blockers", "agent", "queries", "search", "spawn", "unreachable_goal",
                            "sidescroller"},
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
    const auto it = std::find(kSources.begin(), kSources.end(), item.key());
    if (it == kSources.end()) continue;
    if (!first.empty())
      return r_.fail("/" + item.key(), "exactly one navmesh source",
                     "\"" + item.key() + "\" as well as \"" + first + "\"", true);
    first = item.key();
    source_ = static_cast<Scene::Source>(it - kSources.begin());
  }
  if (first.empty())
    return r_.fail("", "exactly one navmesh source (\"navmesh\", \"floorplan\", \"mesh\", \"graph\" or \"detour\") or "
                   "\"sidescroller\"",
                   "none");
  s.source = source_;
  const Json& src = root[first];
  if (source_ == Scene::Source::SideScroller) {
    for (const std::string& key : kNavmeshOnly)
      if (SceneReader::member(root, key.c_str()))
        return r_.fail("/" + key, "no \"" + key + "\" in a side-scroller scene (it has no navmesh)", "\"" + key + "\"", true);
    return read_sidescroller(r_, src, "/sidescroller", s.sidescroller);
  }
  bool ok = source_ == Scene::Source::Navmesh     ? navmesh(src, "/navmesh", s.navmesh)
            : source_ == Scene::Source::Floorplan ? floorplan(src, "/floorplan", s.floorplan)
            : source_ == Scene::Source::Mesh      ? mesh(src, "/mesh", s.mesh)
            : source_ == Scene::Source::Detour
                ? r_.string(src, "/detour", s.detour, "a Detour navmesh file path (relative to the scene file)")
                : graph(src, "/graph", s.graph);
  if (!ok) return false;  // the other sections may name its nodes and polygons
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

bool Parser::navmesh(const Json& v, P ptr, Scene::Navmesh& out) {
  if (!r_.object(v, ptr, {"vertices", "polygons", "costs", "areas"}, "navmesh")) return false;
  const Json* verts = r_.require(v, ptr, "vertices", "an array of vertices [[x, y], ...]");
  if (!verts || !flat_points(*verts, at(ptr, "vertices"), out.vertices, 3, "an array of at least 3 vertices [[x, y], ...]",
                             false))
    return false;
  const std::string pp = at(ptr, "polygons");
  const Json* polys = r_.require(v, ptr, "polygons", "an array of polygons (arrays of vertex indices)");
  if (!polys || !r_.array(*polys, pp, "an array of at least 1 polygon (arrays of vertex indices)", 1)) return false;
  const long long last = static_cast<long long>(out.vertices.size()) - 1;
  out.polygons.resize(polys->size());
  for (size_t i = 0; i < polys->size(); ++i) {
    const Json& poly = (*polys)[i];
    if (!r_.array(poly, at(pp, i), "a polygon of at least 3 vertex indices", 3) ||
        !at_most(poly, at(pp, i), limits::kMaxPolygonVertices, "vertex indices (the polygon size limit)"))
      return false;
    out.polygons[i].resize(poly.size());
    for (size_t k = 0; k < poly.size(); ++k)
      if (!r_.integer(poly[k], at(at(pp, i), k), out.polygons[i][k], 0, last, "a vertex index")) return false;
  }
  const std::string count = std::to_string(polys->size());
  if (const Json* costs = SceneReader::member(v, "costs")) {
    const std::string cp = at(ptr, "costs");
    if (!costs->is_array() || costs->size() != polys->size())
      return r_.fail(cp, "an array of " + count + " costs (one per polygon)", SceneReader::describe(costs));
    out.costs.resize(costs->size());
    for (size_t i = 0; i < costs->size(); ++i)
      if (!r_.number((*costs)[i], at(cp, i), out.costs[i], {"a cost multiplier", NumberRule::NonNegative})) return false;
  }
  if (const Json* areas = SceneReader::member(v, "areas")) {
    const std::string ap = at(ptr, "areas");
    if (!areas->is_array() || areas->size() != polys->size())
      return r_.fail(ap, "an array of " + count + " area names (one per polygon)", SceneReader::describe(areas));
    out.areas.resize(areas->size());
    for (size_t i = 0; i < areas->size(); ++i)
      if (!r_.string((*areas)[i], at(ap, i), out.areas[i], "an area name (a non-empty string)")) return false;
  }
  return true;
}

bool Parser::floorplan(const Json& v, P ptr, Scene::Floorplan& out) {
  if (!r_.object(v, ptr, {"outline", "holes", "areas"}, "floorplan")) return false;
  const Json* outline = r_.require(v, ptr, "outline", "an outline [[x, y], ...] of at least 3 points");
  if (!outline || !flat_points(*outline, at(ptr, "outline"), out.outline, 3, "an outline [[x, y], ...] of at least 3 points"))
    return false;
  if (const Json* holes = SceneReader::member(v, "holes")) {
    const std::string hp = at(ptr, "holes");
    if (!r_.array(*holes, hp, "an array of holes [[[x, y], ...], ...]") ||
        !at_most(*holes, hp, limits::kMaxHoles, "holes (the hole count limit)"))
      return false;
    out.holes.resize(holes->size());
    size_t points = out.outline.size();
    for (size_t i = 0; i < holes->size(); ++i) {
      if (!flat_points((*holes)[i], at(hp, i), out.holes[i], 3, "a hole [[x, y], ...] of at least 3 points")) return false;
      if ((points += out.holes[i].size()) > limits::kMaxFloorplanPoints)
        return r_.fail(at(hp, i), "at most " + std::to_string(limits::kMaxFloorplanPoints) +
                                      " points in the outline and holes together (the floor-plan point limit)",
                       "a hole that brings them to " + std::to_string(points));
    }
  }
  if (const Json* areas = SceneReader::member(v, "areas")) {
    const std::string ap = at(ptr, "areas");
    if (!r_.array(*areas, ap, "an array of painted areas [{\"name\", \"polygon\"}, ...]")) return false;
    out.areas.resize(areas->size());
    for (size_t i = 0; i < areas->size(); ++i) {
      const Json& a = (*areas)[i];
      const std::string ip = at(ap, i);
      if (!r_.object(a, ip, {"name", "polygon"}, "painted area")) return false;
      const Json* name = r_.require(a, ip, "name", "an area name (a non-empty string)");
      if (!name || !r_.string(*name, at(ip, "name"), out.areas[i].name, "an area name (a non-empty string)")) return false;
      const Json* poly = r_.require(a, ip, "polygon", "a polygon [[x, y], ...] of at least 3 points");
      if (!poly || !flat_points(*poly, at(ip, "polygon"), out.areas[i].polygon, 3,
                                "a polygon [[x, y], ...] of at least 3 points"))
        return false;
    }
  }
  return true;
}

bool Parser::mesh(const Json& v, P ptr, Scene::Mesh& out) {
  if (!r_.object(v, ptr, {"obj", "file", "scale", "up"}, "mesh")) return false;
  const Json* obj = SceneReader::member(v, "obj");
  const Json* file = SceneReader::member(v, "file");
  if (obj && file) return r_.fail(at(ptr, "file"), "either \"obj\" or \"file\", not both", "both", true);
  if (!obj && !file)
    return r_.fail(ptr, "\"obj\" (an OBJ file) or \"file\" (a level file Assimp reads: .gltf, .glb, .fbx, ...)",
                   "neither");
  if (obj && !r_.string(*obj, at(ptr, "obj"), out.obj, "an OBJ file path (relative to the scene file)")) return false;
  if (file && !r_.string(*file, at(ptr, "file"), out.file, "a level file path (relative to the scene file)"))
    return false;
  if (!r_.opt_number(v, ptr, "scale", out.scale, {"a scale factor", NumberRule::Positive})) return false;
  if (const Json* up = SceneReader::member(v, "up")) {
    int which = 0;
    if (!r_.choice(*up, at(ptr, "up"), {"y", "z"}, which)) return false;
    out.up = which == 0 ? Scene::Mesh::Up::Y : Scene::Mesh::Up::Z;
  }
  return true;
}

bool Parser::graph(const Json& v, P ptr, Scene::Graph& out) {
  if (!r_.object(v, ptr, {"nodes", "edges"}, "graph")) return false;
  const std::string np = at(ptr, "nodes");
  const Json* nodes = r_.require(v, ptr, "nodes", "an array of nodes [{\"id\", \"pos\"}, ...]");
  if (!nodes || !r_.array(*nodes, np, "an array of at least 1 node [{\"id\", \"pos\"}, ...]", 1)) return false;
  std::set<std::string> seen;
  out.nodes.resize(nodes->size());
  for (size_t i = 0; i < nodes->size(); ++i) {
    const Json& n = (*nodes)[i];
    const std::string ip = at(np, i);
    if (!r_.object(n, ip, {"id", "pos"}, "graph node") || !unique_id(n, ip, seen, out.nodes[i].id, "node")) return false;
    const Json* pos = r_.require(n, ip, "pos", "a position [x, y]");
    if (!pos || !vec2(*pos, at(ip, "pos"), out.nodes[i].pos, "a position [x, y]")) return false;
    node_ids_.push_back(out.nodes[i].id);
    node_set_.insert(out.nodes[i].id);
  }
  const Json* edges = SceneReader::member(v, "edges");
  if (!edges) return true;
  const std::string ep = at(ptr, "edges");
  if (!r_.array(*edges, ep, "an array of edges [{\"from\", \"to\", \"cost\"}, ...]")) return false;
  out.edges.resize(edges->size());
  for (size_t i = 0; i < edges->size(); ++i) {
    const Json& e = (*edges)[i];
    const std::string ip = at(ep, i);
    GraphEdgeDef& d = out.edges[i];
    if (!r_.object(e, ip, {"from", "to", "cost", "door"}, "graph edge")) return false;
    const Json* from = r_.require(e, ip, "from", "a node id of the graph");
    if (!from || !node_id(*from, at(ip, "from"), d.from)) return false;
    const Json* to = r_.require(e, ip, "to", "a node id of the graph");
    if (!to || !node_id(*to, at(ip, "to"), d.to)) return false;
    const Json* cost = r_.require(e, ip, "cost", "an edge cost >= 0");
    if (!cost || !r_.number(*cost, at(ip, "cost"), d.cost, {"an edge cost", NumberRule::NonNegative})) return false;
    if (!r_.opt_string(e, ip, "door", d.door, "a door id (a non-empty string)")) return false;
  }
  return true;
}

bool Parser::bake(const Json& v, P ptr, BakeDef& out) {
  if (!r_.object(v, ptr, {"cell_size", "cell_height", "agent_height", "agent_radius", "agent_max_climb",
                          "agent_max_slope", "region_min_size", "region_merge_size", "edge_max_len",
                          "edge_max_error", "verts_per_poly", "detail_sample_dist", "detail_sample_max_error",
                          "partition", "tile_size"},
                 "bake"))
    return false;
  using R = NumberRule;
  if (!r_.opt_number(v, ptr, "cell_size", out.cell_size, {"a cell size in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "cell_height", out.cell_height, {"a cell height in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "agent_height", out.agent_height, {"an agent height in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "agent_radius", out.agent_radius, {"an agent radius in m", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "agent_max_climb", out.agent_max_climb, {"a climb height in m", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "agent_max_slope", out.agent_max_slope, {"a slope in degrees", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "region_min_size", out.region_min_size, {"a region size in cells", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "region_merge_size", out.region_merge_size, {"a region size in cells", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "edge_max_len", out.edge_max_len, {"an edge length in m", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "edge_max_error", out.edge_max_error, {"an edge error in cells", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "detail_sample_dist", out.detail_sample_dist, {"a sample distance in cells", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "detail_sample_max_error", out.detail_sample_max_error,
                     {"a sample error in cells", R::NonNegative}))
    return false;
  if (out.agent_max_slope >= 90.0)
    return r_.fail(at(ptr, "agent_max_slope"), "a slope in degrees below 90",
                   SceneReader::describe(SceneReader::member(v, "agent_max_slope")));
  if (const Json* p = SceneReader::member(v, "partition")) {
    int k = 0;
    if (!r_.choice(*p, at(ptr, "partition"), {std::begin(kPartitionNames), std::end(kPartitionNames)}, k)) return false;
    out.partition = static_cast<Partition>(k);
  }
  if (const Json* ts = SceneReader::member(v, "tile_size")) {
    const std::string tp = at(ptr, "tile_size");
    const char* what = "0 (one tile) or a tile side of 16 to 1024 cells";
    if (!r_.integer(*ts, tp, out.tile_size, 0, kMaxBakeTileSize, what)) return false;
    if (out.tile_size != 0 && out.tile_size < kMinBakeTileSize) return r_.fail(tp, what, SceneReader::describe(ts));
  }
  const Json* vpp = SceneReader::member(v, "verts_per_poly");
  return !vpp || r_.integer(*vpp, at(ptr, "verts_per_poly"), out.verts_per_poly, 3, 6, "a vertex count per polygon");
}

bool Parser::doors(const Json& v, P ptr, std::vector<Door>& out) {
  if (!r_.array(v, ptr, "an array of doors [{\"id\", \"segment\" or \"polygon\", \"open\"}, ...]")) return false;
  std::set<std::string> seen;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& d = v[i];
    const std::string ip = at(ptr, i);
    Door& door = out[i];
    if (!r_.object(d, ip, {"id", "segment", "polygon", "open"}, "door") || !unique_id(d, ip, seen, door.id, "door"))
      return false;
    const Json* seg = SceneReader::member(d, "segment");
    const Json* poly = SceneReader::member(d, "polygon");
    if (seg && poly) return r_.fail(at(ip, "polygon"), "either \"segment\" or \"polygon\"", "both", true);
    if (!seg && !poly && source_ != Scene::Source::Graph)
      return r_.fail(ip, "a door with a \"segment\" or a \"polygon\"", "neither");
    if (seg || poly) {
      const Json& shape = seg ? *seg : *poly;
      const std::string sp = at(ip, seg ? "segment" : "polygon");
      const std::string what = seg ? "a segment of 2 points" : "a polygon of at least 3 points";
      if (!shape.is_array() || (seg ? shape.size() != 2 : shape.size() < 3))
        return r_.fail(sp, what, SceneReader::describe(&shape));
      door.is_polygon = poly != nullptr;
      door.shape.resize(shape.size());
      for (size_t k = 0; k < shape.size(); ++k)
        if (!point(shape[k], at(sp, k), door.shape[k], false)) return false;
    }
    if (!r_.opt_boolean(d, ip, "open", door.open)) return false;
  }
  return true;
}

bool Parser::blockers(const Json& v, P ptr, std::vector<Blocker>& out) {
  if (!r_.array(v, ptr, "an array of blockers [{\"id\", \"center\", \"radius\" or \"half_extents\"}, ...]"))
    return false;
  std::set<std::string> seen;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& b = v[i];
    const std::string ip = at(ptr, i);
    Blocker& blk = out[i];
    if (!r_.object(b, ip, {"id", "center", "radius", "half_extents", "angle", "velocity"}, "blocker") ||
        !unique_id(b, ip, seen, blk.id, "blocker"))
      return false;
    const Json* center = r_.require(b, ip, "center", point_shape());
    if (!center || !point(*center, at(ip, "center"), blk.center, false)) return false;
    const Json* radius = SceneReader::member(b, "radius");
    const Json* half = SceneReader::member(b, "half_extents");
    if (radius && half) return r_.fail(at(ip, "half_extents"), "either \"radius\" or \"half_extents\"", "both", true);
    if (!radius && !half) return r_.fail(ip, "a blocker with a \"radius\" or \"half_extents\"", "neither");
    if (radius && SceneReader::member(b, "angle"))
      return r_.fail(at(ip, "angle"), "an angle only for a box (\"half_extents\")", "a circle blocker", true);
    if (radius && !r_.number(*radius, at(ip, "radius"), blk.radius, {"a radius in m", NumberRule::Positive}))
      return false;
    if (half) {
      const std::string hp = at(ip, "half_extents");
      if (!vec2(*half, hp, blk.half_extents, "half extents [hx, hy] in m")) return false;
      if (!(blk.half_extents.x > 0.0)) return r_.fail(at(hp, size_t{0}), "a half extent in m > 0", SceneReader::describe(&(*half)[0]));
      if (!(blk.half_extents.y > 0.0)) return r_.fail(at(hp, size_t{1}), "a half extent in m > 0", SceneReader::describe(&(*half)[1]));
      if (!r_.opt_number(b, ip, "angle", blk.angle, {"an angle in rad"})) return false;
    }
    const Json* vel = SceneReader::member(b, "velocity");
    if (vel && !vec2(*vel, at(ip, "velocity"), blk.velocity, "a velocity [vx, vy] in m/s")) return false;
  }
  return true;
}

bool Parser::links(const Json& v, P ptr, std::vector<LinkDef>& out) {
  if (source_ == Scene::Source::Graph || source_ == Scene::Source::Detour)
    return r_.fail(ptr, "no \"links\" in a " + std::string(to_string(source_)) +
                            " scene (links join polygons of a floor plan, a level mesh or a hand-authored navmesh)",
                   "\"links\"", true);
  if (!r_.array(v, ptr, "an array of links [{\"from\", \"to\", \"radius\", \"bidirectional\", \"cost\"}, ...]") ||
      !at_most(v, ptr, limits::kMaxLinks, "links (the link count limit)"))
    return false;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& e = v[i];
    const std::string ip = at(ptr, i);
    LinkDef& l = out[i];
    if (!r_.object(e, ip, {"from", "to", "radius", "bidirectional", "cost"}, "link")) return false;
    const Json* from = r_.require(e, ip, "from", point_shape());
    if (!from || !point(*from, at(ip, "from"), l.from, false)) return false;
    const Json* to = r_.require(e, ip, "to", point_shape());
    if (!to || !point(*to, at(ip, "to"), l.to, false)) return false;
    if (const Json* r = SceneReader::member(e, "radius")) {
      double radius = 0.0;
      if (!r_.number(*r, at(ip, "radius"), radius,
                     {"a radius in m", NumberRule::Positive, "an end could attach to no polygon"}))
        return false;
      l.radius = radius;
    }
    if (!r_.opt_boolean(e, ip, "bidirectional", l.bidirectional)) return false;
    if (const Json* c = SceneReader::member(e, "cost")) {
      double cost = 0.0;
      if (!r_.number(*c, at(ip, "cost"), cost, {"a cost in m of path", NumberRule::NonNegative})) return false;
      l.cost = cost;
    }
  }
  return true;
}

bool Parser::agent(const Json& v, P ptr, AgentDef& out) {
  if (!r_.object(v, ptr, {"radius", "max_speed", "accel", "brake_decel", "reaction_dt", "lateral_accel", "max_accel",
                          "turn_radius", "min_turn_radius", "can_turn_in_place", "max_turn_rate", "corner_mode",
                          "inner_corner", "excluded_areas", "arrive_distance", "arrive_speed", "lookahead",
                          "stall_window", "stall_min_progress"},
                 "agent"))
    return false;
  using R = NumberRule;
  if (!r_.opt_number(v, ptr, "radius", out.radius, {"a radius in m", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "max_speed", out.max_speed,
                     {"a speed in m/s", R::Positive, "an agent that cannot move can follow no path"}) ||
      !r_.opt_number(v, ptr, "accel", out.accel,
                     {"an acceleration in m/s²", R::Positive, "the agent could never start moving"}) ||
      !r_.opt_number(v, ptr, "brake_decel", out.brake_decel,
                     {"a deceleration in m/s²", R::Positive, "the agent could never stop"}) ||
      !r_.opt_number(v, ptr, "reaction_dt", out.reaction_dt, {"a reaction time in s", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "lateral_accel", out.lateral_accel,
                     {"a lateral acceleration in m/s²", R::Positive, "no arc could be driven"}) ||
      !r_.opt_number(v, ptr, "max_accel", out.max_accel,
                     {"a total acceleration budget in m/s²", R::Positive, "the agent could never change speed"}) ||
      !r_.opt_number(v, ptr, "turn_radius", out.turn_radius, {"a turn radius in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "min_turn_radius", out.min_turn_radius, {"a turn radius in m", R::NonNegative}) ||
      !r_.opt_boolean(v, ptr, "can_turn_in_place", out.can_turn_in_place) ||
      !r_.opt_number(v, ptr, "max_turn_rate", out.max_turn_rate,
                     {"a turn rate in rad/s", R::Positive, "a stop-turn would never end"}) ||
      !r_.opt_number(v, ptr, "arrive_distance", out.arrive_distance, {"a distance in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "arrive_speed", out.arrive_speed, {"a speed in m/s", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "lookahead", out.lookahead, {"a lookahead distance in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "stall_window", out.stall_window, {"a time window in s", R::Positive}) ||
      !r_.opt_number(v, ptr, "stall_min_progress", out.stall_min_progress, {"a distance in m", R::NonNegative}))
    return false;
  if (out.min_turn_radius > out.turn_radius)
    return r_.fail(at(ptr, "min_turn_radius"), "at most turn_radius (" + Json(out.turn_radius).dump() + ")",
                   Json(out.min_turn_radius).dump());
  if (const Json* mode = SceneReader::member(v, "corner_mode")) {
    int m = 0;
    if (!r_.choice(*mode, at(ptr, "corner_mode"), {"stop", "arc", "auto"}, m)) return false;
    out.corner_mode = static_cast<CornerMode>(m);
  }
  if (const Json* ic = SceneReader::member(v, "inner_corner")) {
    const std::string ip = at(ptr, "inner_corner");
    if (!r_.array(*ic, ip, "an array of at least 1 point [width, distance]", 1)) return false;
    out.inner_corner.assign(ic->size(), Vec2{});
    for (size_t i = 0; i < ic->size(); ++i) {
      Vec2& p = out.inner_corner[i];
      const std::string pp = at(ip, i);
      if (!vec2((*ic)[i], pp, p, "a point [width, distance] in m")) return false;
      const double prev = i == 0 ? 0.0 : out.inner_corner[i - 1].x;
      if (!(p.x > prev))
        return r_.fail(at(pp, size_t{0}), "a width > " + Json(prev).dump() + " (widths increase from 0)",
                       SceneReader::describe(&(*ic)[i][0]));
      if (p.y < 0.0 || p.y > p.x / 2.0)
        return r_.fail(at(pp, size_t{1}), "a distance from 0 to half the width (" + Json(p.x / 2.0).dump() + ")",
                       SceneReader::describe(&(*ic)[i][1]));
    }
  }
  if (const Json* ex = SceneReader::member(v, "excluded_areas")) {
    const std::string ep = at(ptr, "excluded_areas");
    if (!r_.array(*ex, ep, "an array of area names")) return false;
    out.excluded_areas.resize(ex->size());
    for (size_t i = 0; i < ex->size(); ++i)
      if (!r_.string((*ex)[i], at(ep, i), out.excluded_areas[i], "an area name (a non-empty string)")) return false;
  }
  return true;
}

bool Parser::queries(const Json& v, P ptr, std::vector<Query>& out) {
  if (!r_.array(v, ptr, "an array of queries [{\"start\", \"goal\", \"name\"}, ...]") ||
      !at_most(v, ptr, limits::kMaxQueries, "queries (the query count limit)"))
    return false;
  out.resize(v.size());
  const bool graph = source_ == Scene::Source::Graph;
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& q = v[i];
    const std::string ip = at(ptr, i);
    if (!r_.object(q, ip, {"start", "goal", "name"}, "query") ||
        !r_.opt_string(q, ip, "name", out[i].name, "a query name (a string)", false))
      return false;
    const std::string shape = graph ? "a node id of the graph" : point_shape();
    const Json* start = r_.require(q, ip, "start", shape);
    if (!start) return false;
    if (graph ? !node_id(*start, at(ip, "start"), out[i].start.node) : !point(*start, at(ip, "start"), out[i].start, false))
      return false;
    const Json* goal = r_.require(q, ip, "goal", shape);
    if (!goal) return false;
    if (graph ? !node_id(*goal, at(ip, "goal"), out[i].goal.node) : !point(*goal, at(ip, "goal"), out[i].goal, false))
      return false;
  }
  return true;
}

bool Parser::search(const Json& v, P ptr, SearchDef& out) {
  if (!r_.object(v, ptr, {"algorithm", "heuristic_scale", "node_budget", "cost_model"}, "search")) return false;
  if (const Json* a = SceneReader::member(v, "algorithm")) {
    int k = 0;
    if (!r_.choice(*a, at(ptr, "algorithm"), {"astar", "dijkstra", "polyanya"}, k)) return false;
    out.algorithm = static_cast<Algorithm>(k);
    if (source_ == Scene::Source::Graph && out.algorithm == Algorithm::Polyanya)
      return r_.fail(at(ptr, "algorithm"), "\"astar\" or \"dijkstra\" (Polyanya searches polygons; a graph scene has none)",
                     SceneReader::describe(a));
  }
  if (!r_.opt_number(v, ptr, "heuristic_scale", out.heuristic_scale, {"a heuristic scale", NumberRule::NonNegative}))
    return false;
  if (const Json* b = SceneReader::member(v, "node_budget"))
    if (!r_.integer(*b, at(ptr, "node_budget"), out.node_budget, 0, INT_MAX, "a node budget (0 = unlimited)"))
      return false;
  if (const Json* c = SceneReader::member(v, "cost_model")) {
    int k = 0;
    const std::string cp = at(ptr, "cost_model");
    if (!r_.choice(*c, cp, {"edge_midpoints", "centroids", "graph"}, k)) return false;
    const bool graph = source_ == Scene::Source::Graph;
    if (graph && k != int(CostModel::Graph))
      return r_.fail(cp, "\"graph\" (a graph scene's edges carry their costs)", SceneReader::describe(c));
    if (!graph && k == int(CostModel::Graph))
      return r_.fail(cp, "\"edge_midpoints\" or \"centroids\" (\"graph\" is for graph scenes)", SceneReader::describe(c));
    out.cost_model = static_cast<CostModel>(k);
  }
  return true;
}

bool Parser::spawn(const Json& v, P ptr, SpawnDef& out) {
  if (!r_.object(v, ptr, {"candidates", "allowed_areas", "forbidden_zones", "occupants", "safe_targets", "clearance",
                          "partition_of"},
                 "spawn"))
    return false;
  if (const Json* c = SceneReader::member(v, "candidates")) {
    const std::string cp = at(ptr, "candidates");
    if (!r_.array(*c, cp, "an array of candidates [{\"name\", \"pos\"}, ...]")) return false;
    out.candidates.resize(c->size());
    for (size_t i = 0; i < c->size(); ++i) {
      const std::string ip = at(cp, i);
      const Json& e = (*c)[i];
      if (!r_.object(e, ip, {"name", "pos"}, "spawn candidate") ||
          !r_.opt_string(e, ip, "name", out.candidates[i].name, "a candidate name (a string)", false))
        return false;
      const Json* pos = r_.require(e, ip, "pos", point_shape());
      if (!pos || !point(*pos, at(ip, "pos"), out.candidates[i].pos, true)) return false;
    }
  }
  if (const Json* a = SceneReader::member(v, "allowed_areas")) {
    const std::string ap = at(ptr, "allowed_areas");
    if (!r_.array(*a, ap, "an array of area names")) return false;
    std::vector<std::string> names(a->size());
    for (size_t i = 0; i < a->size(); ++i)
      if (!r_.string((*a)[i], at(ap, i), names[i], "an area name (a non-empty string)")) return false;
    out.allowed_areas = std::move(names);
  }
  if (const Json* z = SceneReader::member(v, "forbidden_zones")) {
    const std::string zp = at(ptr, "forbidden_zones");
    if (!r_.array(*z, zp, "an array of zones [{\"name\", \"polygon\"}, ...]")) return false;
    out.forbidden_zones.resize(z->size());
    for (size_t i = 0; i < z->size(); ++i) {
      const std::string ip = at(zp, i);
      const Json& e = (*z)[i];
      if (!r_.object(e, ip, {"name", "polygon"}, "forbidden zone") ||
          !r_.opt_string(e, ip, "name", out.forbidden_zones[i].name, "a zone name (a string)", false))
        return false;
      const Json* poly = r_.require(e, ip, "polygon", "a polygon of at least 3 points");
      if (!poly || !flat_points(*poly, at(ip, "polygon"), out.forbidden_zones[i].polygon, 3,
                                "a polygon of at least 3 points"))
        return false;
    }
  }
  if (const Json* o = SceneReader::member(v, "occupants")) {
    const std::string op = at(ptr, "occupants");
    if (!r_.array(*o, op, "an array of occupants [{\"name\", \"pos\", \"radius\"}, ...]")) return false;
    out.occupants.resize(o->size());
    for (size_t i = 0; i < o->size(); ++i) {
      const std::string ip = at(op, i);
      const Json& e = (*o)[i];
      Occupant& occ = out.occupants[i];
      if (!r_.object(e, ip, {"name", "pos", "radius"}, "occupant") ||
          !r_.opt_string(e, ip, "name", occ.name, "an occupant name (a string)", false))
        return false;
      const Json* pos = r_.require(e, ip, "pos", point_shape());
      if (!pos || !point(*pos, at(ip, "pos"), occ.pos, true)) return false;
      if (!r_.opt_number(e, ip, "radius", occ.radius, {"a radius in m", NumberRule::NonNegative})) return false;
    }
  }
  if (const Json* t = SceneReader::member(v, "safe_targets")) {
    const std::string tp = at(ptr, "safe_targets");
    if (!r_.array(*t, tp, "an array of points")) return false;
    out.safe_targets.resize(t->size());
    for (size_t i = 0; i < t->size(); ++i)
      if (!point((*t)[i], at(tp, i), out.safe_targets[i], true)) return false;
  }
  if (const Json* c = SceneReader::member(v, "clearance")) {
    double r = 0.0;
    if (!r_.number(*c, at(ptr, "clearance"), r, {"a clearance in m", NumberRule::NonNegative})) return false;
    out.clearance = r;
  }
  if (const Json* p = SceneReader::member(v, "partition_of")) {
    ScenePoint sp;
    if (!point(*p, at(ptr, "partition_of"), sp, true)) return false;
    out.partition_of = sp;
  }
  return true;
}

bool Parser::unreachable(const Json& v, P ptr, UnreachablePolicy& out) {
  const std::string expected = "\"fail\" or {\"policy\": \"nearest_reachable\", \"radius\", \"require_connected\"}";
  if (v.is_string()) {
    if (v.get_ref<const std::string&>() == "fail") return true;
    return r_.fail(ptr, expected, SceneReader::describe(&v));
  }
  if (!v.is_object()) return r_.fail(ptr, expected, SceneReader::describe(&v));
  if (!r_.object(v, ptr, {"policy", "radius", "require_connected"}, "unreachable_goal")) return false;
  const Json* policy = r_.require(v, ptr, "policy", "\"fail\" or \"nearest_reachable\"");
  int k = 0;
  if (!policy || !r_.choice(*policy, at(ptr, "policy"), {"fail", "nearest_reachable"}, k)) return false;
  out.nearest_reachable = k == 1;
  if (out.nearest_reachable) {
    const Json* radius = r_.require(v, ptr, "radius", "a search radius in m > 0");
    if (!radius || !r_.number(*radius, at(ptr, "radius"), out.radius, {"a search radius in m", NumberRule::Positive}))
      return false;
  } else if (!r_.opt_number(v, ptr, "radius", out.radius, {"a search radius in m", NumberRule::NonNegative})) {
    return false;
  }
  return r_.opt_boolean(v, ptr, "require_connected", out.require_connected);
}

constexpr int kDetourAreas = 64;  // Detour's DT_MAX_AREAS (the scene library does not include Detour)

// Area names must refer to areas the scene declares. (A graph edge's `door` needs no entry in `doors`: it
// names a gate, open unless a declared door of that id says otherwise.)
bool Parser::references(const Scene& s) {
  std::vector<std::string> areas{"default"};
  auto add = [&](const std::string& a) {
    if (std::find(areas.begin(), areas.end(), a) == areas.end()) areas.push_back(a);
  };
  for (const auto& a : s.navmesh.areas) add(a);
  for (const auto& a : s.floorplan.areas) add(a.name);
  // A Detour file's areas are numbers (read in after the scene): "area 1" ... "area 63", as the reader
  // names them (DT_MAX_AREAS is 64, area 0 is "default"). One the file lacks excludes nothing.
  if (s.source == Scene::Source::Detour)
    for (int i = 1; i < kDetourAreas; ++i) add("area " + std::to_string(i));
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

}  // namespace

std::string parse_scene_document(const Json& root, const std::string& text, const std::string& file, Scene& out) {
  Parser parser(text, file);
  Scene s;
  if (!parser.run(root, s)) return parser.error();
  out = std::move(s);
  return "";
}

}  // namespace navlab
