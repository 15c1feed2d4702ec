#include "meshes.h"

#include <gtest/gtest.h>

#include "navmesh_build.h"
#include "scene.h"

namespace navlab::test {

NavMesh mesh_of(std::vector<Vec2> vertices, std::vector<std::vector<int>> polygons) {
  Scene::Navmesh def;
  def.vertices = std::move(vertices);
  def.polygons = std::move(polygons);
  Result<NavMesh> m = build_hand_authored(def, "test");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.ok() ? m.value() : NavMesh{};
}

}  // namespace navlab::test
