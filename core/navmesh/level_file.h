// The triangles of a scene's 3D level (`"mesh"` in the scene): an OBJ file read by navlab's own reader
// (`"obj"`), or any format Assimp reads (`"file"`: glTF 2.0 .gltf and .glb, FBX, Collada, 3DS, PLY,
// ...), with the scene's `scale` and `up` applied, in Recast's world (y up, metres).
#pragma once

#include <string>

#include "obj.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// Largest level file read (bytes): a bigger one is an input error naming the file and the limit.
constexpr long long kMaxLevelFileBytes = 512LL * 1024 * 1024;

// Reads the level of `mesh`; relative paths are relative to `scene_path`'s folder. Errors name the file
// and what is wrong: missing or unreadable, not a level Assimp understands, no triangles, a coordinate
// that is not a finite number.
Result<ObjMesh> read_level(const Scene::Mesh& mesh, const std::string& scene_path);

// Reads any file Assimp imports (every mesh of the file, node transforms applied, faces triangulated;
// points and lines dropped), scaled by `scale` and turned y-up.
Result<ObjMesh> import_level(const std::string& path, double scale, Scene::Mesh::Up up);

}  // namespace navlab
