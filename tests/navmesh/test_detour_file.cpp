// Detour navmesh files (RecastDemo's all-tiles format): a bake written with write_detour_file reads back
// as the same navmesh, plans on it follow Detour's own findPath and findStraightPath on the file's mesh,
// and broken or foreign files are errors naming the file, never a crash (also under random byte flips).
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>

#include "detour_file.h"
#include "funnel.h"
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
  EXPECT_EQ(write_detour_file(l.mesh, path).error(), "");
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
  ASSERT_EQ(write_detour_file(painted.mesh, test::temp_dir() + "/painted.bin").error(), "");
  const Result<NavMesh> back = read_detour_file(test::temp_dir() + "/painted.bin");
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_GE(back->area_names.size(), 2u);
  const std::string name = back->area_names[1];
  EXPECT_EQ(name, "area 1");
  const test::Loaded l =
      test::load_text(R"({"navlab": 1, "detour": "painted.bin", "agent": {"excluded_areas": [")" + name + R"("]}})",
                      test::temp_dir() + "/detour_areas.json");
  const Result<Gates> gates = make_gates(l.scene, l.mesh);
  ASSERT_TRUE(gates.ok()) << gates.error();
  int blocked = 0;
  for (int p = 0; p < int(l.mesh.polys.size()); ++p) {
    EXPECT_EQ(gates->filter.node_blocked(p), l.mesh.polys[size_t(p)].area == 1) << "polygon " << p;
    blocked += gates->filter.node_blocked(p);
  }
  EXPECT_GT(blocked, 0);
  const Result<Scene> far = parse_scene(
      R"({"navlab": 1, "detour": "painted.bin", "agent": {"excluded_areas": ["area 64"]}})", "levels/s.json");
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
  expect_rejected("tiles missing", edited(8, 4), bad + "its navmesh parameters allow 1 tiles of");
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

// The pillared floor plan of tests/path/test_funnel_detour.cpp baked in tiles of 32 cells (5 x 4 tiles)
// and written to a file; the file's path.
std::string tiled_scene_file(NavMesh* baked_out = nullptr) {
  const test::Loaded l = test::load_text(R"({"navlab": 1, "floorplan": {
      "outline": [[0, 0], [40, 0], [40, 25], [22, 25], [22, 30], [0, 30]],
      "holes": [[[5, 5], [9, 5], [9, 8], [5, 8]], [[14, 3], [16, 3], [16, 20], [14, 20]], [[20, 10], [26, 6], [28, 12]],
                [[30, 14], [35, 14], [35, 22], [33, 22], [33, 16], [30, 16]], [[4, 14], [10, 14], [10, 15], [4, 15]],
                [[6, 20], [12, 24], [8, 26]]],
      "areas": [{"name": "mud", "polygon": [[18, 20], [30, 20], [30, 24], [18, 24]]}]},
    "bake": {"tile_size": 32}})",
                                         test::temp_dir() + "/tiled.json");
  const std::string path = test::temp_dir() + "/tiled.bin";
  EXPECT_EQ(write_detour_file(l.mesh, path).error(), "");
  if (baked_out) *baked_out = l.mesh;
  return path;
}

TEST(DetourFile, ATiledBakeReadsBackAsTheSameNavmesh) {
  NavMesh baked;
  const std::string file = tiled_scene_file(&baked);
  int tiles = 0;
  std::memcpy(&tiles, file_bytes(file).data() + 8, sizeof tiles);
  EXPECT_EQ(tiles, 20) << "every tile with polygons is written";
  const Result<NavMesh> back = read_detour_file(file);
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_TRUE(back->baked);
  ASSERT_EQ(back->verts.size(), baked.verts.size());
  ASSERT_EQ(back->polys.size(), baked.polys.size());
  for (size_t i = 0; i < baked.verts.size(); ++i) EXPECT_EQ(back->verts[i], baked.verts[i]) << "vertex " << i;
  for (size_t i = 0; i < baked.polys.size(); ++i) {
    EXPECT_EQ(back->polys[i].verts, baked.polys[i].verts) << "polygon " << i;
    EXPECT_EQ(back->polys[i].neighbours, baked.polys[i].neighbours) << "polygon " << i;
    EXPECT_EQ(back->polys[i].area, baked.polys[i].area) << "polygon " << i << ": area ids keep their number";
    EXPECT_EQ(back->baked->ref(int(i)), baked.baked->ref(int(i))) << "polygon " << i;
  }
}

// Plans on the file: our straight path through Detour's corridor is Detour's (findStraightPath), and
// most corridors are Detour's. Both differ where tiles meet, as on a tiled bake
// (tests/navmesh/test_bake_tiled.cpp says why): Detour stores a cross-tile portal's ends in 1/255 steps
// of the edge, so a corner there may move by up to a tile side / 255 (0.038 m here), and its search
// expands links to other tiles first.
TEST(DetourFile, PlansOnATiledFileFollowDetoursCorridorAndStraightPath) {
  tiled_scene_file();
  const test::Loaded l = test::load_text(R"({"navlab": 1, "detour": "tiled.bin", "agent": {"radius": 0.6}})",
                                         test::temp_dir() + "/tiled_detour_scene.json");
  ASSERT_TRUE(l.mesh.baked);
  const BakedNavMesh& baked = *l.mesh.baked;
  dtNavMeshQuery q;
  ASSERT_TRUE(dtStatusSucceed(q.init(baked.detour.get(), 4096)));
  dtQueryFilter filter;
  const double per_corner = 32 * 0.3 / 255.0;
  int compared = 0, same_corridor = 0;
  for (const RandomPair& p : random_pairs(l.mesh, 200, 43)) {
    const PlanResult r = plan(l.scene, l.mesh, PlanRequest{p.start, p.goal, {}});
    ASSERT_EQ(r.status, Status::Complete) << r.failure->message;
    const Vec3 s = to_world(p.start.plane, p.start.height), g = to_world(p.goal.plane, p.goal.height);
    const float s3[3] = {float(s.x), float(s.y), float(s.z)}, g3[3] = {float(g.x), float(g.y), float(g.z)};
    dtPolyRef path[1024];
    int n = 0;
    const dtPolyRef rs = baked.ref(r.locate.start.poly), rg = baked.ref(r.locate.goal.poly);
    ASSERT_TRUE(dtStatusSucceed(q.findPath(rs, rg, s3, g3, &filter, path, &n, 1024)));
    ASSERT_TRUE(n > 0 && path[n - 1] == rg) << "one island";
    std::vector<int> corridor;
    for (int i = 0; i < n; ++i) corridor.push_back(baked.poly_of(path[i]));
    same_corridor += r.search.corridor == corridor;
    float straight[3 * 256];
    int ns = 0;
    ASSERT_TRUE(dtStatusSucceed(q.findStraightPath(s3, g3, path, n, straight, nullptr, nullptr, &ns, 256)));
    double detour_len = 0;
    for (int i = 1; i < ns; ++i)
      detour_len += std::hypot(straight[3 * i] - straight[3 * i - 3], straight[3 * i + 2] - straight[3 * i - 1]);
    const Vec2 start = to_plane({s3[0], s3[1], s3[2]}), goal = to_plane({g3[0], g3[1], g3[2]});
    const PortalsResult portals = build_portals(l.mesh, corridor, start, goal, g3[1]);
    ASSERT_TRUE(portals.ok()) << portals.failure->message;
    const FunnelResult f = funnel(start, portals.portals);
    ASSERT_TRUE(f.ok());
    std::vector<Vec2> pts{start};
    for (const FunnelCorner& c : f.corners) pts.push_back(c.point);
    pts.push_back(goal);
    double ours = 0;
    for (size_t i = 1; i < pts.size(); ++i) ours += distance(pts[i - 1], pts[i]);
    EXPECT_NEAR(ours, detour_len, 1e-3 + per_corner * std::max(0, ns - 2)) << "pair " << compared;
    ++compared;
  }
  EXPECT_EQ(compared, 200);
  std::printf("%d of %d plans keep Detour's corridor\n", same_corridor, compared);
  EXPECT_GT(same_corridor, compared * 8 / 10);
}

// Links written in a file come back as the connections Detour stored, single-tile and tiled: the same
// ends, polygons, direction and (their length) cost; a file of several tiles keeps each link where its
// start's tile has it. The ends, polygons and flags are Detour's, read back from its data.
TEST(DetourFile, LinksReadBackFromTheFile) {
  for (int tile_size : {0, 16}) {
    test::Loaded l = test::load("links_islands.json");
    l.scene.bake.tile_size = tile_size;
    LinkDef drop;
    drop.from.plane = {11.8, 3};
    drop.to.plane = {8.2, 3};
    drop.bidirectional = false;
    l.scene.links.push_back(drop);
    Result<NavMesh> baked = build_navmesh(l.scene);
    ASSERT_TRUE(baked.ok()) << baked.error();
    const std::string path = test::temp_dir() + "/links" + std::to_string(tile_size) + ".bin";
    ASSERT_EQ(write_detour_file(baked.value(), path).error(), "");
    const Result<NavMesh> back = read_detour_file(path);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->links.size(), 2u) << "tile_size " << tile_size;
    for (size_t i = 0; i < 2; ++i) {
      const NavLink& a = baked->links[i];
      const NavLink& b = back->links[i];
      EXPECT_EQ(b.from, a.from) << "link " << i;
      EXPECT_EQ(b.to, a.to) << "link " << i;
      EXPECT_EQ(b.from_poly, a.from_poly) << "link " << i;
      EXPECT_EQ(b.to_poly, a.to_poly) << "link " << i;
      EXPECT_EQ(b.bidirectional, a.bidirectional) << "link " << i;
      EXPECT_NEAR(b.cost, a.cost, 1e-9) << "link " << i;
      EXPECT_EQ(b.detour_ref, a.detour_ref) << "link " << i;
      EXPECT_EQ(b.land_state, a.land_state) << "link " << i;
    }
  }
}

TEST(DetourFile, BrokenTiledFilesAreErrorsNamingTheFile) {
  const std::vector<unsigned char> good = file_bytes(tiled_scene_file());
  const std::string bad = "level.bin: not a navmesh file navlab can read: ";
  const size_t set = 12 + sizeof(dtNavMeshParams), tile0 = set + 8;
  int size0 = 0;
  std::memcpy(&size0, good.data() + set + 4, sizeof size0);
  const size_t tile1 = tile0 + size_t(size0) + 8;
  auto edited = [&](size_t at, int v) {
    auto b = good;
    put_int(b, at, v);
    return b;
  };
  expect_rejected("truncated", std::vector<unsigned char>(good.begin(), good.begin() + long(tile1) + 100),
                  bad + "tile 1 claims");
  expect_rejected("second tile magic", edited(tile1, 0),
                  bad + "tile 1: its tile data does not start with Detour's magic");
  // dtMeshHeader: magic, version, x, y, layer. Tile 1 (1, 0) moved onto tile 0's place, then off the grid:
  // its bounds still lie in grid cell 1,0 (Detour would look for it there and never find it).
  expect_rejected("same place", edited(tile1 + 8, 0),
                  bad + "tile 1: a tile at grid position 0,0 layer 0 has its bounds in grid cell 1,0");
  expect_rejected("negative place", edited(tile1 + 12, -3),
                  bad + "tile 1: a tile at grid position 1,-3 layer 0 has its bounds in grid cell 1,0");
}

// Where the arrays of the first tile of `b` start (as dtNavMesh::addTile lays them out).
struct TileArrays {
  dtMeshHeader h;
  size_t verts = 0, detail_verts = 0;
};
TileArrays tile_arrays(const std::vector<unsigned char>& b) {
  TileArrays t;
  const size_t tile = 12 + sizeof(dtNavMeshParams) + 8;
  std::memcpy(&t.h, b.data() + tile, sizeof t.h);
  auto a4 = [](size_t n) { return (n + 3) & ~size_t(3); };
  t.verts = tile + a4(sizeof(dtMeshHeader));
  t.detail_verts = t.verts + a4(12 * size_t(t.h.vertCount)) + a4(sizeof(dtPoly) * size_t(t.h.polyCount)) +
                   a4(sizeof(dtLink) * size_t(t.h.maxLinkCount)) +
                   a4(sizeof(dtPolyDetail) * size_t(t.h.detailMeshCount));
  return t;
}

TEST(DetourFile, TilePlacesCoordinatesAndHeightsAreCheckedOnLoad) {
  // scenes/mesh_level.json: a level with ramps, so its detail mesh has vertices of their own.
  const test::Loaded level = test::load("mesh_level.json");
  const std::string file = test::temp_dir() + "/mesh_level.bin";
  ASSERT_EQ(write_detour_file(level.mesh, file).error(), "");
  const std::vector<unsigned char> good = file_bytes(file);
  const std::string bad = "level.bin: not a navmesh file navlab can read: tile 0: ";
  const size_t tile = 12 + sizeof(dtNavMeshParams) + 8;
  // A tile at x = 2147483647 was accepted: every plan then failed with an empty message.
  auto b = good;
  put_int(b, tile + 8, 2147483647);
  expect_rejected("x at INT_MAX", b,
                  bad + "a tile at grid position 2147483647,0 layer 0 has its bounds in grid cell 0,0");
  const TileArrays t = tile_arrays(good);
  ASSERT_GT(t.h.detailVertCount, 0) << "the level's bake has detail vertices";
  const float not_a_number = std::nanf(""), far_x = 2e6f;
  b = good;
  std::memcpy(b.data() + t.detail_verts + 4, &not_a_number, sizeof not_a_number);  // detail vertex 0's height
  expect_rejected("NaN height", b, bad + "detail vertex 0 is not at finite coordinates within ±1e6, got nan");
  b = good;
  std::memcpy(b.data() + t.verts + 12 * 2, &far_x, sizeof far_x);  // vertex 2's x
  expect_rejected("far vertex", b, bad + "vertex 2 is not at finite coordinates within ±1e6, got 2000000.0");
  b = good;
  std::memcpy(b.data() + tile + offsetof(dtMeshHeader, walkableClimb), &not_a_number, sizeof not_a_number);
  expect_rejected("NaN climb", b, bad + "a tile's agent sizes or BV quantisation are not finite numbers >= 0");
}

TEST(DetourFile, RandomByteFlipsNeverCrash) {
  for (const std::string& file : {default_scene_file(), tiled_scene_file()}) {
    const std::vector<unsigned char> good = file_bytes(file);
    std::mt19937 rng(7);
    int accepted = 0;
    for (int round = 0; round < 3000; ++round) {
      auto b = good;
      const int flips = 1 + int(rng() % 8);
      for (int k = 0; k < flips; ++k) b[rng() % b.size()] ^= static_cast<unsigned char>(1u << (rng() % 8));
      const Result<NavMesh> r = parse_detour_file(b, "flipped.bin");
      if (r.ok())
        ++accepted;  // a flip in a float or a flag can leave a valid mesh
      else
        EXPECT_EQ(r.error().rfind("flipped.bin: ", 0), 0u) << r.error();
    }
    std::printf("%s: %d of 3000 flipped files still read as a navmesh\n", file.c_str(), accepted);
  }
}

TEST(DetourFile, MissingFilesAndUnbakedMeshes) {
  EXPECT_EQ(read_detour_file("/nonexistent/x.bin").error(),
            "/nonexistent/x.bin: cannot read the navmesh file (No such file or directory)");
  const test::Loaded hand = test::load("navmesh_basic.json");
  EXPECT_NE(write_detour_file(hand.mesh, test::temp_dir() + "/x.bin").error().find("only a baked navmesh"),
            std::string::npos);
  const Result<Scene> scene = parse_scene(R"({"navlab": 1, "detour": "nowhere.bin"})", "levels/s.json");
  ASSERT_TRUE(scene.ok()) << scene.error();
  EXPECT_EQ(build_navmesh(scene.value()).error(),
            "levels/nowhere.bin: cannot read the navmesh file (No such file or directory)");
}

}  // namespace
}  // namespace navlab
