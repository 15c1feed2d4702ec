// The navmesh sources of a scene (navmesh, floorplan, mesh, graph) and its bake parameters (Parser,
// scene_parser.h).
#include "input_limits.h"
#include "scene_parser.h"

namespace navlab::parse {

bool Parser::navmesh(const Json& v, P ptr, Scene::Navmesh& out) {
  if (!r_.object(v, ptr, {"vertices", "polygons", "costs", "areas"}, "navmesh")) return false;
  const Json* verts = r_.require(v, ptr, "vertices", "an array of vertices [[x, y], ...]");
  if (!verts || !flat_points(*verts, at(ptr, "vertices"), out.vertices, 3,
                             "an array of at least 3 vertices [[x, y], ...]", false))
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
      if (!r_.number((*costs)[i], at(cp, i), out.costs[i], {"a cost multiplier", NumberRule::NonNegative}))
        return false;
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
  if (!outline ||
      !flat_points(*outline, at(ptr, "outline"), out.outline, 3, "an outline [[x, y], ...] of at least 3 points"))
    return false;
  if (const Json* holes = SceneReader::member(v, "holes")) {
    const std::string hp = at(ptr, "holes");
    if (!r_.array(*holes, hp, "an array of holes [[[x, y], ...], ...]") ||
        !at_most(*holes, hp, limits::kMaxHoles, "holes (the hole count limit)"))
      return false;
    out.holes.resize(holes->size());
    size_t points = out.outline.size();
    for (size_t i = 0; i < holes->size(); ++i) {
      if (!flat_points((*holes)[i], at(hp, i), out.holes[i], 3, "a hole [[x, y], ...] of at least 3 points"))
        return false;
      if ((points += out.holes[i].size()) > limits::kMaxFloorplanPoints)
        return r_.fail(at(hp, i),
                       "at most " + std::to_string(limits::kMaxFloorplanPoints) +
                           " points in the outline and holes together (the floor-plan point limit)",
                       "a hole that brings them to " + std::to_string(points));
    }
  }
  const Json* areas = SceneReader::member(v, "areas");
  return !areas || painted_areas(*areas, at(ptr, "areas"), out.areas);
}

bool Parser::mesh(const Json& v, P ptr, Scene::Mesh& out) {
  if (!r_.object(v, ptr, {"obj", "file", "root", "scale", "up", "areas"}, "mesh")) return false;
  const Json* obj = SceneReader::member(v, "obj");
  const Json* file = SceneReader::member(v, "file");
  if (obj && file) return r_.fail(at(ptr, "file"), "either \"obj\" or \"file\", not both", "both", true);
  if (!obj && !file)
    return r_.fail(ptr, "\"obj\" (an OBJ file) or \"file\" (a level file Assimp reads: .gltf, .glb, .fbx, ...)",
                   "neither");
  if (obj && !r_.file_path(*obj, at(ptr, "obj"), out.obj, "an OBJ file path (relative to the scene file)"))
    return false;
  if (file && !r_.file_path(*file, at(ptr, "file"), out.file, "a level file path (relative to the scene file)"))
    return false;
  if (const Json* root = SceneReader::member(v, "root")) {
    if (!file)
      return r_.fail(at(ptr, "root"), "\"root\" beside \"file\" (an OBJ level names no other file)", "\"obj\"", true);
    if (!r_.file_path(*root, at(ptr, "root"), out.root,
                      "the folder the level's files lie in (relative to the scene file)"))
      return false;
  }
  if (!r_.opt_number(v, ptr, "scale", out.scale, {"a scale factor", NumberRule::Positive})) return false;
  if (const Json* up = SceneReader::member(v, "up")) {
    int which = 0;
    if (!r_.choice(*up, at(ptr, "up"), {"y", "z"}, which)) return false;
    out.up = which == 0 ? Scene::Mesh::Up::Y : Scene::Mesh::Up::Z;
  }
  const Json* areas = SceneReader::member(v, "areas");
  return !areas || volumes(*areas, at(ptr, "areas"), out.areas);
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
    if (!r_.object(n, ip, {"id", "pos"}, "graph node") || !unique_id(n, ip, seen, out.nodes[i].id, "node"))
      return false;
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
  if (!r_.object(v, ptr,
                 {"cell_size", "cell_height", "agent_height", "agent_radius", "agent_max_climb", "agent_max_slope",
                  "region_min_size", "region_merge_size", "edge_max_len", "edge_max_error", "verts_per_poly",
                  "detail_sample_dist", "detail_sample_max_error", "partition", "tile_size"},
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
      !r_.opt_number(v, ptr, "detail_sample_dist", out.detail_sample_dist,
                     {"a sample distance in cells", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "detail_sample_max_error", out.detail_sample_max_error,
                     {"a sample error in cells", R::NonNegative}))
    return false;
  if (out.agent_max_slope >= 90.0)
    return r_.fail(at(ptr, "agent_max_slope"), "a slope in degrees below 90",
                   SceneReader::describe(SceneReader::member(v, "agent_max_slope")));
  if (const Json* p = SceneReader::member(v, "partition")) {
    if (!r_.choice(*p, at(ptr, "partition"), kPartitionNames, out.partition)) return false;
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

}  // namespace navlab::parse
