// Level files through Assimp: the same level as OBJ (navlab's reader) and as glTF 2.0 (.gltf with an
// embedded buffer, .glb) gives the same triangles and bakes to the same navmesh; scale and up; bad files.
// The glTF files are written by tests/data/make_gltf.py from scenes/mesh_level.obj, without Assimp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "level_file.h"
#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

constexpr double kFloatTol = 1e-4;  // m: the glTF buffers hold 32-bit floats

std::string data_path(const std::string& name) { return test::source_dir() + "/tests/data/" + name; }

Scene mesh_scene(const std::string& dir_file, Scene::Mesh mesh) {
  Scene s;
  s.path = dir_file;
  s.source = std::move(mesh);
  return s;
}

Scene::Mesh obj(const std::string& f) {
  Scene::Mesh m;
  m.obj = f;
  return m;
}
Scene::Mesh file(const std::string& f, double scale = 1.0, Scene::Mesh::Up up = Scene::Mesh::Up::Y) {
  Scene::Mesh m;
  m.file = f;
  m.scale = scale;
  m.up = up;
  return m;
}

// Each triangle as its three corners, sorted, so two readers' lists compare whatever their vertex order.
std::vector<std::array<double, 9>> triangles(const ObjMesh& m) {
  std::vector<std::array<double, 9>> out;
  for (const auto& t : m.tris) {
    std::array<double, 9> a{};
    for (int k = 0; k < 3; ++k) {
      const Vec3& v = m.verts[size_t(t[size_t(k)])];
      a[size_t(3 * k)] = v.x, a[size_t(3 * k + 1)] = v.y, a[size_t(3 * k + 2)] = v.z;
    }
    out.push_back(a);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void expect_same_triangles(const ObjMesh& a, const ObjMesh& b) {
  const auto ta = triangles(a), tb = triangles(b);
  ASSERT_EQ(ta.size(), tb.size());
  for (size_t i = 0; i < ta.size(); ++i)
    for (size_t k = 0; k < 9; ++k) EXPECT_NEAR(ta[i][k], tb[i][k], kFloatTol) << "triangle " << i;
}

void expect_same_navmesh(const NavMesh& a, const NavMesh& b) {
  ASSERT_EQ(a.verts.size(), b.verts.size());
  ASSERT_EQ(a.polys.size(), b.polys.size());
  for (size_t i = 0; i < a.verts.size(); ++i) {
    EXPECT_NEAR(a.verts[i].x, b.verts[i].x, kFloatTol);
    EXPECT_NEAR(a.verts[i].y, b.verts[i].y, kFloatTol);
    EXPECT_NEAR(a.heights[i], b.heights[i], kFloatTol);
  }
  for (size_t i = 0; i < a.polys.size(); ++i) {
    EXPECT_EQ(a.polys[i].verts, b.polys[i].verts) << "polygon " << i;
    EXPECT_EQ(a.polys[i].neighbours, b.polys[i].neighbours) << "polygon " << i;
  }
}

TEST(LevelFile, GltfAndGlbHoldTheObjLevelsTriangles) {
  const std::string scene = test::scene_path("mesh_level.json");
  const Result<ObjMesh> o = read_level(obj("mesh_level.obj"), scene);
  ASSERT_TRUE(o.ok()) << o.error();
  EXPECT_EQ(o->tris.size(), 10u);  // mesh_level.obj: 5 quads, fanned
  for (const char* f : {"mesh_level.gltf", "mesh_level.glb"}) {
    const Result<ObjMesh> g = read_level(file(f), scene);
    ASSERT_TRUE(g.ok()) << g.error();
    expect_same_triangles(o.value(), g.value());
  }
}

TEST(LevelFile, GltfBakesToTheSameNavmeshAsTheObj) {
  const std::string scene = test::scene_path("mesh_level.json");
  const Result<NavMesh> a = build_navmesh(mesh_scene(scene, obj("mesh_level.obj")));
  const Result<NavMesh> b = build_navmesh(mesh_scene(scene, file("mesh_level.gltf")));
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_GT(a->polys.size(), 4u);
  expect_same_navmesh(a.value(), b.value());
}

TEST(LevelFile, ScaleAndUpTurnACentimetreZUpLevelIntoTheSame) {
  // The same level written z-up in centimetres: "scale": 0.01, "up": "z" reads it back as the OBJ.
  const Result<ObjMesh> o = read_level(obj("mesh_level.obj"), test::scene_path("mesh_level.json"));
  const Result<ObjMesh> g = read_level(file(data_path("mesh_level_zup_cm.glb"), 0.01, Scene::Mesh::Up::Z), "");
  ASSERT_TRUE(o.ok() && g.ok()) << g.error();
  expect_same_triangles(o.value(), g.value());
  // Without them it is a different level: 100 times larger and standing on its side.
  const Result<ObjMesh> raw = read_level(file(data_path("mesh_level_zup_cm.glb")), "");
  ASSERT_TRUE(raw.ok());
  double top = 0;
  for (const Vec3& v : raw->verts) top = std::max(top, v.y);
  EXPECT_NEAR(top, 1200.0, 1e-3);  // the level's 12 m depth, in centimetres, now along y
}

TEST(LevelFile, BadFilesAreErrorsNamingTheFile) {
  const std::string dir = test::temp_dir();
  test::write_text(dir + "/garbage.gltf", "{ this is not glTF");
  test::write_text(dir + "/empty.glb", "");
  test::write_text(dir + "/level.xyz", "v 0 0 0\n");
  struct Case {
    std::string file, expected;
  } cases[] = {
      {dir + "/missing.gltf", dir + "/missing.gltf: cannot read the level file (No such file or directory)"},
      {dir, dir + ": cannot read the level file (it is a directory, not a regular file)"},
      {dir + "/garbage.gltf", dir + "/garbage.gltf:1:3: /: expected "},  // the JSON is read before Assimp sees it
      {dir + "/empty.glb",
       dir + "/empty.glb: not a glTF 2.0 level navlab reads: the .glb file does not start with 'glTF'"},
      {dir + "/level.xyz", dir + "/level.xyz: not a level file Assimp can read ("},
  };
  for (const Case& c : cases) {
    const Result<ObjMesh> r = read_level(file(c.file), "");
    ASSERT_FALSE(r.ok()) << c.file;
    EXPECT_EQ(r.error().substr(0, c.expected.size()), c.expected) << r.error();
  }
}

TEST(LevelFile, SceneFileReadsFileScaleAndUpAndWritesThemBack) {
  const std::string text = R"({"navlab": 1, "mesh": {"file": "level.glb", "scale": 0.01, "up": "z"}})";
  const Result<Scene> s = parse_scene(text, "s.json");
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_NE(s->mesh_source(), nullptr);
  EXPECT_EQ(s->mesh_source()->file, "level.glb");
  EXPECT_EQ(s->mesh_source()->scale, 0.01);
  EXPECT_EQ(s->mesh_source()->up, Scene::Mesh::Up::Z);
  const Result<Scene> again = parse_scene(scene_to_json(s.value()), "s.json");
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(again->source, s->source);
  // Exactly one of obj and file.
  EXPECT_NE(parse_scene(R"({"navlab": 1, "mesh": {"obj": "a.obj", "file": "b.glb"}})", "s.json")
                .error()
                .find("either \"obj\" or \"file\", not both"),
            std::string::npos);
  EXPECT_NE(parse_scene(R"({"navlab": 1, "mesh": {"up": "x"}})", "s.json").error().find("\"obj\" (an OBJ file) or"),
            std::string::npos);
}

}  // namespace
}  // namespace navlab
