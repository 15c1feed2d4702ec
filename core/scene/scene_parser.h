// The scene parser's class, shared by the files that read its blocks (scene_parse.cpp: the document,
// points and area references; scene_parse_sources.cpp: the navmesh sources and bake;
// scene_parse_blocks.cpp: the other blocks). Inside core/scene only.
#pragma once

#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "json_locate.h"
#include "scene.h"
#include "scene_reader.h"

namespace navlab::parse {

using json_at::at;
using json_at::P;

class Parser {
 public:
  Parser(const std::string& text, const std::string& file) : r_(text, file) {}
  const std::string& error() const { return r_.error(); }
  bool run(const Json& root, Scene& s);
  // A level mesh scene from a "mesh" block and an optional "bake" block of another document.
  bool level(const Json& mesh_block, P mesh_ptr, const Json* bake_block, P bake_ptr, Scene& s) {
    source_ = Scene::Source::Mesh;
    return mesh(mesh_block, mesh_ptr, s.source.emplace<Scene::Mesh>()) &&
           (!bake_block || bake(*bake_block, bake_ptr, s.bake));
  }

 private:
  SceneReader r_;
  Scene::Source source_ = Scene::Source::Navmesh;
  std::vector<std::string> node_ids_;         // in file order, for "did you mean"
  std::unordered_set<std::string> node_set_;  // the same ids, for lookups

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
  bool flat_points(const Json& v, P ptr, std::vector<Vec2>& out, size_t min, const std::string& what, bool ring = true);
  bool unique_id(const Json& obj, P ptr, std::set<std::string>& seen, std::string& out, const char* what);
  // At most `limit` items in array `v` (`what` names the limit in the message).
  bool at_most(const Json& v, P ptr, size_t limit, const std::string& what);

  bool navmesh(const Json& v, P ptr, Scene::Navmesh& out);
  bool floorplan(const Json& v, P ptr, Scene::Floorplan& out);
  bool mesh(const Json& v, P ptr, Scene::Mesh& out);
  // Painted areas (scene_parse_areas.cpp): a floor plan's polygons, a level's convex volumes.
  bool painted_areas(const Json& v, P ptr, std::vector<AreaPaint>& out);
  bool volumes(const Json& v, P ptr, std::vector<AreaVolume>& out);
  // The cost an area name was first given, and where.
  struct NamedCost {
    std::string name, pointer;
    double cost = 1.0;
  };
  // An area's name and its optional cost (default 1, >= 0) at `ptr`, the cost checked against the one the
  // same name was given before (`seen`, which gains the name the first time).
  bool area_name_cost(const Json& a, P ptr, std::string& name, double& cost, std::vector<NamedCost>& seen);
  bool graph(const Json& v, P ptr, Scene::Graph& out);
  // The source block `v` (at `ptr`) into `out`, a block of the kind the document names.
  bool source_block(const Json& v, P ptr, Scene::SourceBlock& out);
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

}  // namespace navlab::parse
