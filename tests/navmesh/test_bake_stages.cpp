// The records of the Recast stages: non-empty and consistent with the bake (regions drawn, contours,
// polygons), inside the bake's bounds, and a tiny floor plan counted by hand.
#include <gtest/gtest.h>

#include <set>

#include "bake.h"
#include "bake_stages.h"
#include "format.h"
#include "level_file.h"
#include "navmesh_build.h"
#include "paths.h"

namespace navlab {
namespace {

struct Baked {
  NavMesh mesh;
  std::vector<BakeStep> steps;
  BakeStages stages;
};

Baked bake_scene(const std::string& name) {
  auto scene = load_scene(test::scene_path(name));
  EXPECT_TRUE(scene.ok()) << scene.error();
  Baked b;
  auto mesh = build_navmesh(scene.value(), &b.steps, &b.stages);
  EXPECT_TRUE(mesh.ok()) << mesh.error();
  if (mesh.ok()) b.mesh = std::move(mesh).value();
  return b;
}

// The count a bake phase reported in its trace (-1: no such phase).
long phase_count(const std::vector<BakeStep>& steps, const std::string& phase) {
  for (const BakeStep& s : steps)
    if (s.phase == phase) return s.count;
  return -1;
}

std::set<int> region_ids_drawn(const BakeStages& s) {
  std::set<int> ids;
  for (const StageCell& c : s.cells)
    if (c.region != 0) ids.insert(c.region);
  return ids;
}

// Checks that hold for every bake: each stage kept something, and the stages agree with the bake's
// trace and the NavMesh it produced.
void expect_consistent(const Baked& b) {
  const BakeStages& s = b.stages;
  EXPECT_FALSE(s.triangles.empty());
  EXPECT_FALSE(s.spans.empty());
  EXPECT_FALSE(s.cells.empty());
  EXPECT_FALSE(s.contours.empty());
  EXPECT_FALSE(s.polygons.empty());
  EXPECT_FALSE(s.detail_triangles.empty());
  EXPECT_FALSE(s.spans_truncated);
  EXPECT_FALSE(s.cells_truncated);
  EXPECT_EQ(long(s.spans.size()), s.span_count);
  EXPECT_EQ(long(s.cells.size()), s.cell_count);
  EXPECT_EQ(s.walkable_triangles, phase_count(b.steps, "rasterize"));
  // The regions drawn (distinct ids in the cells) are the regions Recast counted.
  EXPECT_EQ(long(region_ids_drawn(s).size()), long(s.region_count));
  EXPECT_EQ(long(s.region_count), phase_count(b.steps, "regions"));
  EXPECT_EQ(long(s.contours.size()), phase_count(b.steps, "contours"));
  EXPECT_EQ(s.polygons.size(), b.mesh.polys.size());
  long walkable = 0;
  for (const StageCell& c : s.cells) walkable += c.walkable;
  EXPECT_EQ(walkable, s.walkable_cells);
  for (const StageContour& c : s.contours) {
    EXPECT_GE(c.region, 1);
    EXPECT_LE(c.region, s.region_count);
    EXPECT_GE(c.simplified.size(), 3u);
    EXPECT_GE(c.raw.size(), c.simplified.size());
  }
  // Each polygon of n corners is covered by at least n - 2 detail triangles, and each matches the NavMesh
  // polygon of the same index in its number of corners.
  size_t fan = 0;
  for (size_t i = 0; i < s.polygons.size(); ++i) {
    EXPECT_EQ(s.polygons[i].ring.size(), b.mesh.polys[i].verts.size()) << "polygon " << i;
    fan += s.polygons[i].ring.size() - 2;
  }
  EXPECT_GE(s.detail_triangles.size(), fan);
  for (BakeStage k : {BakeStage::Input, BakeStage::Heightfield, BakeStage::Compact, BakeStage::Regions,
                      BakeStage::RawContours, BakeStage::Contours, BakeStage::PolyMesh, BakeStage::DetailMesh})
    EXPECT_FALSE(s.describe(k).empty());
}

// Every contour and polygon point lies within `lo`..`hi` in the planning plane.
void expect_inside(const BakeStages& s, Vec2 lo, Vec2 hi) {
  auto inside = [&](Vec3 w) {
    const Vec2 p = to_plane(w);
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
  };
  for (const StageContour& c : s.contours) {
    for (Vec3 w : c.raw) EXPECT_TRUE(inside(w)) << input_point_text(w);
    for (Vec3 w : c.simplified) EXPECT_TRUE(inside(w)) << input_point_text(w);
  }
  for (const StagePolygon& p : s.polygons)
    for (Vec3 w : p.ring) EXPECT_TRUE(inside(w)) << input_point_text(w);
}

TEST(BakeStages, DefaultFloorPlanStagesAreNonEmptyAndConsistent) {
  const Baked b = bake_scene("default.json");
  expect_consistent(b);
  EXPECT_TRUE(b.stages.has_distance_field);  // the default partition is watershed
  EXPECT_GT(b.stages.region_count, 1);
  // The outline of scenes/default.json spans 0..40 × 0..25 m; eroded floor lies within it.
  expect_inside(b.stages, {0, 0}, {40, 25});
}

TEST(BakeStages, MeshLevelStagesAreNonEmptyAndConsistent) {
  const Baked b = bake_scene("mesh_level.json");
  expect_consistent(b);
  auto scene = load_scene(test::scene_path("mesh_level.json"));
  ASSERT_TRUE(scene.ok());
  auto soup = read_level(*scene.value().mesh_source(), scene.value().path);
  ASSERT_TRUE(soup.ok()) << soup.error();
  EXPECT_EQ(b.stages.triangle_count, long(soup.value().tris.size()));
  const BakeStages& s = b.stages;
  const Vec2 a = to_plane(s.bmin), c = to_plane(s.bmax);
  expect_inside(s, {std::min(a.x, c.x), std::min(a.y, c.y)}, {std::max(a.x, c.x), std::max(a.y, c.y)});
}

TEST(BakeStages, NothingIsKeptUnlessAsked) {
  auto scene = load_scene(test::scene_path("default.json"));
  ASSERT_TRUE(scene.ok());
  EXPECT_TRUE(build_navmesh(scene.value()).ok());  // no stages pointer: the bake runs as before
}

// A 10 × 10 m room, cell 0.5 m, agent radius 1 m (2 cells), counted by hand:
// the slab reaches two cells beyond the outline, so the grid is 24 × 24 columns of one span each; the
// ledge filter drops the grid's border ring (22 × 22 = 484 walkable spans), the compact heightfield
// keeps those 484; carving to the outline leaves 20 × 20 cells and eroding 2 cells leaves 16 × 16 = 256.
// One region, one contour: the square 1..9 m.
TEST(BakeStages, SquareRoomCountedByHand) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  BakeDef def;
  def.cell_size = 0.5;
  def.agent_radius = 1.0;
  BakeStages s;
  auto mesh = bake_floorplan(f, def, nullptr, {}, {}, &s);
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  EXPECT_EQ(s.width, 24);
  EXPECT_EQ(s.height, 24);
  EXPECT_EQ(s.span_count, 24 * 24);
  EXPECT_EQ(s.walkable_spans, 22 * 22);
  EXPECT_EQ(s.cell_count, 22 * 22);
  EXPECT_EQ(s.walkable_cells, 16 * 16);
  EXPECT_EQ(s.triangle_count, 2);
  EXPECT_EQ(s.walkable_triangles, 2);
  EXPECT_EQ(s.region_count, 1);
  ASSERT_EQ(s.contours.size(), 1u);
  std::set<std::pair<double, double>> corners;
  for (Vec3 w : s.contours[0].simplified) corners.insert({to_plane(w).x, to_plane(w).y});
  const std::set<std::pair<double, double>> expected{{1, 1}, {9, 1}, {9, 9}, {1, 9}};
  EXPECT_EQ(corners, expected);
  // Recast's distance field counts 2 per cell step: the centre of the 16-cell square is 8 steps from the
  // eroded border (16), and the field's blur can only lower that; the ring 2 steps in already reads 4.
  EXPECT_GE(s.max_distance, 4);
  EXPECT_LE(s.max_distance, 16);
  EXPECT_EQ(s.describe(BakeStage::Regions), "The partition grouped the 256 walkable cells into 1 region.");
  EXPECT_EQ(s.describe(BakeStage::Heightfield).rfind("The heightfield holds 576 spans in 24 × 24 columns", 0), 0u)
      << s.describe(BakeStage::Heightfield);
}

TEST(BakeStages, CountsAreGroupedByThousands) {
  EXPECT_EQ(grouped(0), "0");
  EXPECT_EQ(grouped(999), "999");
  EXPECT_EQ(grouped(12345), "12,345");
  EXPECT_EQ(grouped(1234567), "1,234,567");
  EXPECT_EQ(grouped(-1000), "-1,000");
}

TEST(BakeStages, NamesRoundTrip) {
  for (int i = 0; i < kBakeStageCount; ++i) {
    const BakeStage s = BakeStage(i);
    ASSERT_TRUE(bake_stage_from_name(bake_stage_name(s)).has_value());
    EXPECT_EQ(*bake_stage_from_name(bake_stage_name(s)), s);
  }
  EXPECT_FALSE(bake_stage_from_name("navmesh").has_value());
  EXPECT_EQ(std::string(bake_stage_name(BakeStage::RawContours)), "raw-contours");
}

}  // namespace
}  // namespace navlab
