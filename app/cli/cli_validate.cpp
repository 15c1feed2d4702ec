// `navlab validate SCENE...`: loads every file (format and value checks) and builds its navmesh
// (geometry checks, Recast bakes), printing one line per file.
#include <cstdio>

#include "cli.h"
#include "gates.h"
#include "navmesh_build.h"
#include "scene.h"

namespace navlab::cli {

extern const char* const kValidateUsage =
    "Usage: navlab validate SCENE.json...\n\n"
    "Checks each scene file: the JSON format of every block, the values (types, ranges, point sizes,\n"
    "ids), then the navmesh geometry (convex counter-clockwise polygons, shared edges, floor plans and\n"
    "OBJ levels baked with Recast), then that every door covers at least one connection (a baked door:\n"
    "polygons of its own). Every file is checked, even after one fails.\n"
    "Prints 'FILE: ok (N polygons)' (or N nodes for a graph; a side-scroller scene, which has no navmesh:\n"
    "'FILE: ok (side-scroller, N enemies, M solids)') on stdout for a good file, and one error\n"
    "per bad file on stderr: 'FILE:LINE:COL: /json/pointer: expected ..., got ...' for a format or value\n"
    "error, or the file, the polygon/vertex index and what is wrong for a geometry error.\n"
    "Exit codes: 0 every file is valid, 1 at least one file is not, 2 usage error (no file given).\n";

int run_validate(const std::vector<std::string>& args) {
  const Args parsed(args, {}, {});
  if (!parsed.ok()) return usage_error(*find_command("validate"), parsed.error());
  if (parsed.positional().empty()) return usage_error(*find_command("validate"), "no scene file given");
  int failed = 0;
  for (const std::string& file : parsed.positional()) {
    const Result<Scene> scene = load_scene(file);
    if (!scene) {
      std::fprintf(stderr, "%s\n", scene.error().c_str());
      ++failed;
      continue;
    }
    if (const SideScrollerDef* side_def = scene->sidescroller_source()) {  // no navmesh to build: all checked
      const SideScrollerDef& side = *side_def;
      std::printf("%s: ok (side-scroller, %zu enem%s, %zu solid%s)\n", file.c_str(), side.enemies.size(),
                  side.enemies.size() == 1 ? "y" : "ies", side.solids.size(), side.solids.size() == 1 ? "" : "s");
      continue;
    }
    const Result<NavMesh> mesh = build_navmesh(scene.value());
    if (!mesh) {
      std::fprintf(stderr, "%s\n", mesh.error().c_str());
      ++failed;
      continue;
    }
    if (const Result<void> covered = check_door_covers(scene.value(), mesh.value()); !covered) {
      std::fprintf(stderr, "%s\n", covered.error().c_str());
      ++failed;
      continue;
    }
    const char* unit = mesh->kind == NavMesh::Kind::Graph ? "node" : "polygon";
    std::printf("%s: ok (%d %s%s)\n", file.c_str(), mesh->size(), unit, mesh->size() == 1 ? "" : "s");
  }
  if (failed > 0 && parsed.positional().size() > 1)
    std::fprintf(stderr, "navlab validate: %d of %zu files failed\n", failed, parsed.positional().size());
  return failed > 0 ? kExitFailure : kExitOk;
}

}  // namespace navlab::cli
