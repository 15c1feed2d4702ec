// TileJob: door moves in a tile cache on the job's own thread. The oracle for every mesh it hands over is
// a second tile cache, baked from the same scene and moved the same way on the test's thread (and its
// conversion from scratch).
#include "tile_job.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <thread>
#include <tuple>

namespace navlab {
namespace {

// A 40 m x 12 m hall with a pillar, baked in 8 m tiles (cell 0.25 m, tile 32 cells), and a door "gate"
// across it at x = `x`; a second door "side" stands in the west.
Scene hall(double x) {
  Scene s;
  s.source = Scene::Floorplan{{{0, 0}, {40, 0}, {40, 12}, {0, 12}}, {{{26, 3}, {28, 3}, {28, 9}, {26, 9}}}, {}};
  s.bake.cell_size = 0.25;
  s.bake.agent_radius = 0.5;
  for (const auto& [id, a, b] :
       {std::tuple{"gate", Vec2{x, 0}, Vec2{x, 12}}, std::tuple{"side", Vec2{4, 2}, Vec2{4, 6}}}) {
    Door d;
    d.id = id;
    d.shape.resize(2);
    d.shape[0].plane = a;
    d.shape[1].plane = b;
    s.doors.push_back(d);
  }
  return s;
}

Door gate_at(double x) { return hall(x).doors[0]; }

std::shared_ptr<TileCache> baked(const Scene& s) {
  auto built = TileCache::build(s);
  EXPECT_TRUE(built) << built.error();
  return built ? std::shared_ptr<TileCache>(std::move(built.value())) : nullptr;
}

// The same polygons (vertices, neighbours, doors), keys and tiles.
void expect_same(const TiledNavMesh& a, const TiledNavMesh& b) {
  EXPECT_EQ(a.keys, b.keys);
  EXPECT_EQ(a.tile_of, b.tile_of);
  EXPECT_EQ(a.mesh.verts, b.mesh.verts);
  ASSERT_EQ(a.mesh.polys.size(), b.mesh.polys.size());
  for (size_t p = 0; p < a.mesh.polys.size(); ++p) EXPECT_EQ(a.mesh.polys[p], b.mesh.polys[p]) << "polygon " << p;
}

TEST(TileJob, EachMoveHandsOverTheMeshTheSameMovesGiveOnTheCallersThread) {
  auto job_cache = baked(hall(20)), oracle = baked(hall(20));
  ASSERT_TRUE(job_cache && oracle);
  std::atomic<int> prepared_here{0}, prepared{0};
  const std::thread::id test_thread = std::this_thread::get_id();
  TileJob job(job_cache, [&](const NavMesh& mesh) {
    ++prepared;
    if (std::this_thread::get_id() == test_thread) ++prepared_here;
    return std::make_shared<size_t>(mesh.polys.size());
  });
  for (double x : {22.0, 30.0, 9.0}) {
    job.move(gate_at(x), false);
    job.wait();
    std::optional<TileJob::Output> out = job.take();
    ASSERT_TRUE(out.has_value()) << x;
    const TileUpdate want = oracle->move_door(gate_at(x));
    expect_same(out->mesh, oracle->navmesh());
    EXPECT_EQ(out->update.rebuilt_tiles, want.rebuilt_tiles) << x;
    EXPECT_EQ(out->moves, 1);
    EXPECT_EQ(out->doors, std::vector<std::string>{"gate"});
    EXPECT_FALSE(out->final);
    // Readied on the job's thread: the index is built and goes along with the mesh.
    EXPECT_TRUE(out->mesh.mesh.query_cache.has_index(out->mesh.mesh));
    ASSERT_NE(out->prepared, nullptr);
    EXPECT_EQ(*static_cast<size_t*>(out->prepared.get()), out->mesh.mesh.polys.size());
    EXPECT_FALSE(job.take().has_value()) << "an output is taken once";
    EXPECT_TRUE(job.done());
  }
  EXPECT_EQ(prepared.load(), 3);
  EXPECT_EQ(prepared_here.load(), 0);
  expect_same(job.idle_cache().navmesh(), job.idle_cache().full_conversion());
}

// The tiles whose polygons differ between two meshes of one tile cache (by key and corners).
std::vector<int> changed_tiles(const TiledNavMesh& a, const TiledNavMesh& b) {
  using Poly = std::pair<int, std::vector<Vec2>>;
  std::map<int, std::vector<Poly>> by_tile[2];
  const TiledNavMesh* meshes[2] = {&a, &b};
  for (int k = 0; k < 2; ++k)
    for (size_t p = 0; p < meshes[k]->mesh.polys.size(); ++p) {
      std::vector<Vec2> corners;
      for (int v : meshes[k]->mesh.polys[p].verts) corners.push_back(meshes[k]->mesh.verts[size_t(v)]);
      by_tile[k][meshes[k]->tile_of[p]].push_back({meshes[k]->keys[p], corners});
    }
  std::vector<int> out;
  for (int k = 0; k < 2; ++k)
    for (const auto& [tile, polys] : by_tile[k]) {
      const auto other = by_tile[1 - k].find(tile);
      if (other == by_tile[1 - k].end() || other->second != polys) out.push_back(tile);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

TEST(TileJob, MovesQueuedTogetherAndOutputsNotTakenAreFoldedIntoTheNext) {
  auto job_cache = baked(hall(20)), oracle = baked(hall(20));
  ASSERT_TRUE(job_cache && oracle);
  const TiledNavMesh before = oracle->navmesh();
  TileJob job(job_cache);
  // The gate leaves x = 20 for the east end, then moves to and fro there, and the side door is dropped
  // elsewhere: many moves queued faster than they are done, nothing taken until the end.
  int queued = 0;
  for (int i = 0; i < 12; ++i) {
    const double x = i == 0 ? 36.0 : 35.0 + 0.2 * i;
    job.move(gate_at(x), false);
    oracle->move_door(gate_at(x));
    ++queued;
    if (i == 5) {
      Door side = hall(20).doors[1];
      side.shape[1].plane = {6, 6};
      job.move(side, true);
      oracle->move_door(side);
      ++queued;
    }
  }
  job.wait();
  EXPECT_FALSE(job.busy());
  EXPECT_FALSE(job.done()) << "its output is not taken yet";
  std::optional<TileJob::Output> out = job.take();
  ASSERT_TRUE(out.has_value());
  EXPECT_TRUE(job.done());
  expect_same(out->mesh, oracle->navmesh());
  EXPECT_GE(out->moves, 2);
  EXPECT_LE(out->moves, queued);
  EXPECT_EQ(out->doors, (std::vector<std::string>{"gate", "side"}));
  EXPECT_TRUE(out->final) << "the side door was dropped";
  // One output stands for every move since the last one taken: every tile whose polygons changed since
  // the mesh the caller has (the one before the moves) is among its rebuilt tiles, those of the first
  // move (the gate leaving x = 20) too.
  const std::vector<int> changed = changed_tiles(before, out->mesh);
  ASSERT_FALSE(changed.empty());
  EXPECT_TRUE(std::is_sorted(out->update.rebuilt_tiles.begin(), out->update.rebuilt_tiles.end()));
  EXPECT_TRUE(
      std::includes(out->update.rebuilt_tiles.begin(), out->update.rebuilt_tiles.end(), changed.begin(), changed.end()))
      << out->update.describe();
  bool west_of_the_pillar = false;
  for (int t : changed) west_of_the_pillar = west_of_the_pillar || t % job.layout().tiles_x() == 2;
  EXPECT_TRUE(west_of_the_pillar) << "the gate's first footprint (x = 20) changed";
}

TEST(TileJob, AJobDroppedWithMovesQueuedStopsAfterTheOneUnderWay) {
  auto cache = baked(hall(20));
  ASSERT_TRUE(cache);
  const auto t0 = std::chrono::steady_clock::now();
  {
    TileJob job(cache);
    for (int i = 0; i < 50; ++i) {
      Door d = gate_at(8.0 + 0.5 * i);
      d.id = i % 2 ? "gate" : "side";  // two doors: the queue holds two moves at most
      job.move(d, false);
    }
  }
  // Nothing was left running: the cache is the caller's again and can be moved on this thread.
  const TileUpdate u = cache->move_door(gate_at(12));
  EXPECT_FALSE(u.rebuilt_tiles.empty());
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30.0);
}

}  // namespace
}  // namespace navlab
