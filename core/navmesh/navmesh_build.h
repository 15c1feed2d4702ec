// Builds the one NavMesh value from a scene's navmesh source.
//
//   navmesh   → hand-authored convex counter-clockwise polygons; neighbours from shared edges.
//   floorplan → outline minus holes, validated, then baked with Recast (core/navmesh/bake.h).
//   mesh      → OBJ triangle soup (core/navmesh/obj.h) baked with Recast.
//   graph     → nodes and directed edges (NavMesh::Kind::Graph).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bake.h"
#include "bake_stages.h"
#include "bake_tiled.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// The scene's navigation mesh. On bad geometry, one message naming the file, the polygon/vertex index
// and what is wrong, e.g. "level.json: navmesh polygon 3 is clockwise". `bake_trace` (optional)
// receives the Recast phases of a baked source (floor plan, level mesh) with their times and counts;
// `bake_stages` (optional) what each Recast stage produced (bake_stages.h), for single-tile bakes of the
// same sources. A baked source with bake.tile_size > 0 is baked in tiles on every hardware thread
// (core/navmesh/bake_tiled.h). `progress` (optional) hears of the tiles done, or of the single-tile
// bake's phase under way, and a cancel it carries stops the bake (an error). build_navmesh reads only
// `scene` (and its level file): bakes of their own scenes may run on several threads at once.
Result<NavMesh> build_navmesh(const Scene& scene, std::vector<BakeStep>* bake_trace = nullptr,
                              BakeStages* bake_stages = nullptr, BakeProgress* progress = nullptr);

// The mesh baked again after door `door` moved (`scene` holds its new shape), when the bake marked it in
// `mesh` (NavMesh::door_ids): its footprint polygons must follow it. Empty for doors the bake did not mark
// (hand-authored meshes, graphs: the door gates the edges its new shape covers). The follower and the app
// both ask this one rule. `progress` (optional) as build_navmesh's: a cancel stops the bake (an error).
std::optional<Result<NavMesh>> rebake_for_moved_door(const Scene& scene, const NavMesh& mesh, const std::string& door,
                                                     BakeProgress* progress = nullptr);

// Hand-authored build from plain vertices and polygons (the `navmesh` block). `file` prefixes messages.
// costs/areas may be empty (all 1 / all "default"); otherwise one per polygon.
Result<NavMesh> build_hand_authored(const Scene::Navmesh& def, const std::string& file);

// Abstract graph build (the `graph` block): node ids unique, edges name existing nodes, costs >= 0.
Result<NavMesh> build_graph(const Scene::Graph& def, const std::string& file);

// Checks a floor plan before baking: outline and holes are simple polygons with finite coordinates
// within ±1e6, each hole lies inside the outline without crossing it, painted areas are well formed.
// Fails with one message, e.g. "plan.json: floorplan hole 2 is outside the outline (...)".
Result<void> check_floorplan(const Scene::Floorplan& plan, const std::string& file);

}  // namespace navlab
