// Names of a suite's kinds, RecastDemo's flags on navlab's areas, and the other version of a suite's
// navmesh (--against).
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "check_suite.h"

namespace navlab {

unsigned area_flags(const std::string& area) { return area == "water" ? kFlagSwim : kFlagWalk; }

Result<Scene> other_version(const CheckSuite& suite, const std::string& other) {
  namespace fs = std::filesystem;
  std::string ext = fs::path(other).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == ".json") {
    Result<Scene> scene = load_scene(other);
    if (scene && traits(scene->kind()).side_view)
      return Result<Scene>::fail(other + ": a side-scroller scene has no navmesh to check");
    return scene;
  }
  if (!suite.scene.mesh_source())
    return Result<Scene>::fail(other + ": a level file, but " + suite.path + "'s scene is a " +
                               to_string(suite.scene.kind()) +
                               " scene, not a level: give the other version as a scene file (.json)");
  std::error_code ec;
  if (!fs::is_regular_file(other, ec)) return Result<Scene>::fail(other + ": no such level file");
  Scene s = suite.scene;
  // The level is named by its absolute path: the scene's own path (beside which its level resolved) stays.
  const std::string level = fs::absolute(other, ec).lexically_normal().string();
  Scene::Mesh& mesh = *s.mesh_source();
  mesh.obj.clear();
  mesh.file.clear();
  (ext == ".obj" ? mesh.obj : mesh.file) = level;
  return s;
}

}  // namespace navlab
