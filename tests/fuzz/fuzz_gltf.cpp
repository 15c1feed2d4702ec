// libFuzzer target: a glTF 2.0 level (.glb when it starts with "glTF", else .gltf JSON) -> the checks of
// core/navmesh/level_check.h -> Assimp's import, as a scene's "mesh": {"file"} reads it. The files a
// level names are served from memory (none exists: a buffer uri must be a data: uri or fail cleanly).
#include <cstddef>
#include <cstdint>
#include <string>

#include "level_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace navlab;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  const std::string path = bytes.rfind("glTF", 0) == 0 ? "fuzz/level.glb" : "fuzz/level.gltf";
  const LevelFiles none{
      "fuzz", [](const std::string& file) {
        return Result<std::string>::fail(file + ": cannot read the file the level names (no such file)");
      }};
  (void)import_level_bytes(path, std::move(bytes), none, 1.0, Scene::Mesh::Up::Y);
  return 0;
}
