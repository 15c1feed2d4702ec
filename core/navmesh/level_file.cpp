#include "level_file.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <cmath>
#include <filesystem>
#include <system_error>

namespace navlab {
namespace {

namespace fs = std::filesystem;

Vec3 to_recast(Vec3 v, double scale, Scene::Mesh::Up up) {
  v = v * scale;
  return up == Scene::Mesh::Up::Z ? Vec3{v.x, v.z, -v.y} : v;
}

// Why `path` cannot be read as a level file, or "".
std::string unreadable(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) return path + ": cannot open the level file (it does not exist)";
  if (!fs::is_regular_file(st)) return path + ": cannot open the level file (it is not a regular file)";
  const auto size = fs::file_size(path, ec);
  if (ec) return path + ": cannot open the level file (" + ec.message() + ")";
  if (size > static_cast<std::uintmax_t>(kMaxLevelFileBytes))
    return path + ": the level file has " + std::to_string(size) + " bytes, more than the limit of " +
           std::to_string(kMaxLevelFileBytes) + " (kMaxLevelFileBytes)";
  return "";
}

void append_mesh(const aiMesh& m, double scale, Scene::Mesh::Up up, ObjMesh& out) {
  const int base = int(out.verts.size());
  for (unsigned i = 0; i < m.mNumVertices; ++i) {
    const aiVector3D& v = m.mVertices[i];
    out.verts.push_back(to_recast({v.x, v.y, v.z}, scale, up));
  }
  for (unsigned f = 0; f < m.mNumFaces; ++f) {
    const aiFace& face = m.mFaces[f];
    if (face.mNumIndices != 3) continue;  // points and lines: not walkable surface
    out.tris.push_back({base + int(face.mIndices[0]), base + int(face.mIndices[1]), base + int(face.mIndices[2])});
  }
}

}  // namespace

Result<ObjMesh> import_level(const std::string& path, double scale, Scene::Mesh::Up up) {
  if (std::string why = unreadable(path); !why.empty()) return Result<ObjMesh>::fail(why);
  Assimp::Importer importer;
  importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
  const unsigned flags = aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_SortByPType;
  const aiScene* scene = importer.ReadFile(path, flags);
  if (!scene || !scene->mRootNode)
    return Result<ObjMesh>::fail(path + ": not a level file Assimp can read (" + importer.GetErrorString() + ")");
  ObjMesh out;
  for (unsigned i = 0; i < scene->mNumMeshes; ++i) append_mesh(*scene->mMeshes[i], scale, up, out);
  if (out.tris.empty()) return Result<ObjMesh>::fail(path + ": the level file has no triangles");
  for (const Vec3& v : out.verts)
    if (!is_finite(v)) return Result<ObjMesh>::fail(path + ": the level file has a coordinate that is not a finite number");
  return out;
}

Result<ObjMesh> read_level(const Scene::Mesh& mesh, const std::string& scene_path) {
  const std::string& name = mesh.path();
  if (name.empty()) return Result<ObjMesh>::fail((scene_path.empty() ? std::string("scene") : scene_path) + ": mesh names no file");
  fs::path path(name);
  if (path.is_relative()) path = fs::path(scene_path).parent_path() / path;
  if (!mesh.file.empty()) return import_level(path.string(), mesh.scale, mesh.up);
  Result<ObjMesh> obj = read_obj(path.string());
  if (!obj || (mesh.scale == 1.0 && mesh.up == Scene::Mesh::Up::Y)) return obj;
  for (Vec3& v : obj.value().verts) v = to_recast(v, mesh.scale, mesh.up);
  return obj;
}

}  // namespace navlab
