// The checks of a level file before Assimp reads it (level_check.h): each glTF built here by hand, small,
// with the one defect the check is for, and the message it must give; a well-formed file just under each
// limit is still read. PLY headers against the file's size; buffer uris against the level's folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "input_limits.h"
#include "level_check.h"
#include "level_file.h"
#include "paths.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

// A glTF document: one triangle's three float positions (36 bytes, base64) and index buffer (3 uints),
// with `nodes` and `scenes` as given, other `accessors`, or the buffer at another `uri`.
std::string gltf(const std::string& nodes, const std::string& scenes, const std::string& accessors = "",
                 const std::string& uri = "") {
  // Positions (0,0,0), (1,0,0), (0,0,1) as little-endian floats, then the indices 0, 1, 2.
  const std::string data =
      "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAAAAAAIA/AAAAAAEAAAACAAAA";
  return R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": )" + scenes + R"(, "nodes": )" + nodes +
         R"(, "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
  "accessors": )" +
         (accessors.empty() ? R"([{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                  {"bufferView": 1, "componentType": 5125, "count": 3, "type": "SCALAR"}])"
                            : accessors) +
         R"(,
  "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 12}],
  "buffers": [{"byteLength": 48, "uri": ")" +
         (uri.empty() ? data : uri) + R"("}]})";
}

const LevelFiles kNoFiles{"lvl", [](const std::string& f) { return Result<std::string>::fail(f + ": no such file"); }};

std::string checked(const std::string& text, const LevelFiles& files = kNoFiles) {
  return check_gltf(text, "lvl/level.gltf", files).error();
}

// A chain of `depth` nodes, the last one placing the mesh.
std::string chain(int depth) {
  std::string nodes = "[";
  for (int i = 0; i < depth; ++i)
    nodes += (i ? ", " : "") + (i + 1 < depth ? R"({"children": [)" + std::to_string(i + 1) + "]}" : R"({"mesh": 0})");
  return nodes + "]";
}

TEST(LevelCheck, AWellFormedTriangleIsReadByAssimp) {
  const std::string text = gltf(R"([{"mesh": 0}])", R"([{"nodes": [0]}])");
  EXPECT_EQ(checked(text), "");
  const Result<ObjMesh> m = import_level_bytes("lvl/level.gltf", text, kNoFiles, 1.0, Scene::Mesh::Up::Y);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->tris.size(), 1u);
}

TEST(LevelCheck, NodeDepthStopsAtItsLimitAndNotBefore) {
  EXPECT_EQ(checked(gltf(chain(limits::kMaxLevelNodeDepth), R"([{"nodes": [0]}])")), "");
  EXPECT_EQ(
      checked(gltf(chain(limits::kMaxLevelNodeDepth + 1), R"([{"nodes": [0]}])")),
      "lvl/level.gltf: not a glTF 2.0 level navlab reads: /nodes/1000: the node hierarchy is more than 1000 levels "
      "deep (the level node depth limit)");
}

TEST(LevelCheck, ANodeWithTwoParentsOrACycleIsRefused) {
  // Node 1 under node 0 twice: Assimp would place it (and its whole subtree) once per route.
  EXPECT_EQ(checked(gltf(R"([{"children": [1, 1]}, {"mesh": 0}])", R"([{"nodes": [0]}])")),
            "lvl/level.gltf: not a glTF 2.0 level navlab reads: /nodes/0/children/1: node 1 has a second parent (glTF "
            "nodes form trees: one parent each)");
  EXPECT_EQ(checked(gltf(R"([{"children": [1]}, {"children": [0], "mesh": 0}])", R"([{"nodes": []}])")),
            "lvl/level.gltf: not a glTF 2.0 level navlab reads: /nodes/0: the node is its own ancestor (a cycle)");
  EXPECT_EQ(
      checked(gltf(R"([{"children": [1]}, {"mesh": 0}])", R"([{"nodes": [1]}])")),
      "lvl/level.gltf: not a glTF 2.0 level navlab reads: /scenes/0/nodes/0: expected the index of a root node (one "
      "without a parent)");
}

// A document with scenes and no "nodes" at all (a fuzzer's find): the check once looked the nodes up a
// second time, which inserted them into the document and moved the scenes array it was reading, a read
// of freed memory that the sanitizer build of this test reports. Its one scene places nothing, which the
// check accepts (Assimp then decides what an empty level is).
TEST(LevelCheck, ScenesWithoutAnyNodesPassTheCheckWithoutReadingFreedMemory) {
  const std::string text = R"({"asset": {"version": "2.0"}, "scene": 0,
    "scenes": [{"name": "a scene with many members", "extras": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}}],
    "buffers": [{"byteLength": 4, "uri": "data:application/octet-stream;base64,AAAAAA=="}]})";
  EXPECT_EQ(checked(text), "");
}

TEST(LevelCheck, InstancesCountEveryPlacedTriangle) {
  // A scene listing the one-triangle node N times places N triangles: just at the limit, then one over.
  auto listed = [](double n) {
    std::string roots = "[";
    for (double i = 0; i < n; ++i) roots += (i > 0 ? ", 0" : "0");
    return R"([{"nodes": )" + roots + "]}]";
  };
  EXPECT_EQ(checked(gltf(R"([{"mesh": 0}])", listed(1000))), "");
  // One mesh of 3,333,334 triangles (an index accessor of 10,000,002 zeros without a buffer: Assimp makes
  // them), placed by three nodes: 10,000,002 triangles, just over the limit of 1e7.
  const std::string big = R"([{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                              {"componentType": 5125, "count": 10000002, "type": "SCALAR"}])";
  EXPECT_EQ(checked(gltf(R"([{"mesh": 0}, {"mesh": 0}, {"mesh": 0}])", R"([{"nodes": [0, 1, 2]}])", big)),
            "lvl/level.gltf: not a glTF 2.0 level navlab reads: its node instances hold 10000002 triangles and 9 "
            "vertices, more than the level limits of 10000000 and 30000000 (each node places its mesh once more)");
}

TEST(LevelCheck, AccessorsMustLieInsideTheirBuffers) {
  const std::string past = R"([{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
                               {"bufferView": 1, "componentType": 5125, "count": 3, "type": "SCALAR"}])";
  EXPECT_EQ(checked(gltf(R"([{"mesh": 0}])", R"([{"nodes": [0]}])", past)),
            "lvl/level.gltf: not a glTF 2.0 level navlab reads: /accessors/0: its 4 items reach past the end of buffer "
            "view 0");
  // Three vertices indexed 0, 1, 2: with only two positions, index 2 names no vertex.
  const std::string two = R"([{"bufferView": 0, "componentType": 5126, "count": 2, "type": "VEC3"},
                              {"bufferView": 1, "componentType": 5125, "count": 3, "type": "SCALAR"}])";
  EXPECT_EQ(
      checked(gltf(R"([{"mesh": 0}])", R"([{"nodes": [0]}])", two)),
      "lvl/level.gltf: not a glTF 2.0 level navlab reads: /meshes/0/primitives/0/indices: index 2 is 2, past the 2 "
      "vertices");
}

TEST(LevelCheck, BufferUrisStayInsideTheLevelsFolder) {
  const fs::path dir = fs::path(test::temp_dir()) / "uri" / "lvl";
  fs::create_directories(dir);
  std::string bytes(48, '\0');
  test::write_text((dir / "level.bin").string(), bytes);
  test::write_text((dir.parent_path() / "outside.bin").string(), bytes);
  const std::string level = (dir / "level.gltf").string();
  auto with_uri = [&](const std::string& uri, const std::string& root = "") {
    return check_gltf(gltf(R"([{"mesh": 0}])", R"([{"nodes": [0]}])", "", uri), level,
                      level_files(root.empty() ? dir.string() : root))
        .error();
  };
  EXPECT_EQ(with_uri("level.bin"), "");  // 48 zero bytes: every index is 0, within the 3 vertices
  const std::string head = level +
                           ": not a glTF 2.0 level navlab reads: /buffers/0/uri: expected a file inside the "
                           "level's folder, got ";
  EXPECT_EQ(with_uri("../outside.bin"), head + "\"../outside.bin\"");
  EXPECT_EQ(with_uri("../../../../etc/passwd"), head + "\"../../../../etc/passwd\"");
  EXPECT_EQ(with_uri("/etc/passwd"), head + "\"/etc/passwd\"");
  EXPECT_EQ(with_uri("file:///etc/passwd"), head + "\"file:///etc/passwd\"");
  EXPECT_EQ(with_uri("missing.bin"),
            (dir / "missing.bin").string() + ": cannot read the file the level names (No such file or directory)");
  // A scene's mesh.root widens the folder: the level's buffers may then lie beside it.
  EXPECT_EQ(with_uri("../outside.bin", dir.parent_path().string()), "");
  EXPECT_EQ(with_uri("../../outside.bin", dir.parent_path().string()),
            level + ": not a glTF 2.0 level navlab reads: /buffers/0/uri: expected a file inside the level's folder " +
                dir.parent_path().string() + " (the scene's mesh.root), got \"../../outside.bin\"");
}

TEST(LevelCheck, APlyHeaderMustFitItsFile) {
  const std::string head =
      "ply\nformat binary_little_endian 1.0\nelement vertex 2000000000\nproperty float x\n"
      "property float y\nproperty float z\nend_header\n";
  EXPECT_EQ(check_ply(head + std::string(12, '\0'), "big.ply").error(),
            "big.ply: the PLY header asks for at least 6000000000 bytes of elements, the file holds 13 bytes after its "
            "header");
  const std::string small =
      "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
      "property float z\nend_header\n0 0 0\n1 0 0\n0 0 1\n";
  EXPECT_EQ(check_ply(small, "small.ply").error(), "");
}

}  // namespace
}  // namespace navlab
