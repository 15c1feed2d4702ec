// The triangles of a scene's 3D level (`"mesh"` in the scene): an OBJ file read by navlab's own reader
// (`"obj"`), or any format Assimp reads (`"file"`: glTF 2.0 .gltf and .glb, FBX, Collada, 3DS, PLY,
// ...), with the scene's `scale` and `up` applied, in Recast's world (y up, metres).
#pragma once

#include <string>

#include "level_check.h"
#include "obj.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// Reads the level of `mesh`; relative paths are relative to `scene_path`'s folder. Errors name the file
// and what is wrong: missing or unreadable (text_file.h: regular files of at most
// limits::kMaxLevelFileBytes), refused by level_check.h, not a level Assimp understands, more than the
// level limits of triangles and vertices, no triangles, a coordinate that is not a finite number.
Result<ObjMesh> read_level(const Scene::Mesh& mesh, const std::string& scene_path);

// Reads any file Assimp imports (every mesh of the file, node transforms applied, faces triangulated;
// points and lines dropped), scaled by `scale` and turned y-up. Every file Assimp opens (the level and
// what it names: glTF buffers, OBJ materials) is read with the shared reader and must lie inside `root`
// ("": the level's folder).
Result<ObjMesh> import_level(const std::string& path, double scale, Scene::Mesh::Up up, const std::string& root = "");

// The same import of a level already read (`bytes` of `path`); every other file Assimp opens comes from
// `files` (a fuzzer serves them from memory).
Result<ObjMesh> import_level_bytes(const std::string& path, std::string bytes, const LevelFiles& files, double scale,
                                   Scene::Mesh::Up up);

// The files inside `folder`, read with the shared reader (at most limits::kMaxLevelFileBytes each).
LevelFiles level_files(const std::string& folder);

}  // namespace navlab
