// The document the app shows: a scene, its navigation mesh, the current query, and (gui_plan.h) the
// plan with its records. Loading is all-or-nothing: a bad file leaves the open document untouched.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bake.h"
#include "bake_stages.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"

namespace navlab::app {

struct Document {
  std::string path;  // the scene file ("" when none)
  Scene scene;
  NavMesh mesh;
  Vec2 lo{0, 0}, hi{1, 1};                    // bounds of the mesh and the scene's points in the plane, m
  double min_height = 0.0, max_height = 0.0;  // 3D meshes: world height range, m
  std::optional<ScenePoint> start, goal;      // the query being shown
  int query_index = 0;                        // which scene query start/goal came from (-1: user)
  long mesh_revision = 0;                     // a new number whenever `mesh` is replaced (load, tile cache rebuild)
  std::vector<BakeStep> bake_steps;           // the Recast phases of the last bake of a baked source (else empty)
  BakeStages bake_stages;                     // what each Recast stage of that bake produced (else empty)
  bool loaded() const { return !path.empty(); }
};

// A number no mesh had before (for Document::mesh_revision).
long new_mesh_revision();

// The world height range of `mesh`'s vertices, m ({0, 0} when it has no heights: a 2D mesh or a graph).
struct HeightRange {
  double min = 0.0, max = 0.0;
};
HeightRange height_range(const NavMesh& mesh);
// Replaces `doc`'s mesh with `mesh` (a new mesh_revision, the height range of `mesh`); returns the mesh
// it replaced.
NavMesh set_mesh(Document& doc, NavMesh mesh);
// What the app's queries keep with a new mesh, worked out on the thread that readies it (a bake's or the
// tile cache's worker) so that the frame taking the mesh does not: the search's scratch space, the spawn
// checks' open components and walls, Polyanya's wall ends (its index is readied by the job itself).
void ready_mesh(const NavMesh& mesh);

// The document of the scene file `path`, or a readable message.
Result<Document> load_document(const std::string& path);
// The same for a scene already read (a check suite's level, baked in memory); `path` becomes its path.
Result<Document> document_from_scene(Scene scene, const std::string& path);

// A file or folder the app ships (`rel` from the source tree's root, e.g. "scenes/default.json"): beside
// the executable, else in the source tree, else `rel` itself.
std::string resource_path(const std::string& rel);
// The default scene's path (scenes/default.json in the source tree or beside the executable).
std::string default_scene_path();

}  // namespace navlab::app
