// Detour navmesh files (RecastDemo's all-tiles format): a bake written with write_detour_file reads back
// as the same navmesh, plans on it follow Detour's own findPath and findStraightPath on the file's mesh,
// and broken or foreign files are errors naming the file, never a crash (also under random byte flips).
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>

#include "detour_file.h"
#include "gates.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"
#include "portals.h"
#include "random_pairs.h"

namespace navlab {
namespace {

std::vector<unsigned char> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// scenes/default.json baked and written to a file; the file's path.
std::string default_scene_file(NavMesh* baked_out = nullptr) {
  const test::Loaded l = test::load("default.json");
  const std::string path = test::temp_dir() + "/default.bin";
  EXPECT_EQ(write_detour_file(l.mesh, path), "");
  if (baked_out) *baked_out = l.mesh;
  return path;
}

TEST(DetourFile, ABakeReadsBackAsTheSameNavmesh) {
  NavMesh baked;
  const Result<NavMesh> back = read_detour_file(default_scene_file(&baked));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(back->is3d);
  ASSERT_EQ(back->verts.size(), baked.verts.size());
  ASSERT_EQ(back->polys.size(), baked.polys.size());
  for (size_t i = 0; i < baked.verts.size(); ++i) EXPECT_EQ(back->verts[i], baked.verts[i]) << "vertex " << i;
  for (size_t i = 0; i < baked.polys.size(); ++i) {
    EXPECT_EQ(back->polys[i].verts, baked.polys[i].verts) << "polygon " << i;
    EXPECT_EQ(back->polys[i].neighbours, baked.polys[i].neighbours) << "polygon " << i;
    EXPECT_EQ(back->area_names[size_t(back->polys[i].area)], baked.area_names[size_t(baked.polys[i].area)]);
  }
}

TEST(DetourFile, PlansOnTheFileFollowDetoursCorridorAndStraightPath) {
  const std::string file = default_scene_file();
  const test::Loaded l = test::load_text(R"({"navlab": 1, "detour": "default.bin", "agent": {"radius": 0.6}})",
                                         test::temp_dir() + "/detour_scene.json");
  ASSERT_TRUE(l.mesh.baked);
  const dtNavMesh* nav = l.mesh.baked->detour.get();
  dtNavMeshQuery q;
  ASSERT_TRUE(dtStatusSucceed(q.init(nav, 4096)));
  dtQueryFilter filter;
  int compared = 0;
  for (const RandomPair& p : random_pairs(l.mesh, 200, 42)) {
    const PlanResult r = plan(l.scene, l.mesh, PlanRequest{p.start, p.goal, {}});
    const Vec3 s = to_world(p.start.plane, p.start.height), g = to_world(p.goal.plane, p.goal.height);
    const float s3[3] = {float(s.x), float(s.y), float(s.z)}, g3[3] = {float(g.x), float(g.y), float(g.z)};
    dtPolyRef path[1024];
    int n = 0;
    const dtPolyRef rs = l.mesh.baked->base_ref | dtPolyRef(r.locate.start.poly);
    const dtPolyRef rg = l.mesh.baked->base_ref | dtPolyRef(r.locate.goal.poly);
    ASSERT_TRUE(dtStatusSucceed(q.findPath(rs, rg, s3, g3, &filter, path, &n, 1024)));
    if (n == 0 || path[n - 1] != rg) {  // another island: both must say so
      EXPECT_NE(r.status, Status::Complete);
      continue;
    }
    ASSERT_EQ(r.status, Status::Complete) << r.failure->message;
    std::vector<int> corridor;
    for (int i = 0; i < n; ++i) corridor.push_back(int(path[i] & ~l.mesh.baked->base_ref));
    EXPECT_EQ(r.search.corridor, corridor);
    float straight[3 * 256];
    int ns = 0;
    ASSERT_TRUE(dtStatusSucceed(q.findStraightPath(s3, g3, path, n, straight, nullptr, nullptr, &ns, 256)));
    double detour_len = 0;
    for (int i = 1; i < ns; ++i)
      detour_len += std::hypot(straight[3 * i] - straight[3 * i - 3], straight[3 * i + 2] - straight[3 * i - 1]);
    EXPECT_NEAR(path_length(r.funnel.points), detour_len, 1e-3 * std::max(1.0, detour_len));
    ++compared;
  }
  EXPECT_GT(compared, 150);
}

// A Detour file's areas are named "area N" by the reader; a scene may exclude them by those names, and
// only the polygons of that area are closed to the agent. Names past Detour's 63 areas are refused.
TEST(DetourFile, ItsAreasCanBeExcludedByTheirNames) {
  const test::Loaded painted = test::load("floorplan_basic.json");  // a floor plan with a painted area
  ASSERT_EQ(write_detour_file(painted.mesh, test::temp_dir() + "/painted.bin"), "");
  const Result<NavMesh> back = read_detour_file(test::temp_dir() + "/painted.bin");
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_GE(back->area_names.size(), 2u);
  const std::string name = back->area_names[1];
  EXPECT_EQ(name, "area 1");
  const test::Loaded l = test::load_text(
      R"({"navlab": 1, "detour": "painted.bin", "agent": {"excluded_areas": [")" + name + R"("]}})",
      test::temp_dir() + "/detour_areas.json");
  const Result<Gates> gates = make_gates(l.scene, l.mesh);
  ASSERT_TRUE(gates.ok()) << gates.error();
  int blocked = 0;
  for (int p = 0; p < int(l.mesh.polys.size()); ++p) {
    EXPECT_EQ(gates->filter.node_blocked(p), l.mesh.polys[size_t(p)].area == 1) << "polygon " << p;
    blocked += gates->filter.node_blocked(p);
  }
  EXPECT_GT(blocked, 0);
  const Result<Scene> far = parse_scene(R"({"navlab": 1, "detour": "painted.bin", "agent": {"excluded_areas": ["area 64"]}})",
                                        "levels/s.json");
  ASSERT_FALSE(far.ok());
  EXPECT_NE(far.error().find("/agent/excluded_areas/0"), std::string::npos) << far.error();
}

// A valid file's bytes with `edit` applied must give an error starting with `expected`.
void expect_rejected(const std::string& what, std::vector<unsigned char> bytes, const std::string& expected) {
  const Result<NavMesh> r = parse_detour_file(bytes, "level.bin");
  ASSERT_FALSE(r.ok()) << what;
  EXPECT_EQ(r.error().substr(0, expected.size()), expected) << what << ": " << r.error();
}

void put_int(std::vector<unsigned char>& b, size_t at, int v) { std::memcpy(b.data() + at, &v, sizeof v); }

TEST(DetourFile, BrokenAndForeignFilesAreErrorsNamingWhatIsWrong) {
  const std::vector<unsigned char> good = file_bytes(default_scene_file());
  ASSERT_GT(good.size(), 200u);
  const std::string bad = "level.bin: not a navmesh file navlab can read: ";
  const size_t set = 12 + sizeof(dtNavMeshParams), tile = set + 8;  // the tile's dtMeshHeader
  auto edited = [&](size_t at, int v) {
    auto b = good;
    put_int(b, at, v);
    return b;
  };
  expect_rejected("empty", {}, bad + "it is shorter than the file header (0 bytes)");
  expect_rejected("magic", edited(0, 0x12345678), bad + "it does not start with the magic 'MSET'");
  expect_rejected("version", edited(4, 2), bad + "it has version 2, not 1");
  expect_rejected("no tiles", edited(8, 0), bad + "it has 0 tiles");
  expect_rejected("many tiles", edited(8, 1 << 30), bad + "it has 1073741824 tiles");
  expect_rejected("tiled", edited(8, 4), "level.bin: the navmesh file has 4 tiles");
  expect_rejected("truncated", std::vector<unsigned char>(good.begin(), good.begin() + long(tile) + 100),
                  bad + "tile 0 claims");
  expect_rejected("tile magic", edited(tile, 0), bad + "tile 0: its tile data does not start with Detour's magic");
  expect_rejected("tile version", edited(tile + 4, 99), bad + "tile 0: its tile data has version 99");
  expect_rejected("poly count", edited(tile + 24, 5), bad + "tile 0: a tile's data has");
  expect_rejected("negative count", edited(tile + 28, -1), bad + "tile 0: a tile count is -1");
  // A polygon naming a vertex past the tile's vertices (the first polygon's first vertex index).
  auto b = good;
  dtMeshHeader h;
  std::memcpy(&h, good.data() + tile, sizeof h);
  const size_t polys = tile + ((sizeof(dtMeshHeader) + 3) & ~size_t(3)) + ((12 * size_t(h.vertCount) + 3) & ~size_t(3));
  const unsigned short far = static_cast<unsigned short>(h.vertCount + 7);
  std::memcpy(b.data() + polys + offsetof(dtPoly, verts), &far, sizeof far);
  expect_rejected("vertex index", b, bad + "tile 0: polygon 0 names vertex " + std::to_string(h.vertCount + 7));
}

TEST(DetourFile, RandomByteFlipsNeverCrash) {
  const std::vector<unsigned char> good = file_bytes(default_scene_file());
  std::mt19937 rng(7);
  int accepted = 0;
  for (int round = 0; round < 3000; ++round) {
    auto b = good;
    const int flips = 1 + int(rng() % 8);
    for (int k = 0; k < flips; ++k) b[rng() % b.size()] ^= static_cast<unsigned char>(1u << (rng() % 8));
    const Result<NavMesh> r = parse_detour_file(b, "flipped.bin");
    if (r.ok()) ++accepted;  // a flip in a float or a flag can leave a valid mesh
    else EXPECT_EQ(r.error().rfind("flipped.bin: ", 0), 0u) << r.error();
  }
  std::printf("%d of 3000 flipped files still read as a navmesh\n", accepted);
}

TEST(DetourFile, MissingFilesAndUnbakedMeshes) {
  EXPECT_EQ(read_detour_file("/nonexistent/x.bin").error(), "/nonexistent/x.bin: cannot open the navmesh file (it does not exist)");
  const test::Loaded hand = test::load("navmesh_basic.json");
  EXPECT_NE(write_detour_file(hand.mesh, test::temp_dir() + "/x.bin").find("only a baked navmesh"), std::string::npos);
  const Result<Scene> scene = parse_scene(R"({"navlab": 1, "detour": "nowhere.bin"})", "levels/s.json");
  ASSERT_TRUE(scene.ok()) << scene.error();
  EXPECT_EQ(build_navmesh(scene.value()).error(), "levels/nowhere.bin: cannot open the navmesh file (it does not exist)");
}

}  // namespace
}  // namespace navlab
