#include "level_file.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>

#include "format.h"
#include "input_limits.h"
#include "level_check.h"
#include "text_file.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

Vec3 to_recast(Vec3 v, double scale, Scene::Mesh::Up up) {
  v = v * scale;
  return up == Scene::Mesh::Up::Z ? Vec3{v.x, v.z, -v.y} : v;
}

// A file's bytes as an Assimp stream (read only). Streams of one file share its bytes: Assimp opens a
// level several times (to guess its format, then to read it).
class BytesStream : public Assimp::IOStream {
 public:
  explicit BytesStream(std::shared_ptr<const std::string> bytes) : bytes_(std::move(bytes)) {}
  size_t Read(void* out, size_t size, size_t count) override {
    if (size == 0) return 0;
    const size_t n = std::min(count, (bytes_->size() - pos_) / size);
    std::memcpy(out, bytes_->data() + pos_, n * size);
    pos_ += n * size;
    return n;
  }
  size_t Write(const void*, size_t, size_t) override { return 0; }
  aiReturn Seek(size_t offset, aiOrigin origin) override {
    const size_t base = origin == aiOrigin_SET ? 0 : origin == aiOrigin_CUR ? pos_ : bytes_->size();
    if (offset > bytes_->size() - base) return aiReturn_FAILURE;
    pos_ = base + offset;
    return aiReturn_SUCCESS;
  }
  size_t Tell() const override { return pos_; }
  size_t FileSize() const override { return bytes_->size(); }
  void Flush() override {}

 private:
  std::shared_ptr<const std::string> bytes_;
  size_t pos_ = 0;
};

// Every file Assimp opens goes through `read` (the level file itself is served from the bytes already
// read: each file is read once). Writing is refused; the first refusal is kept for the message.
class LevelIO : public Assimp::IOSystem {
 public:
  LevelIO(std::string main_path, std::string main_bytes, LevelReader read)
      : main_path_(std::move(main_path)),
        main_bytes_(std::make_shared<const std::string>(std::move(main_bytes))),
        read_(std::move(read)) {}
  bool Exists(const char* file) const override {
    if (file == main_path_) return true;
    if (file != cached_path_) {  // read now, kept for the Open that follows
      cached_path_ = file;
      cached_ = read_(file);
    }
    return cached_.ok();
  }
  char getOsSeparator() const override { return '/'; }
  Assimp::IOStream* Open(const char* file, const char* mode) override {
    if (std::strchr(mode, 'w') || std::strchr(mode, 'a')) return nullptr;
    if (file == main_path_) return new BytesStream(main_bytes_);
    Result<std::string> bytes = file == cached_path_ ? std::move(cached_) : read_(file);
    cached_path_.clear();
    if (!bytes) {
      if (refusal.empty()) refusal = bytes.error();
      return nullptr;
    }
    return new BytesStream(std::make_shared<const std::string>(std::move(bytes).value()));
  }
  void Close(Assimp::IOStream* stream) override { delete stream; }
  std::string refusal;

 private:
  std::string main_path_;
  std::shared_ptr<const std::string> main_bytes_;
  LevelReader read_;
  mutable std::string cached_path_;
  mutable Result<std::string> cached_ = Result<std::string>::fail("");
};

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

std::string lower_extension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

// Assimp's message, with its out-of-memory one said plainly.
std::string assimp_error(const std::string& path, const std::string& what) {
  if (what.find("bad_alloc") != std::string::npos)
    return path +
           ": the level file needs more memory than navlab could get while Assimp read it (a level may "
           "have at most " +
           whole_or_fixed(limits::kMaxLevelTriangles) + " triangles)";
  return path + ": not a level file Assimp can read (" + what + ")";
}

// The triangles of an imported scene, or why they are not a level.
Result<ObjMesh> scene_triangles(const aiScene& scene, const std::string& path, double scale, Scene::Mesh::Up up) {
  double tris = 0, verts = 0;
  for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
    tris += scene.mMeshes[i]->mNumFaces;
    verts += scene.mMeshes[i]->mNumVertices;
  }
  if (tris > limits::kMaxLevelTriangles || verts > limits::kMaxLevelVertices)
    return Result<ObjMesh>::fail(path + ": the level has " + whole_or_fixed(tris) + " faces and " +
                                 whole_or_fixed(verts) + " vertices, more than the level limits of " +
                                 whole_or_fixed(limits::kMaxLevelTriangles) + " and " +
                                 whole_or_fixed(limits::kMaxLevelVertices));
  ObjMesh out;
  for (unsigned i = 0; i < scene.mNumMeshes; ++i) append_mesh(*scene.mMeshes[i], scale, up, out);
  if (out.tris.empty()) return Result<ObjMesh>::fail(path + ": the level file has no triangles");
  for (const Vec3& v : out.verts)
    if (!is_finite(v))
      return Result<ObjMesh>::fail(path + ": the level file has a coordinate that is not a finite number");
  return out;
}

}  // namespace

LevelFiles level_files(const std::string& folder) {
  LevelFiles files;
  files.folder = folder;
  files.read = [folder](const std::string& file) -> Result<std::string> {
    if (!inside_folder(file, folder))
      return Result<std::string>::fail(file + ": cannot read the file the level names (it is outside the folder " +
                                       (folder.empty() ? std::string(".") : folder) + ")");
    return read_text_file(file, "file the level names", limits::kMaxLevelFileBytes);
  };
  return files;
}

Result<ObjMesh> import_level_bytes(const std::string& path, std::string bytes, const LevelFiles& files, double scale,
                                   Scene::Mesh::Up up) {
  const std::string ext = lower_extension(path);
  Result<void> readable;
  if (ext == ".gltf" || ext == ".glb") readable = check_gltf(bytes, path, files);
  if (ext == ".ply") readable = check_ply(bytes, path);
  if (!readable) return Error{readable.error()};
  Assimp::Importer importer;
  auto* io = new LevelIO(path, std::move(bytes), files.read);
  importer.SetIOHandler(io);  // the importer owns it
  importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
  const unsigned flags = aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_SortByPType;
  const aiScene* scene = importer.ReadFile(path, flags);
  if (!io->refusal.empty()) return Result<ObjMesh>::fail(io->refusal);
  if (!scene || !scene->mRootNode) return Result<ObjMesh>::fail(assimp_error(path, importer.GetErrorString()));
  return scene_triangles(*scene, path, scale, up);
}

Result<ObjMesh> import_level(const std::string& path, double scale, Scene::Mesh::Up up, const std::string& root) {
  Result<std::string> bytes = read_text_file(path, "level file", limits::kMaxLevelFileBytes);
  if (!bytes) return Result<ObjMesh>::fail(bytes.error());
  const std::string folder = root.empty() ? fs::path(path).parent_path().string() : root;
  return import_level_bytes(path, std::move(bytes).value(), level_files(folder), scale, up);
}

Result<ObjMesh> read_level(const Scene::Mesh& mesh, const std::string& scene_path) {
  const std::string& name = mesh.path();
  if (name.empty())
    return Result<ObjMesh>::fail((scene_path.empty() ? std::string("scene") : scene_path) + ": mesh names no file");
  fs::path path(name);
  if (path.is_relative()) path = fs::path(scene_path).parent_path() / path;
  if (!mesh.file.empty()) {
    fs::path root(mesh.root);  // relative to the scene file, as the level's own path
    if (!mesh.root.empty() && root.is_relative()) root = fs::path(scene_path).parent_path() / root;
    return import_level(path.string(), mesh.scale, mesh.up, root.string());
  }
  Result<ObjMesh> obj = read_obj(path.string());
  if (!obj || (mesh.scale == 1.0 && mesh.up == Scene::Mesh::Up::Y)) return obj;
  for (Vec3& v : obj.value().verts) v = to_recast(v, mesh.scale, mesh.up);
  return obj;
}

}  // namespace navlab
