// A navlab scene: one JSON file. Load, validate and save; loading never half-loads.
#pragma once

#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "agent.h"
#include "enum_names.h"
#include "geom.h"
#include "result.h"

namespace navlab {

// A point as written in a scene: [x, y] (2D), [x, y, z] (3D mesh scenes, y up) or a graph node id.
struct ScenePoint {
  std::string node;     // graph scenes: node id (coordinates unused)
  Vec2 plane;           // planning-plane position: [x, y] as written, or to_plane([x, y, z])
  double height = 0.0;  // 3D: world y
  bool is3d = false;
  Vec3 world() const { return to_world(plane, height); }
  friend bool operator==(const ScenePoint&, const ScenePoint&) = default;
};

// How Recast splits the walkable area into regions (RecastDemo's "Partitioning"): watershed gives the
// best polygons and is the slowest (its time grows faster than the cell count on large open floors);
// monotone is the fastest and makes long thin polygons; layers lies between.
enum class Partition { Watershed, Monotone, Layers };
inline constexpr Named<Partition> kPartitionNames[] = {
    {Partition::Watershed, "watershed"},
    {Partition::Monotone, "monotone"},
    {Partition::Layers, "layers"},
};
static_assert(names_cover(kPartitionNames, Partition::Layers));
inline const char* to_string(Partition v) { return name_in(kPartitionNames, v); }

// Cells per tile side a tiled bake accepts (RecastDemo's tile sizes run from 16 to 128; larger tiles
// are allowed as long as a tile's vertex count fits Recast's 16-bit indices).
constexpr int kMinBakeTileSize = 16;
constexpr int kMaxBakeTileSize = 1024;

// Recast bake parameters; defaults are RecastDemo's Solo Mesh defaults.
struct BakeDef {
  double cell_size = 0.3;                      // m
  double cell_height = 0.2;                    // m
  double agent_height = 2.0;                   // m
  double agent_radius = 0.6;                   // m; the baked mesh is eroded by this
  double agent_max_climb = 0.9;                // m
  double agent_max_slope = 45.0;               // degrees
  double region_min_size = 8.0;                // cells (squared in Recast)
  double region_merge_size = 20.0;             // cells (squared in Recast)
  double edge_max_len = 12.0;                  // m (divided by cell_size for Recast)
  double edge_max_error = 1.3;                 // cells
  int verts_per_poly = 6;                      // [Limit: 3..6]
  double detail_sample_dist = 6.0;             // cells (times cell_size)
  double detail_sample_max_error = 1.0;        // cells (times cell_height)
  Partition partition = Partition::Watershed;  // single-tile bakes; the tile cache partitions its own way
  int tile_size = 0;  // cells per tile side of a tiled bake (core/navmesh/bake_tiled.h); 0: one tile
                      // [Limit: 0 or kMinBakeTileSize..kMaxBakeTileSize]
  friend bool operator==(const BakeDef&, const BakeDef&) = default;
};

// A painted area's `cost` is the search's cost multiplier (NavPoly::cost, Detour's area cost) of every
// polygon baked in it: one cost per area name (every area of a name gives the same), >= 0; "default",
// the unpainted floor, costs 1.
struct AreaPaint {  // floor plans: a polygon painted with an area name
  std::string name;
  std::vector<Vec2> polygon;  // any simple polygon
  double cost = 1.0;
  friend bool operator==(const AreaPaint&, const AreaPaint&) = default;
};

// Level meshes: a convex volume marked with an area name, as RecastDemo's convex volumes are (Recast's
// rcMarkConvexPolyArea, after erosion): every walkable span inside the polygon (in the plane) whose floor
// lies within [height_min, height_max] gets the area.
struct AreaVolume {
  std::string name;
  std::vector<ScenePoint> polygon;  // convex in the plane, [x, y, z] as written (y plays no part)
  double height_min = 0.0;          // m, world y                                       [Limit: < height_max]
  double height_max = 0.0;          // m
  double cost = 1.0;
  friend bool operator==(const AreaVolume&, const AreaVolume&) = default;
};
// m: the height range a volume gets when none is given, RecastDemo's convex volume tool's: from the
// lowest corner minus kVolumeDescent to kVolumeHeight above that.
constexpr double kVolumeDescent = 1.0;
constexpr double kVolumeHeight = 6.0;

struct Door {
  std::string id;
  std::vector<ScenePoint> shape;  // two points (segment) or a polygon
  bool is_polygon = false;
  bool open = true;
  friend bool operator==(const Door&, const Door&) = default;
};

// Transient obstacle: never changes topology. A circle (radius > 0) or a box (half_extents).
struct Blocker {
  std::string id;
  ScenePoint center;
  double radius = 0.0;  // m; circle when > 0
  Vec2 half_extents;    // m; box when radius == 0
  double angle = 0.0;   // rad; box rotation
  Vec2 velocity;        // m/s; in the plane
  friend bool operator==(const Blocker&, const Blocker&) = default;
};

struct GraphNodeDef {
  std::string id;
  Vec2 pos;
  friend bool operator==(const GraphNodeDef&, const GraphNodeDef&) = default;
};
struct GraphEdgeDef {  // directed
  std::string from;
  std::string to;
  double cost = 0.0;
  std::string door;  // optional gate
  friend bool operator==(const GraphEdgeDef&, const GraphEdgeDef&) = default;
};

// An off-mesh link (a jump, drop or ladder) of a baked or hand-authored mesh: the agent leaves the mesh at
// `from` and lands at `to`. Baked scenes give it to Detour as an off-mesh connection.
struct LinkDef {
  ScenePoint from;
  ScenePoint to;
  // m: how far (in the plane) each end may lie from the polygon it attaches to, as Detour's off-mesh
  // connection radius; absent: bake.agent_radius, so a point at the edge of the floor still reaches the
  // mesh eroded by the agent's radius.
  std::optional<double> radius;
  bool bidirectional = true;  // false: only from -> to (a drop)
  // Search cost of crossing it, m of path (polygon cost multipliers do not apply); absent: the length
  // from `from` to `to`, which is what Detour's default filter charges for an off-mesh connection.
  std::optional<double> cost;
  double radius_or(const BakeDef& bake) const { return radius ? *radius : bake.agent_radius; }
  friend bool operator==(const LinkDef&, const LinkDef&) = default;
};

struct Query {
  std::string name;
  ScenePoint start;
  ScenePoint goal;
  friend bool operator==(const Query&, const Query&) = default;
};

// Polyanya is not a polygon-graph search: plan_optimal() (core/optimal) takes the corridor from the
// exact shortest path; search() given Polyanya runs A*.
enum class Algorithm { AStar, Dijkstra, Polyanya };
enum class CostModel { EdgeMidpoints, Centroids, Graph };
inline constexpr Named<Algorithm> kAlgorithmNames[] = {
    {Algorithm::AStar, "astar"},
    {Algorithm::Dijkstra, "dijkstra"},
    {Algorithm::Polyanya, "polyanya"},
};
static_assert(names_cover(kAlgorithmNames, Algorithm::Polyanya));
inline const char* to_string(Algorithm v) { return name_in(kAlgorithmNames, v); }
inline constexpr Named<CostModel> kCostModelNames[] = {
    {CostModel::EdgeMidpoints, "edge_midpoints"},
    {CostModel::Centroids, "centroids"},
    {CostModel::Graph, "graph"},
};
static_assert(names_cover(kCostModelNames, CostModel::Graph));
inline const char* to_string(CostModel v) { return name_in(kCostModelNames, v); }

struct SearchDef {
  Algorithm algorithm = Algorithm::AStar;
  double heuristic_scale = 0.999;                   // Detour's H_SCALE
  int node_budget = 0;                              // expansions allowed; 0 = unlimited
  CostModel cost_model = CostModel::EdgeMidpoints;  // graph scenes default to Graph
  friend bool operator==(const SearchDef&, const SearchDef&) = default;
};

struct SpawnCandidate {
  std::string name;
  ScenePoint pos;
  friend bool operator==(const SpawnCandidate&, const SpawnCandidate&) = default;
};
struct ForbiddenZone {
  std::string name;
  std::vector<Vec2> polygon;
  friend bool operator==(const ForbiddenZone&, const ForbiddenZone&) = default;
};
struct Occupant {
  std::string name;
  ScenePoint pos;
  double radius = 0.0;
  friend bool operator==(const Occupant&, const Occupant&) = default;
};
struct SpawnDef {
  std::vector<SpawnCandidate> candidates;
  std::optional<std::vector<std::string>> allowed_areas;  // absent: every area
  std::vector<ForbiddenZone> forbidden_zones;
  std::vector<Occupant> occupants;
  std::vector<ScenePoint> safe_targets;
  std::optional<double> clearance;         // absent: agent radius
  std::optional<ScenePoint> partition_of;  // absent: the first safe target
  friend bool operator==(const SpawnDef&, const SpawnDef&) = default;
};

struct UnreachablePolicy {
  bool nearest_reachable = false;  // false: "fail"
  double radius = 0.0;             // m
  bool require_connected = true;
  friend bool operator==(const UnreachablePolicy&, const UnreachablePolicy&) = default;
};

// Side-scroller scenes (docs/sidescroller.md): a side view, y up, with solid
// boxes and enemies that walk or fly without any navigation graph.
struct SideBox {  // an axis-aligned solid: ground, platform or wall; x0 < x1, y0 < y1 (m)
  double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
  friend bool operator==(const SideBox&, const SideBox&) = default;
};
struct SidePlayerEvent {  // the player teleports to `pos` at time `t`
  double t = 0.0;         // s
  Vec2 pos;
  friend bool operator==(const SidePlayerEvent&, const SidePlayerEvent&) = default;
};
enum class SideNavigatorKind { Ground, Flying, None };
enum class SideStrategyKind { Pace, Wander, Waypoints, Approach, Rush };
inline constexpr Named<SideNavigatorKind> kSideNavigatorKindNames[] = {
    {SideNavigatorKind::Ground, "ground"},
    {SideNavigatorKind::Flying, "flying"},
    {SideNavigatorKind::None, "none"},
};
static_assert(names_cover(kSideNavigatorKindNames, SideNavigatorKind::None));
inline const char* to_string(SideNavigatorKind v) { return name_in(kSideNavigatorKindNames, v); }
inline constexpr Named<SideStrategyKind> kSideStrategyKindNames[] = {
    {SideStrategyKind::Pace, "pace"},           {SideStrategyKind::Wander, "wander"},
    {SideStrategyKind::Waypoints, "waypoints"}, {SideStrategyKind::Approach, "approach"},
    {SideStrategyKind::Rush, "rush"},
};
static_assert(names_cover(kSideStrategyKindNames, SideStrategyKind::Rush));
inline const char* to_string(SideStrategyKind v) { return name_in(kSideStrategyKindNames, v); }
struct SideStrategyDef {
  SideStrategyKind kind = SideStrategyKind::Pace;
  double min = 1.0;          // wander: nearest wander point, m from the body (ground) or home (flying)
  double max = 3.0;          // wander: farthest wander point, m                      [Limit: >= min]
  double pause = 1.0;        // wander: pause after each arrival or block, s
  std::vector<Vec2> points;  // waypoints, visited in order and again from the first
  Vec2 to;                   // rush: the lock point; the charge stops once the body is past its x
  friend bool operator==(const SideStrategyDef&, const SideStrategyDef&) = default;
};
struct SideEnemyDef {
  std::string id;
  Vec2 pos;             // bottom centre of the body, m
  Vec2 body{1.0, 1.0};  // width, height, m                                     [Limit: > 0]
  SideNavigatorKind navigator = SideNavigatorKind::Ground;
  double speed = 2.0;              // walk (or fly) speed, m/s                             [Limit: > 0]
  double stopping_distance = 0.1;  // m; arrived when this close to the target (ground: in x)
  SideStrategyDef strategy;
  friend bool operator==(const SideEnemyDef&, const SideEnemyDef&) = default;
};
struct SideScrollerDef {
  double gravity = 30.0;  // m/s², pulls ground bodies down (y up)
  std::vector<SideBox> solids;
  Vec2 player;              // the player's position at t = 0
  bool has_player = false;  // false when the scene names no player
  std::vector<SidePlayerEvent> player_events;
  std::vector<SideEnemyDef> enemies;
  friend bool operator==(const SideScrollerDef&, const SideScrollerDef&) = default;
};

struct Scene {
  // The kind of the scene's source: the index of its block in `source` (kind()), and the key the scene
  // format gives the block (kSceneSourceNames). SideScroller: a side view with no navmesh.
  enum class Source { Navmesh, Floorplan, Mesh, Graph, SideScroller, Detour };

  // (same_besides_geometry compares the members of Navmesh and Floorplan one by one: a member added here
  // is added there.)
  struct Navmesh {
    std::vector<Vec2> vertices;
    std::vector<std::vector<int>> polygons;
    std::vector<double> costs;       // empty: all 1
    std::vector<std::string> areas;  // empty: all "default"
    friend bool operator==(const Navmesh&, const Navmesh&) = default;
  };
  struct Floorplan {
    std::vector<Vec2> outline;
    std::vector<std::vector<Vec2>> holes;
    std::vector<AreaPaint> areas;
    friend bool operator==(const Floorplan&, const Floorplan&) = default;
  };
  // A 3D level file: exactly one of `obj` (navlab's own OBJ reader) or `file` (any format Assimp reads:
  // glTF 2.0 .gltf/.glb, FBX, Collada, ...), both relative to the scene file. `scale` multiplies every
  // coordinate (0.01 for a level in centimetres); `up` names the level's up axis (Recast plans y-up, so
  // a z-up level is turned: (x, y, z) -> (x, z, -y)).
  struct Mesh {
    enum class Up { Y, Z };
    std::string obj;
    std::string file;
    double scale = 1.0;
    Up up = Up::Y;
    // The folder (relative to the scene file) inside which every file the level `file` names must lie;
    // "" = the level file's own folder.
    std::string root;
    std::vector<AreaVolume> areas;  // painted convex volumes, later ones on top
    const std::string& path() const { return file.empty() ? obj : file; }
    friend bool operator==(const Mesh&, const Mesh&) = default;
  };
  struct Graph {
    std::vector<GraphNodeDef> nodes;
    std::vector<GraphEdgeDef> edges;
    friend bool operator==(const Graph&, const Graph&) = default;
  };
  struct Detour {
    std::string file;  // a Detour navmesh file (RecastDemo's all-tiles format), relative to the scene file
    friend bool operator==(const Detour&, const Detour&) = default;
  };
  // The scene's one source, its alternatives in Source's order (checked below kSourceTraits).
  using SourceBlock = std::variant<Navmesh, Floorplan, Mesh, Graph, SideScrollerDef, Detour>;

  std::string path;  // file it was loaded from (relative OBJ paths resolve against it); not saved
  std::string name;
  std::string description;
  SourceBlock source;  // a default Scene is an empty hand-authored navmesh

  BakeDef bake;
  std::vector<Door> doors;
  std::vector<LinkDef> links;  // floor plans, level meshes and hand-authored meshes
  std::vector<Blocker> blockers;
  AgentDef agent;
  std::vector<Query> queries;
  SearchDef search;
  SpawnDef spawn;
  UnreachablePolicy unreachable_goal;

  Source kind() const { return static_cast<Source>(source.index()); }
  // The source's block when the scene has that kind of source, else nullptr.
  const Navmesh* navmesh_source() const { return std::get_if<Navmesh>(&source); }
  Navmesh* navmesh_source() { return std::get_if<Navmesh>(&source); }
  const Floorplan* floorplan_source() const { return std::get_if<Floorplan>(&source); }
  Floorplan* floorplan_source() { return std::get_if<Floorplan>(&source); }
  const Mesh* mesh_source() const { return std::get_if<Mesh>(&source); }
  Mesh* mesh_source() { return std::get_if<Mesh>(&source); }
  const Graph* graph_source() const { return std::get_if<Graph>(&source); }
  Graph* graph_source() { return std::get_if<Graph>(&source); }
  const SideScrollerDef* sidescroller_source() const { return std::get_if<SideScrollerDef>(&source); }
  SideScrollerDef* sidescroller_source() { return std::get_if<SideScrollerDef>(&source); }
  const Detour* detour_source() const { return std::get_if<Detour>(&source); }
  Detour* detour_source() { return std::get_if<Detour>(&source); }

  bool operator==(const Scene& o) const;  // compares everything but `path`
  // Compares everything but `path` and the large arrays of the source's geometry: a hand-authored mesh's
  // vertices and polygons, a floor plan's outline and holes. For a check of what a scene means beyond
  // the mesh made from it (the mesh's own revision standing for the geometry): on a floor plan of
  // thousands of pillars, comparing them is most of the work.
  bool same_besides_geometry(const Scene& o) const;
  // Mesh and Detour-file scenes are 3D: points are [x, y, z] with y up.
  bool is3d() const;
};

// A default block of the source of kind `kind` (what a reader fills in).
Scene::SourceBlock empty_source(Scene::Source kind);

// What a scene source can do, in one table: the app, the CLI and the check runner ask it (traits(kind()))
// instead of naming sources; code that works on the source's own data reaches it by std::visit on
// Scene::source or by an accessor (mesh_source(), ...). Adding a source: its enum value and its block
// type in Scene::SourceBlock at the same place, its accessor, its row here and in kSceneSourceNames, its
// key in the reader's list of scene keys, its case in the reader's and the writer's std::visit
// (scene_parse.cpp, scene_write.cpp) and in build_navmesh's (core/navmesh/navmesh_build.cpp); the
// compiler asks for each std::visit's case and the static_asserts below check the orders.
struct SourceTraits {
  Scene::Source source;
  bool baked;      // Recast bakes it (floor plans, levels): areas painted, tiles, bake settings, the bake job
  bool rebuilt;    // a hand-authored mesh: rebuilt (not baked) from its own polygons
  bool links;      // holds off-mesh links (`links`)
  bool heights;    // 3D: points are [x, y, z] with y up
  bool level;      // has a level's triangles (the 3D view, painted volumes)
  bool side_view;  // a side view with no navmesh or graph (the side-scroller's navigators)
  bool polygons;   // planned on polygons (corridors, portals, funnel); false for graphs and the side view
};
inline constexpr SourceTraits kSourceTraits[] = {
    // source                baked  rebuilt links  heights level  side_view polygons
    {Scene::Source::Navmesh, false, true, true, false, false, false, true},
    {Scene::Source::Floorplan, true, false, true, false, false, false, true},
    {Scene::Source::Mesh, true, false, true, true, true, false, true},
    {Scene::Source::Graph, false, false, false, false, false, false, false},
    {Scene::Source::SideScroller, false, false, false, false, false, true, false},
    {Scene::Source::Detour, false, false, false, true, false, false, true},
};
constexpr bool source_traits_in_enum_order() {
  for (size_t i = 0; i < std::size(kSourceTraits); ++i)
    if (size_t(kSourceTraits[i].source) != i) return false;
  return true;
}
static_assert(source_traits_in_enum_order(), "kSourceTraits lists the sources in Scene::Source's order");
static_assert(std::size(kSourceTraits) == std::variant_size_v<Scene::SourceBlock>, "a row for every source");
// The block type of a source kind: Scene::kind() is the variant's index, so the two orders must agree.
template <Scene::Source S>
using SourceBlockOf = std::variant_alternative_t<size_t(S), Scene::SourceBlock>;
static_assert(std::is_same_v<SourceBlockOf<Scene::Source::Navmesh>, Scene::Navmesh> &&
                  std::is_same_v<SourceBlockOf<Scene::Source::Floorplan>, Scene::Floorplan> &&
                  std::is_same_v<SourceBlockOf<Scene::Source::Mesh>, Scene::Mesh> &&
                  std::is_same_v<SourceBlockOf<Scene::Source::Graph>, Scene::Graph> &&
                  std::is_same_v<SourceBlockOf<Scene::Source::SideScroller>, SideScrollerDef> &&
                  std::is_same_v<SourceBlockOf<Scene::Source::Detour>, Scene::Detour>,
              "Scene::SourceBlock lists the blocks in Scene::Source's order");
inline const SourceTraits& traits(Scene::Source s) { return kSourceTraits[size_t(s)]; }
inline bool Scene::is3d() const { return traits(kind()).heights; }

// The source's name as the scene format writes it: "navmesh", "floorplan", "mesh", "graph",
// "sidescroller" or "detour".
inline constexpr Named<Scene::Source> kSceneSourceNames[] = {
    {Scene::Source::Navmesh, "navmesh"},
    {Scene::Source::Floorplan, "floorplan"},
    {Scene::Source::Mesh, "mesh"},
    {Scene::Source::Graph, "graph"},
    {Scene::Source::SideScroller, "sidescroller"},
    {Scene::Source::Detour, "detour"},
};
static_assert(names_cover(kSceneSourceNames, Scene::Source::Detour));
inline const char* to_string(Scene::Source v) { return name_in(kSceneSourceNames, v); }

// The area names a scene's polygons may carry: "default", then each name its source gives (a hand-authored
// mesh's areas, a floor plan's painted areas, a level's volumes; a Detour file's numbered areas "area 1"
// .. "area 63"), each once, in that order. What agent.excluded_areas and other references may name.
std::vector<std::string> scene_area_names(const Scene& scene);

// Loads and validates a scene file. On error, one message:
//   FILE:LINE:COL: /json/pointer: expected ..., got ...
Result<Scene> load_scene(const std::string& path);
// Same, from text; `path` is used in messages and to resolve relative OBJ paths.
Result<Scene> parse_scene(const std::string& text, const std::string& path);
// The scene as JSON text: every block, defaults included, in a stable key order; containers that fit in
// 100 columns stay on one line. Doubles are written so that they read back exactly.
std::string scene_to_json(const Scene& scene);
// "FILE:LINE:COL: POINTER: BODY" for the value at JSON pointer `pointer` of the scene's file (the parser's
// form), for checks that need more than the file (a door that covers nothing, a link on no polygon), or
// "FILE: POINTER: BODY" when the file cannot be read again.
std::string scene_error_at(const Scene& scene, const std::string& pointer, const std::string& body);
// Writes scene_to_json() to `path` atomically (core/base/atomic_file.h: a failure leaves any old file
// untouched), after reading the text back with parse_scene: a scene the reader would refuse (a value
// beyond a limit, a speed <= 0) is not written.
Result<void> save_scene(const Scene& scene, const std::string& path);

}  // namespace navlab
