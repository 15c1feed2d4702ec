// A bake on a thread of its own (core/navmesh/bake_job.h): it bakes what build_navmesh bakes, says which
// phase (single tile) or how many tiles (tiled) it has done, and a cancel stops it where the progress
// says, with an error, a mesh nobody uses, and no thread left behind (the sanitizer build checks leaks).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "bake_job.h"
#include "generated_level.h"
#include "navmesh_build.h"
#include "paths.h"

namespace navlab {
namespace {

Scene scene_file(const std::string& name) {
  auto s = load_scene(test::scene_path(name));
  EXPECT_TRUE(s.ok()) << s.error();
  return s.value();
}

// A pillar hall (about 3,000 polygons) baked at a fine cell size in small tiles: hundreds of tiles, so a
// cancel always comes before the last.
Scene many_tiles() {
  Scene s = pillar_hall_scene(3000, 7);
  s.bake.cell_size = 0.1;
  s.bake.tile_size = 32;
  return s;
}

TEST(BakeJob, BakesWhatBuildNavmeshBakesWithItsRecords) {
  const Scene scene = scene_file("floorplan_basic.json");
  BakeJob job(scene);
  BakeOutput out = job.take();
  EXPECT_TRUE(job.finished());
  ASSERT_TRUE(out.mesh.ok()) << out.mesh.error();
  EXPECT_FALSE(out.cancelled);
  // The bake on this thread, in place: the job's copy of the scene must bake to the same polygons.
  std::vector<BakeStep> steps;
  auto direct = build_navmesh(scene, &steps);
  ASSERT_TRUE(direct.ok()) << direct.error();
  EXPECT_EQ(out.mesh.value().verts, direct.value().verts);
  EXPECT_EQ(out.mesh.value().polys, direct.value().polys);
  ASSERT_EQ(out.steps.size(), steps.size());
  for (size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(out.steps[i].phase, steps[i].phase);
  EXPECT_FALSE(out.stages.polygons.empty());  // a single tile keeps its stage records
  EXPECT_GT(out.ms, 0.0);
  // The query index was built on the job's thread too: the first plan on the mesh handed over reuses it.
  EXPECT_TRUE(out.mesh.value().query_cache.has_index(out.mesh.value()));
  EXPECT_FALSE(direct.value().query_cache.has_index(direct.value()));
  const NavMesh taken = std::move(out.mesh).value();
  EXPECT_TRUE(taken.query_cache.has_index(taken));
  // The single-tile bake went through every phase: the last one it entered is Detour's.
  EXPECT_EQ(job.progress().phase.load(), int(BakePhase::Detour));
  EXPECT_EQ(job.progress().tiles_total.load(), 0);
}

TEST(BakeJob, ASingleTileBakeCancelledStopsBeforeItsNextPhase) {
  // Cancelled before it could start: the first phase is where it stops.
  BakeProgress before;
  before.cancel = true;
  const Scene scene = scene_file("floorplan_basic.json");
  auto r = build_navmesh(scene, nullptr, nullptr, &before);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("bake cancelled before rasterize (phase 1 of 9)"), std::string::npos) << r.error();

  // Cancelled from another thread once the bake has begun: it stops before a later phase and says which.
  Scene big = pillar_hall_scene(3000, 3);
  BakeJob job(big);
  while (job.progress().phase.load() < int(BakePhase::Filter) && !job.finished()) std::this_thread::yield();
  job.cancel();
  BakeOutput out = job.take();
  EXPECT_TRUE(out.cancelled);
  ASSERT_FALSE(out.mesh.ok()) << "the bake finished before the cancel reached it";
  const int stopped = job.progress().phase.load();
  EXPECT_GE(stopped, int(BakePhase::Filter));
  const std::string where = std::string("bake cancelled before ") + to_string(BakePhase(stopped)) + " (phase " +
                            std::to_string(stopped + 1) + " of 9)";
  EXPECT_NE(out.mesh.error().find(where), std::string::npos) << out.mesh.error();
}

TEST(BakeJob, ATiledBakeCancelledTakesNoFurtherTile) {
  BakeJob job(many_tiles());
  while (job.progress().tiles_done.load() < 1 && !job.finished()) std::this_thread::yield();
  job.cancel();
  BakeOutput out = job.take();
  EXPECT_TRUE(out.cancelled);
  ASSERT_FALSE(out.mesh.ok()) << "the bake finished before the cancel reached it";
  const int done = job.progress().tiles_done.load(), total = job.progress().tiles_total.load();
  EXPECT_GT(total, 100);
  EXPECT_GE(done, 1);
  EXPECT_LT(done, total);
  EXPECT_NE(
      out.mesh.error().find("bake cancelled after " + std::to_string(done) + " of " + std::to_string(total) + " tiles"),
      std::string::npos)
      << out.mesh.error();
}

// The caller's `prepare` runs on the job's thread on the mesh it baked, once the index is built, before
// the job says it has finished; a bake that fails or is cancelled prepares nothing.
TEST(BakeJob, ReadiesTheBakedMeshOnItsOwnThread) {
  std::thread::id ran_on;
  size_t polygons = 0;
  bool indexed = false;
  int calls = 0;
  BakeJob job(scene_file("floorplan_basic.json"), [&](const NavMesh& m) {
    ran_on = std::this_thread::get_id();
    polygons = m.polys.size();
    indexed = m.query_cache.has_index(m);
    ++calls;
  });
  BakeOutput out = job.take();
  ASSERT_TRUE(out.mesh.ok()) << out.mesh.error();
  EXPECT_EQ(calls, 1);
  EXPECT_NE(ran_on, std::this_thread::get_id());
  EXPECT_EQ(polygons, out.mesh.value().polys.size());
  EXPECT_TRUE(indexed);
  int cancelled_calls = 0;
  {
    BakeJob stopped(many_tiles(), [&](const NavMesh&) { ++cancelled_calls; });
    stopped.cancel();
    EXPECT_FALSE(stopped.take().mesh.ok());
  }
  EXPECT_EQ(cancelled_calls, 0);
}

TEST(BakeJob, AJobDroppedWhileItRunsStopsAndJoinsItsThread) {
  for (int i = 0; i < 3; ++i) {
    auto job = std::make_unique<BakeJob>(many_tiles());
    while (job->progress().tiles_total.load() == 0 && !job->finished()) std::this_thread::yield();
    job.reset();  // cancels and joins: no thread outlives the job, nothing it allocated leaks
  }
  SUCCEED();
}

}  // namespace
}  // namespace navlab
