// Recast's own build of a level (core/navmesh/bake_reference.h), against navlab's bake of it. On a
// level's triangles with no door, painted area or link, the bake runs Recast's steps with the same
// settings, so both polygon meshes have the same number of polygons; a floor plan's holes are cleared
// before erosion as navlab's bake carves them; a level it cannot build says why.
#include <gtest/gtest.h>

#include "bake.h"
#include "bake_reference.h"
#include "bake_tiled.h"
#include "generated_level.h"
#include "level_file.h"
#include "navmesh_build.h"
#include "paths.h"

namespace navlab {
namespace {

TEST(BakeReference, APlainLevelsTrianglesGiveTheBakesPolygons) {
  const Result<Scene> scene = load_scene(test::scene_path("mesh_level.json"));
  ASSERT_TRUE(scene) << scene.error();
  const Result<ObjMesh> soup = read_level(*scene->mesh_source(), scene->path);
  ASSERT_TRUE(soup) << soup.error();
  const Result<NavMesh> ours = build_navmesh(scene.value());
  ASSERT_TRUE(ours) << ours.error();
  const Result<ReferenceBake> recast = recast_reference_bake(soup.value(), scene->bake);
  ASSERT_TRUE(recast) << recast.error();
  EXPECT_EQ(recast->polygons, ours->size());
  EXPECT_GT(recast->ms, 0.0);
}

TEST(BakeReference, AGeneratedCrateYardGivesTheBakesPolygons) {
  const GeneratedMesh yard = crate_yard_scene(1500, 4);
  const Result<NavMesh> ours = bake_triangles(yard.soup, yard.scene.bake);
  ASSERT_TRUE(ours) << ours.error();
  const Result<ReferenceBake> recast = recast_reference_bake(yard.soup, yard.scene.bake);
  ASSERT_TRUE(recast) << recast.error();
  EXPECT_GT(ours->size(), 500);
  EXPECT_EQ(recast->polygons, ours->size());
}

// In tiles, RecastDemo's Tile Mesh steps on the same tile grid as the tiled bake's: tile by tile the same
// polygons.
TEST(BakeReference, ATiledCrateYardGivesTheTiledBakesPolygons) {
  GeneratedMesh yard = crate_yard_scene(1500, 4);
  yard.scene.bake.tile_size = 48;
  const Result<NavMesh> ours = bake_triangles_tiled(yard.soup, yard.scene.bake);
  ASSERT_TRUE(ours) << ours.error();
  const Result<ReferenceBake> recast = recast_reference_bake(yard.soup, yard.scene.bake);
  ASSERT_TRUE(recast) << recast.error();
  EXPECT_GT(recast->tiles, 4);
  EXPECT_EQ(recast->polygons, ours->size());
}

// The hall's pillars are cleared by the cells' centres as the bake carves them; only the hall's rim
// differs (Recast's ledge filter drops the cells on the grid's border, which the bake's slab reaches
// past). Uncleared, the hall would be an open floor of a handful of polygons.
TEST(BakeReference, APillarHallsPillarsAreClearedAsTheBakeCarvesThem) {
  const Scene hall = pillar_hall_scene(2000, 3);
  const Result<NavMesh> ours = build_navmesh(hall);
  ASSERT_TRUE(ours) << ours.error();
  const Result<ReferenceBake> recast = recast_reference_bake(*hall.floorplan_source(), hall.bake);
  ASSERT_TRUE(recast) << recast.error();
  EXPECT_NEAR(double(recast->polygons), double(ours->size()), 0.1 * ours->size());

  Scene::Floorplan open = *hall.floorplan_source();
  open.holes.clear();
  const Result<ReferenceBake> floor = recast_reference_bake(open, hall.bake);
  ASSERT_TRUE(floor) << floor.error();
  EXPECT_LT(floor->polygons, 50);
}

TEST(BakeReference, SaysWhyAFloorPlanCannotBeBuilt) {
  Scene::Floorplan plan;
  plan.outline = {{0, 0}, {20, 0}, {20, 10}, {10, 10}, {10, 20}, {0, 20}};
  const Result<ReferenceBake> l_shape = recast_reference_bake(plan, BakeDef{});
  ASSERT_FALSE(l_shape);
  EXPECT_EQ(l_shape.error(), "the outline is not an axis-aligned rectangle (Recast would need it as triangles)");

  plan.outline = {{0, 0}, {20, 0}, {20, 20}, {0, 20}};
  plan.holes = {{{2, 2}, {4, 2}, {4, 4}, {2, 4}}, {{8, 8}, {14, 8}, {14, 14}, {11, 10}, {8, 14}}};
  const Result<ReferenceBake> concave = recast_reference_bake(plan, BakeDef{});
  ASSERT_FALSE(concave);
  EXPECT_EQ(concave.error(), "hole 1 is not convex (a convex volume cannot clear it)");

  plan.holes.pop_back();
  EXPECT_TRUE(recast_reference_bake(plan, BakeDef{}));
}

}  // namespace
}  // namespace navlab
