// Saving a scene: Save As into another folder keeps the OBJ reachable, saving over a symbolic link
// writes the file it points to, and the file's mode is kept.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

const char* const kObj = "v 0 0 0\nv 6 0 0\nv 6 0 6\nv 0 0 6\nf 1 4 3\nf 1 3 2\n";

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(test::temp_dir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(SaveRobust, SaveAsIntoAnotherFolderRewritesTheRelativeObjPath) {
  const fs::path root = fresh_dir("save_as");
  fs::create_directories(root / "a" / "levels");
  fs::create_directories(root / "b" / "deeper");
  test::write_text((root / "a" / "levels" / "floor.obj").string(), kObj);
  test::write_text((root / "a" / "scene.json").string(), R"({"navlab": 1, "mesh": {"obj": "levels/floor.obj"}})");
  const Result<Scene> s = load_scene((root / "a" / "scene.json").string());
  ASSERT_TRUE(s.ok()) << s.error();
  const std::string copy = (root / "b" / "deeper" / "copy.json").string();
  ASSERT_EQ(save_scene(s.value(), copy).error(), "");
  const Result<Scene> back = load_scene(copy);
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_NE(back->mesh_source(), nullptr);
  EXPECT_EQ(back->mesh_source()->obj, "../../a/levels/floor.obj");
  EXPECT_TRUE(build_navmesh(back.value()).ok());
  // Saving in the same folder leaves the path as written.
  const std::string same = (root / "a" / "same.json").string();
  ASSERT_EQ(save_scene(s.value(), same).error(), "");
  EXPECT_EQ(std::get<Scene::Mesh>(load_scene(same)->source).obj, "levels/floor.obj");
}

TEST(SaveRobust, SavingOverASymlinkWritesItsTarget) {
  const fs::path dir = fresh_dir("symlink");
  const fs::path real = dir / "real.json", link = dir / "link.json";
  test::write_text(real.string(), "{}");
  fs::create_symlink("real.json", link);
  Scene s;
  s.name = "through the link";
  s.source = Scene::Navmesh{{{0, 0}, {1, 0}, {0, 1}}, {{0, 1, 2}}, {}, {}};
  ASSERT_EQ(save_scene(s, link.string()).error(), "");
  EXPECT_TRUE(fs::is_symlink(link));
  const Result<Scene> back = load_scene(real.string());
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->name, "through the link");
}

TEST(SaveRobust, SavingKeepsTheFileMode) {
  const fs::path dir = fresh_dir("mode");
  const std::string path = (dir / "private.json").string();
  test::write_text(path, "{}");
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  Scene s;
  s.source = Scene::Navmesh{{{0, 0}, {1, 0}, {0, 1}}, {{0, 1, 2}}, {}, {}};
  ASSERT_EQ(save_scene(s, path).error(), "");
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST(SaveRobust, SavingOverTheLevelTheSceneNamesIsRefused) {
  const fs::path root = fresh_dir("over_level");
  fs::create_directories(root / "levels");
  test::write_text((root / "levels" / "floor.obj").string(), kObj);
  test::write_text((root / "scene.json").string(), R"({"navlab": 1, "mesh": {"obj": "levels/floor.obj"}})");
  const Result<Scene> s = load_scene((root / "scene.json").string());
  ASSERT_TRUE(s.ok()) << s.error();
  const std::string obj = (root / "levels" / "floor.obj").string();
  EXPECT_EQ(save_scene(s.value(), obj).error(),
            obj + " is the file the scene names " + (root / "levels/floor.obj").string() +
                " itself: an output never replaces an input of the same command (choose another file)");
  EXPECT_EQ(test::read_text(obj), kObj);
}

TEST(SaveRobust, ASceneItsOwnReaderRefusesIsNotSaved) {
  const fs::path dir = fresh_dir("refused");
  const std::string path = (dir / "scene.json").string();
  test::write_text(path, "the good file");
  Scene s;
  s.source = Scene::Navmesh{{{0, 0}, {10, 0}, {0, 10}}, {{0, 1, 2}}, {}, {}};
  s.agent.max_speed = -1.0;  // an edit the app allowed
  const std::string err = save_scene(s, path).error();
  EXPECT_EQ(err.rfind("cannot save " + path + ": the scene would not load again (" + path + ":", 0), 0u) << err;
  EXPECT_NE(err.find("/agent/max_speed: expected a speed in m/s > 0, got -1"), std::string::npos) << err;
  EXPECT_EQ(test::read_text(path), "the good file");
  s.agent.max_speed = 1.5;
  Door far;
  far.id = "far";
  far.shape = {ScenePoint{}, ScenePoint{}};
  far.shape[0].plane = {2e9, 0};  // a door dragged 2,000 km away
  far.shape[1].plane = {2e9, 1};
  s.doors.push_back(far);
  const std::string door_err = save_scene(s, path).error();
  EXPECT_NE(door_err.find("the scene would not load again"), std::string::npos) << door_err;
  EXPECT_NE(door_err.find("within ±1e6"), std::string::npos) << door_err;
  EXPECT_EQ(test::read_text(path), "the good file");
}

}  // namespace
}  // namespace navlab
