// libFuzzer target: scene text -> parse_scene -> build_navmesh (navmesh, floor-plan and graph scenes; a
// mesh scene would read the file system) -> plan every query. Any crash, sanitizer report or timeout is
// a bug: bad input must end with a message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "navmesh_build.h"
#include "plan.h"
#include "scene.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace navlab;
  const std::string text(reinterpret_cast<const char*>(data), size);
  Result<Scene> scene = parse_scene(text, "fuzz.json");
  if (!scene || scene->mesh_source()) return 0;
  Result<NavMesh> mesh = build_navmesh(scene.value());
  if (!mesh) return 0;
  for (const Query& q : scene->queries) {
    PlanRequest req;
    req.start = q.start;
    req.goal = q.goal;
    (void)plan(scene.value(), mesh.value(), req);
  }
  return 0;
}
