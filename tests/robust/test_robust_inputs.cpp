// Regression tests for inputs that crashed navlab, ran away with time or memory, or gave a wrong or
// unclear result: each now ends quickly with one clear message (limits in core/base/input_limits.h).
#include <gtest/gtest.h>

#include <ctime>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "input_limits.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "obj.h"
#include "paths.h"
#include "plan.h"
#include "scene.h"
#include "scene_reader.h"

namespace navlab {
namespace {

// Processor time of this process (not wall time: the test machine may be shared and busy).
struct Clock {
  using time_point = std::clock_t;
  static time_point now() { return std::clock(); }
};

double seconds_since(Clock::time_point t0) { return double(std::clock() - t0) / CLOCKS_PER_SEC; }

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// A circle of n points [x, y] of radius r (counter-clockwise), as JSON.
std::string circle_json(size_t n, double r) {
  std::string out = "[";
  for (size_t i = 0; i < n; ++i) {
    const double a = 2.0 * M_PI * double(i) / double(n);
    out += (i ? ", [" : "[") + std::to_string(r * std::cos(a)) + ", " + std::to_string(r * std::sin(a)) + "]";
  }
  return out + "]";
}

std::string index_list(size_t n) {
  std::string out = "[";
  for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + std::to_string(i);
  return out + "]";
}

TEST(RobustJson, HundredThousandLevelsOfNestingFailAtTheLimitWithPosition) {
  const std::string head = R"({"navlab": 1, "name": )";
  const size_t levels = 100000;
  const std::string text = head + repeat("[", levels) + repeat("]", levels) + "}";
  const auto t0 = Clock::now();
  const Result<Scene> r = parse_scene(text, "deep.json");
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(r.ok());
  // The root object is level 1, so the bracket that opens level 65 is the 64th '[' (0-based index 63).
  const size_t column = head.size() + 63 + 1;
  // That 64th array is item 0 of the 63rd, which is /name followed by 63 "/0".
  const std::string pointer = "/name" + repeat("/0", 63);
  EXPECT_EQ(r.error(), "deep.json:1:" + std::to_string(column) + ": " + pointer +
                           ": expected JSON nested at most 64 levels deep (the nesting limit), got a deeper array or "
                           "object");
}

TEST(RobustJson, SixtyFourLevelsAreStillRead) {
  const std::string text = R"({"navlab": 1, "name": )" + repeat("[", 63) + repeat("]", 63) + "}";
  const Result<Scene> r = parse_scene(text, "ok.json");
  ASSERT_FALSE(r.ok());  // the name is not a string: the ordinary message, not the nesting one
  EXPECT_EQ(r.error().find("nesting"), std::string::npos) << r.error();
}

TEST(RobustJson, FlatJsonOfADeepValueIsBounded) {
  Json deep = Json::array();
  for (int i = 0; i < 1000; ++i) deep = Json::array({deep});
  const std::string flat = flat_json(deep);
  EXPECT_EQ(flat, repeat("[", limits::kMaxJsonDepth) + "..." + repeat("]", limits::kMaxJsonDepth));
}

TEST(RobustJson, UnknownKeyOfFourMegabytesGivesAShortMessageQuickly) {
  const std::string key(size_t{4} << 20, 'k');
  const std::string text = R"({"navlab": 1, ")" + key + R"(": 1})";
  const auto t0 = Clock::now();
  const Result<Scene> r = parse_scene(text, "key.json");
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(r.ok());
  EXPECT_LT(r.error().size(), 600u) << r.error().substr(0, 600);
  EXPECT_NE(r.error().find("\"" + repeat("k", 60) + "...\" (4194304 characters)"), std::string::npos)
      << r.error().substr(0, 600);
  EXPECT_EQ(r.error().rfind("key.json:1:15: /" + repeat("k", 119) + "...: expected one of the scene keys", 0), 0u)
      << r.error().substr(0, 600);
}

TEST(RobustJson, DidYouMeanOnATwentyThousandCharacterIdIsQuick) {
  const std::string text = R"({"navlab": 1, "graph": {"nodes": [{"id": ")" + std::string(20000, 'b') +
                           R"(", "pos": [0, 0]}]}, "queries": [{"start": ")" + std::string(20000, 'a') +
                           R"(", "goal": "x"}]})";
  const auto t0 = Clock::now();
  const Result<Scene> r = parse_scene(text, "hint.json");
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(r.ok());
  EXPECT_LT(r.error().size(), 300u) << r.error().substr(0, 600);
  EXPECT_NE(r.error().find("(no such node)"), std::string::npos) << r.error().substr(0, 600);
}

TEST(RobustFiles, DevZeroIsRefusedAsADevice) {
  const Result<ObjMesh> r = read_obj("/dev/zero");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "/dev/zero: cannot read the OBJ file (it is a character device, not a regular file)");
  const Result<Scene> s = load_scene("/dev/zero");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error(), "/dev/zero: cannot read the file (it is a character device, not a regular file)");
}

TEST(RobustFiles, AFileOverTheSizeLimitIsRefusedBeforeItIsRead) {
  // A sparse file of 64 MiB and one byte: refused by its size alone (reading it would take a while).
  const std::string path = test::temp_dir() + "/big.obj";
  test::write_text(path, "");
  std::filesystem::resize_file(path, limits::kMaxFileBytes + 1);
  const auto t0 = Clock::now();
  const Result<ObjMesh> r = read_obj(path);
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), path + ": cannot read the OBJ file (it is larger than the 64 MiB limit for OBJ files)");
  std::filesystem::resize_file(path, limits::kMaxFileBytes);  // at the limit: read whole (zeros: no faces)
  EXPECT_EQ(read_obj(path).error(), path + ": OBJ file has no faces");
}

// A scene of source `mesh` over `obj_text`, both written to a temporary folder; returns the build error.
std::string bake_obj(const std::string& obj_text, const std::string& bake = "{}") {
  static int count = 0;
  const std::string dir = test::temp_dir() + "/obj" + std::to_string(count++);
  std::filesystem::create_directories(dir);
  test::write_text(dir + "/level.obj", obj_text);
  test::write_text(dir + "/scene.json", R"({"navlab": 1, "mesh": {"obj": "level.obj"}, "bake": )" + bake + "}");
  const Result<Scene> s = load_scene(dir + "/scene.json");
  if (!s.ok()) return s.error();
  const Result<NavMesh> m = build_navmesh(s.value());
  return m.ok() ? "" : m.error().substr(m.error().find(": ") + 2);
}

TEST(RobustObj, ZeroExtentAlongXIsRefusedBeforeRecast) {
  EXPECT_EQ(bake_obj("v 0 0 0\nv 0 0 5\nv 0 1 5\nf 1 2 3\n"),
            "the geometry has zero extent along world x (every vertex at the same x): there is no floor area to bake");
}

TEST(RobustObj, ZeroExtentAlongZIsRefusedBeforeRecast) {
  EXPECT_EQ(bake_obj("v 0 0 2\nv 5 0 2\nv 5 1 2\nf 1 2 3\n"),
            "the geometry has zero extent along world z (every vertex at the same z): there is no floor area to bake");
}

TEST(RobustObj, VerticalWallsOnlyAreRefusedBeforeRasterising) {
  const std::string walls =
      "v 0 0 0\nv 5 0 0\nv 5 2 0\nv 0 2 0\nv 0 0 5\nv 0 2 5\nf 1 2 3\nf 1 3 4\nf 1 5 6\nf 1 6 4\n";
  EXPECT_EQ(bake_obj(walls),
            "no triangle is walkable: each of the 4 is steeper than bake.agent_max_slope 45 degrees or has no area "
            "(a level needs floor triangles facing up)");
}

TEST(RobustObj, HugeCoordinateNamesTheLine) {
  const Result<ObjMesh> r = parse_obj("v 0 0 0\nv 1e30 0 0\nv 0 0 1\nf 1 2 3\n", "huge.obj");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "huge.obj:2: vertex coordinate 1e30 is beyond ±1e6 (the coordinate limit)");
}

const char* const kFloor = R"("floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]]})";

std::string bake_floor(const std::string& bake) {
  const Result<Scene> s =
      parse_scene(std::string(R"({"navlab": 1, )") + kFloor + R"(, "bake": )" + bake + "}", "f.json");
  if (!s.ok()) return s.error();
  const Result<NavMesh> m = build_navmesh(s.value());
  return m.ok() ? "" : m.error();
}

TEST(RobustBake, TinyCellHeightIsBlamedOnCellHeight) {
  // The slab is 0.2 m tall: 0.2 / 1e-6 = 200000 cells > 8191; 0.2 / 8191 = 2.44e-5 -> 2.5e-05.
  EXPECT_EQ(bake_floor(R"({"cell_height": 1e-6})"),
            "f.json: the geometry's height 0.2 m is 200000.0 cells of bake.cell_height 1e-06 m, more than 8191.0 "
            "(Recast's span height limit); raise bake.cell_height to at least 2.5e-05 m");
}

TEST(RobustBake, HugeAgentHeightIsBlamedOnAgentHeight) {
  // 1e6 / 0.2 = 5e6 cells; 1e6 / 8191 = 122.08 -> 130 (two significant digits, rounded up).
  EXPECT_EQ(bake_floor(R"({"agent_height": 1e6})"),
            "f.json: bake.agent_height 1000000.0 m is 5000000.0 cells of bake.cell_height 0.2 m, more than 8191.0 "
            "(Recast's span height limit); raise bake.cell_height to at least 130 m");
}

TEST(RobustBake, HugeCellSizeIsBlamedOnCellSize) {
  EXPECT_EQ(bake_floor(R"({"cell_size": 1e6})"),
            "f.json: bake.cell_size 1000000.0 m is larger than the geometry's extent along world x (10 m); try "
            "bake.cell_size 1 m");
}

TEST(RobustBake, WalkableCellsThatMakeNoContourAreNotBlamedOnRegionMinSize) {
  // A 1.1 m square floor, eroded by 0.5 m at 0.1 m cells: one cell is left, in a region of its own (no
  // minimum region size), too small for a contour of three corners.
  const Result<Scene> s =
      parse_scene(R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [1.1, 0], [1.1, 1.1], [0, 1.1]]},
      "bake": {"cell_size": 0.1, "agent_radius": 0.5, "region_min_size": 0}})",
                  "tiny.json");
  ASSERT_TRUE(s.ok()) << s.error();
  const Result<NavMesh> m = build_navmesh(s.value());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(),
            "tiny.json: the bake produced no polygons: 1 walkable cells remain after erosion and 1 of them "
            "lie in regions, but Recast traced 0 contours of three or more corners from them: the regions "
            "are too small or thin at bake.cell_size 0.1 m (try a smaller bake.cell_size, or a smaller "
            "bake.edge_max_error than 1.3)");
}

TEST(RobustBake, RegionMinSizeBeyondTheIntSquareStillFiltersEveryRegion) {
  // 46341^2 overflows int; every region of a 10 x 10 m floor is far smaller than 46341^2 cells.
  const std::string e = bake_floor(R"({"region_min_size": 46341})");
  EXPECT_NE(e.find("every region is smaller than region_min_size 46341"), std::string::npos) << e;
}

TEST(RobustBake, FortyKilometreOutlineFailsQuicklyAtTheGridLimit) {
  const std::string text = R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [40000, 0], [40000, 300], [0, 300]]}})";
  const auto t0 = Clock::now();
  const Result<Scene> s = parse_scene(text, "long.json");
  ASSERT_TRUE(s.ok()) << s.error();
  const Result<NavMesh> m = build_navmesh(s.value());
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(m.ok());
  // (40000 + 4 * 0.3) / 0.3 + 0.5 -> 133337 cells, (300 + 1.2) / 0.3 + 0.5 -> 1004 cells.
  EXPECT_EQ(m.error().rfind("long.json: the bake grid would be 133337 x 1004 cells, more than the limit of", 0), 0u)
      << m.error();
}

TEST(RobustSize, TwentyThousandVertexPolygonFailsQuicklyAtTheLimit) {
  const std::string text = R"({"navlab": 1, "navmesh": {"vertices": )" + circle_json(20000, 50) + R"(, "polygons": [)" +
                           index_list(20000) + "]}}";
  const auto t0 = Clock::now();
  const Result<Scene> r = parse_scene(text, "big.json");
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(r.ok());
  EXPECT_NE(
      r.error().find(": /navmesh/polygons/0: expected at most 1000 vertex indices (the polygon size limit), got an "
                     "array of 20000 items"),
      std::string::npos)
      << r.error();
}

TEST(RobustSize, TwentyThousandPointOutlineFailsQuicklyAtTheLimit) {
  const std::string text = R"({"navlab": 1, "floorplan": {"outline": )" + circle_json(20000, 50) + "}}";
  const auto t0 = Clock::now();
  const Result<Scene> r = parse_scene(text, "ring.json");
  (void)t0;  // the time is measured by hand (docs/limits.md), never asserted: the sanitizers slow it 10x
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find(": /floorplan/outline: expected at most 2000 points (the ring size limit), got an array of "
                           "20000 items"),
            std::string::npos)
      << r.error();
}

// A 100 x 50 m floor of 5,000 pillars 0.2 m wide on a 1 m grid, as JSON (`bake` added to the scene).
std::string pillar_floor(const std::string& bake = "{}") {
  std::string holes = "[";
  for (int i = 0; i < 100; ++i)
    for (int j = 0; j < 50; ++j) {
      const double x = i + 0.3, y = j + 0.3;
      holes += std::string(holes.size() > 1 ? ", " : "") + "[[" + std::to_string(x) + ", " + std::to_string(y) +
               "], [" + std::to_string(x + 0.2) + ", " + std::to_string(y) + "], [" + std::to_string(x + 0.2) + ", " +
               std::to_string(y + 0.2) + "], [" + std::to_string(x) + ", " + std::to_string(y + 0.2) + "]]";
    }
  holes += "]";
  return R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [100, 0], [100, 50], [0, 50]], "holes": )" + holes +
         R"(}, "bake": )" + bake + "}";
}

TEST(RobustSize, FiveThousandPillarsLoad) {
  const Result<Scene> r = parse_scene(pillar_floor(), "holes.json");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_NE(r->floorplan_source(), nullptr);
  EXPECT_EQ(r->floorplan_source()->holes.size(), 5000u);
}

TEST(RobustBake, FiveThousandPillarsAreRefusedAtTheContourLimitWithATileSizeThatBakes) {
  // One region holds the pillars' holes: Recast's polygon step took 142 s of CPU on its contours.
  const Result<Scene> s = parse_scene(pillar_floor(), "holes.json");
  ASSERT_TRUE(s.ok()) << s.error();
  const Result<NavMesh> m = build_navmesh(s.value());
  ASSERT_FALSE(m.ok());
  const std::string head = "holes.json: the bake's contours would cost Recast's polygon step ";
  EXPECT_EQ(m.error().rfind(head, 0), 0u) << m.error();
  const size_t at = m.error().find("set bake.tile_size to ");
  ASSERT_NE(at, std::string::npos) << m.error();
  const int tile = std::stoi(m.error().substr(at + 22));
  EXPECT_NE(m.error().find(" or bake.partition to \"monotone\""), std::string::npos) << m.error();
  // The suggestions bake.
  for (const std::string& bake :
       {R"({"tile_size": )" + std::to_string(tile) + "}", std::string(R"({"partition": "monotone"})")}) {
    const Result<Scene> fixed = parse_scene(pillar_floor(bake), "holes.json");
    ASSERT_TRUE(fixed.ok()) << fixed.error();
    const Result<NavMesh> baked = build_navmesh(fixed.value());
    EXPECT_TRUE(baked.ok()) << bake << ": " << baked.error();
  }
}

TEST(RobustSize, AHundredThousandAndOneHolesFailAtTheLimit) {
  std::string holes = "[";
  for (int i = 0; i <= 100000; ++i) holes += std::string(i ? "," : "") + "[[1,1],[2,1],[2,2]]";
  holes += "]";
  const std::string text =
      R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [100, 0], [100, 50], [0, 50]], "holes": )" + holes + "}}";
  const Result<Scene> r = parse_scene(text, "holes.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find(": /floorplan/holes: expected at most 100000 holes (the hole count limit), got an array of "
                           "100001 items"),
            std::string::npos)
      << r.error();
}

TEST(RobustSize, AMillionRingPointsFailAtTheFloorPlanPointLimit) {
  // The outline's 4 points and 500 holes of 2,000 points: the last hole passes 1,000,000.
  std::string ring = "[";
  for (int k = 0; k < 2000; ++k) ring += std::string(k ? "," : "") + "[1,1]";
  ring += "]";
  std::string holes = "[";
  for (int i = 0; i < 500; ++i) holes += (i ? "," : "") + ring;
  holes += "]";
  const std::string text =
      R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [100, 0], [100, 50], [0, 50]], "holes": )" + holes + "}}";
  const Result<Scene> r = parse_scene(text, "points.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find(": /floorplan/holes/499: expected at most 1000000 points in the outline and holes together "
                           "(the floor-plan point limit), got a hole that brings them to 1000004"),
            std::string::npos)
      << r.error();
}

TEST(RobustSize, TenThousandQueriesFailAtTheLimit) {
  std::string queries = "[";
  for (int i = 0; i < 10000; ++i) queries += std::string(i ? ", " : "") + R"({"start": [1, 1], "goal": [2, 2]})";
  const std::string text =
      R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [4, 0], [0, 4]], "polygons": [[0, 1, 2]]},)"
      R"( "queries": )" +
      queries + "]}";
  const Result<Scene> r = parse_scene(text, "q.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(
      r.error().find(": /queries: expected at most 1000 queries (the query count limit), got an array of 10000 items"),
      std::string::npos)
      << r.error();
}

TEST(RobustSize, TwoHundredThousandNodeGraphLoadsAndPlansQuickly) {
  const int n = 200000;
  std::string nodes, edges;
  for (int i = 0; i < n; ++i) {
    nodes += std::string(i ? ", " : "") + R"({"id": "n)" + std::to_string(i) + R"(", "pos": [)" + std::to_string(i) +
             ", 0]}";
    if (i + 1 < n)
      edges += std::string(i ? ", " : "") + R"({"from": "n)" + std::to_string(i) + R"(", "to": "n)" +
               std::to_string(i + 1) + R"(", "cost": 1})";
  }
  const std::string text = R"({"navlab": 1, "graph": {"nodes": [)" + nodes + R"(], "edges": [)" + edges + "]}}";
  const auto t0 = Clock::now();
  const Result<Scene> s = parse_scene(text, "graph.json");
  ASSERT_TRUE(s.ok()) << s.error();
  const Result<NavMesh> m = build_navmesh(s.value());
  ASSERT_TRUE(m.ok()) << m.error();
  const double load = seconds_since(t0);
  PlanRequest req;
  req.start.node = "n0";
  req.goal.node = "n" + std::to_string(n - 1);
  const auto t1 = Clock::now();
  const PlanResult r = plan(s.value(), m.value(), req);
  const double planning = seconds_since(t1);
  EXPECT_EQ(r.status, Status::Complete);
  EXPECT_DOUBLE_EQ(r.search.cost, double(n - 1));  // a chain of n - 1 edges of cost 1
  std::printf("200k-node graph: load %.2f s, plan %.3f s of CPU (measured, not asserted)\n", load, planning);
}

TEST(RobustMessages, OffMeshPointOfA3DSceneIsGivenAsWritten) {
  const test::Loaded l = test::load("mesh_level.json");
  ASSERT_FALSE(l.mesh.polys.empty());
  PlanRequest req;
  req.start.is3d = true;
  req.start.plane = to_plane({40, 0, 5});  // far outside the 14 x 12 m level
  req.start.height = 0;
  req.goal = l.scene.queries.at(0).goal;
  const PlanResult r = plan(l.scene, l.mesh, req);
  ASSERT_TRUE(r.failure.has_value());
  EXPECT_EQ(r.failure->reason, Reason::StartOffMesh);
  EXPECT_EQ(r.failure->message.rfind("start point (40, 0, 5) is ", 0), 0u) << r.failure->message;
}

}  // namespace
}  // namespace navlab
