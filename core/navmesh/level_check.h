// Checks of a level file before Assimp reads it. Assimp trusts its input: a glTF node hierarchy
// 20,000 deep overflows its stack, nodes or meshes used many times multiply the geometry it builds
// (aiProcess_PreTransformVertices copies every instance), an accessor may point past its buffer, a
// buffer uri may name any file of the system, and a PLY header may claim billions of vertices.
//
// glTF 2.0 (.gltf and .glb): the container, the node trees (no cycles, one parent per node, at most
// limits::kMaxLevelNodeDepth deep), the triangles and vertices of every mesh instance (at most
// limits::kMaxLevelTriangles and kMaxLevelVertices together), every accessor, buffer view and buffer
// (within their buffers, index values within the vertices they index), and every buffer uri: a data:
// uri or a file relative to the level's folder and inside it. PLY: the counts of the header against the
// file's size.
#pragma once

#include <functional>
#include <string>

#include "result.h"

namespace navlab {

// Reads a file a level names, by the path Assimp or a buffer uri gives (resolved against the level's
// folder): the bytes, or the error that names the file.
using LevelReader = std::function<Result<std::string>(const std::string& path)>;

// The files a level may name: those inside `folder` (the level file's folder unless the scene names
// another, "mesh": {"root"}), read with `read`.
struct LevelFiles {
  std::string folder;
  LevelReader read;
};

// Success when the glTF 2.0 level `bytes` (the file `path`: .gltf JSON or .glb binary) may be handed to
// Assimp, else fails with "PATH: ..." naming what is wrong and where. A buffer's file uri is resolved against the
// level's folder, must lie inside `files.folder` and is read with `files.read`.
Result<void> check_gltf(const std::string& bytes, const std::string& path, const LevelFiles& files);

// Success when the PLY header's element counts fit in the file's `bytes` (each vertex and face needs at least
// one byte per property in binary files, two in ASCII ones), else fails with "PATH: ...".
Result<void> check_ply(const std::string& bytes, const std::string& path);

// Whether `path` names a file inside `folder` (both resolved through links and "..").
bool inside_folder(const std::string& path, const std::string& folder);

}  // namespace navlab
