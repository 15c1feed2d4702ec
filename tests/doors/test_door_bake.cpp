// Doors are part of the bake (core/navmesh/bake.h, core/search/gates.h): each door's footprint becomes polygons of its
// own, a closed door's polygons are never on a corridor, and a door covering nothing is a validate error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "bake.h"
#include "gates.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"

namespace navlab {
namespace {

PlanResult plan_query(const test::Loaded& l, int query, DoorOverrides doors = {}) {
  PlanRequest req;
  req.start = l.scene.queries.at(size_t(query)).start;
  req.goal = l.scene.queries.at(size_t(query)).goal;
  req.doors = std::move(doors);
  return plan(l.scene, l.mesh, req);
}

bool corridor_has_door_polygon(const NavMesh& mesh, const std::vector<int>& corridor, const std::string& door) {
  const std::vector<int> polys = door_polygons(mesh, door);
  return std::any_of(corridor.begin(), corridor.end(),
                     [&](int p) { return std::find(polys.begin(), polys.end(), p) != polys.end(); });
}

// Does segment [a, b] cross or touch segment [c, d]? (independent of the code under test)
bool segments_meet(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  auto o = [](Vec2 p, Vec2 q, Vec2 r) { return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x); };
  const double d1 = o(c, d, a), d2 = o(c, d, b), d3 = o(a, b, c), d4 = o(a, b, d);
  return ((d1 >= 0) != (d2 >= 0)) && ((d3 >= 0) != (d4 >= 0));
}

bool path_crosses(const std::vector<Vec2>& path, Vec2 c, Vec2 d) {
  for (size_t i = 0; i + 1 < path.size(); ++i)
    if (segments_meet(path[i], path[i + 1], c, d)) return true;
  return false;
}

TEST(DoorBake, TheFootprintOfASegmentDoorIsABoxAcrossTheDoorway) {
  Door d;
  d.shape = {ScenePoint{"", {10, 3}}, ScenePoint{"", {10, 5}}};
  BakeDef def;  // cell_size 0.3: depth 4 cells = 1.2 m, one cell (0.3 m) beyond each end
  const std::vector<Vec2> box = door_footprint(d, def);
  ASSERT_EQ(box.size(), 4u);
  const Vec2 want[4] = {{10.6, 2.7}, {10.6, 5.3}, {9.4, 5.3}, {9.4, 2.7}};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(box[size_t(i)].x, want[i].x, 1e-12) << i;
    EXPECT_NEAR(box[size_t(i)].y, want[i].y, 1e-12) << i;
  }
}

TEST(DoorBake, ADoorOnAPassagesEndBecomesPolygonsOfItsOwnAndBlocksWhenClosed) {
  const test::Loaded l = test::load("door_passage_end.json");
  const std::vector<int> polys = door_polygons(l.mesh, "door1");
  ASSERT_FALSE(polys.empty());
  for (int p : polys) {
    EXPECT_EQ(l.mesh.polys[size_t(p)].door, 0);
    // Every door polygon lies within its footprint box (x 9.4..10.6, y 2.7..5.3), up to one cell.
    for (int v : l.mesh.polys[size_t(p)].verts) {
      EXPECT_GE(l.mesh.verts[size_t(v)].x, 9.4 - 0.3);
      EXPECT_LE(l.mesh.verts[size_t(v)].x, 10.6 + 0.3);
    }
  }
  const PlanResult open = plan_query(l, 0);
  ASSERT_EQ(open.status, Status::Complete);
  EXPECT_TRUE(corridor_has_door_polygon(l.mesh, open.search.corridor, "door1"));

  const PlanResult closed = plan_query(l, 0, {{"door1"}, {}});
  ASSERT_EQ(closed.status, Status::Failed);
  ASSERT_TRUE(closed.failure);
  EXPECT_EQ(closed.failure->reason, Reason::AgentRestricted);
  EXPECT_EQ(closed.failure->blocked_by, std::vector<std::string>{"door1"});
}

TEST(DoorBake, ADoorInsideOnePolygonOfADoorlessBakeStillBlocks) {
  const test::Loaded l = test::load("door_inside_polygon.json");
  // The case this scene is for: baked without doors, door1's segment crosses no shared polygon edge.
  const Result<NavMesh> plain = bake_floorplan(*l.scene.floorplan_source(), l.scene.bake);
  ASSERT_TRUE(plain.ok()) << plain.error();
  EXPECT_TRUE(door_links(plain.value(), l.scene.doors[0]).empty());

  const Vec2 a = l.scene.doors[0].shape[0].plane, b = l.scene.doors[0].shape[1].plane;
  const PlanResult open = plan_query(l, 0);
  ASSERT_EQ(open.status, Status::Complete);
  EXPECT_TRUE(path_crosses(open.funnel.points, a, b));  // the short way: the north corridor

  const PlanResult closed = plan_query(l, 0, {{"door1"}, {}});
  ASSERT_EQ(closed.status, Status::Complete);
  EXPECT_FALSE(corridor_has_door_polygon(l.mesh, closed.search.corridor, "door1"));
  EXPECT_FALSE(path_crosses(closed.funnel.points, a, b));
  double lowest = 1e9;
  for (Vec2 p : closed.funnel.points) lowest = std::min(lowest, p.y);
  EXPECT_LT(lowest, 3.0);  // round by the south corridor (y < 3)
}

TEST(DoorBake, AStartOnAClosedDoorsPolygonsIsLocatedBesideThem) {
  const test::Loaded l = test::load("door_passage_end.json");
  auto from = [&](Vec2 p, DoorOverrides doors) {
    PlanRequest req;
    req.start.plane = p;
    req.goal = l.scene.queries[0].goal;  // east room
    req.doors = std::move(doors);
    return plan(l.scene, l.mesh, req);
  };
  // Open, a point 0.2 m into the footprint box (x 9.4..10.6) is on a door polygon.
  const PlanResult open = from({9.6, 4}, {});
  ASSERT_TRUE(open.locate.start.ok());
  EXPECT_EQ(l.mesh.polys[size_t(open.locate.start.poly)].door, 0);
  // Closed, it is located on the west side, 0.2 m back (up to one cell), and cut off from the east.
  const PlanResult west = from({9.6, 4}, {{"door1"}, {}});
  ASSERT_TRUE(west.locate.start.ok());
  EXPECT_EQ(l.mesh.polys[size_t(west.locate.start.poly)].door, -1);
  EXPECT_LT(west.locate.start.point.x, 9.6);
  EXPECT_GT(west.locate.start.point.x, 9.6 - 0.2 - 0.3);
  EXPECT_EQ(west.status, Status::Failed);
  ASSERT_TRUE(west.failure);
  EXPECT_EQ(west.failure->blocked_by, std::vector<std::string>{"door1"});
  // A point past the door line goes to the east side and reaches the goal without the door polygons.
  const PlanResult east = from({10.4, 4}, {{"door1"}, {}});
  ASSERT_EQ(east.status, Status::Complete);
  EXPECT_GT(east.locate.start.point.x, 10.4);
  EXPECT_FALSE(corridor_has_door_polygon(l.mesh, east.search.corridor, "door1"));
}

// A random floor plan: two rooms split by a wall of random thickness with two passages of random width,
// the door across one passage at a random place along it (inside it or on one of its ends), the whole
// plan turned by a random angle.
struct RandomPlan {
  Scene scene;
  Vec2 start, goal, door_a, door_b;
};

Vec2 turn(Vec2 p, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return {c * p.x - s * p.y, s * p.x + c * p.y};
}

RandomPlan random_plan(std::mt19937& rng) {
  auto uni = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  const double room = uni(5.0, 9.0), wall = uni(0.3, 2.5), height = uni(10.0, 14.0);
  const double w1 = uni(1.8, 3.0), w2 = uni(1.8, 3.0);
  const double y1 = uni(1.0, height / 2 - w1 - 0.5), y2 = uni(height / 2 + 0.5, height - w2 - 1.0);
  const double x0 = room, x1 = room + wall, x2 = 2 * room + wall;
  const double angle = uni(0.0, 2.0 * std::acos(-1.0));
  std::vector<Vec2> outline = {{0, 0}, {x2, 0}, {x2, height}, {0, height}};
  RandomPlan rp;
  Scene& s = rp.scene;
  Scene::Floorplan& plan = s.source.emplace<Scene::Floorplan>();
  s.path = "random.json";
  for (Vec2 p : outline) plan.outline.push_back(turn(p, angle));
  // The wall is three holes' worth of solid: below passage 1, between the passages, above passage 2.
  const std::vector<std::vector<Vec2>> holes = {{{x0, 0.0}, {x1, 0.0}, {x1, y1}, {x0, y1}},
                                                {{x0, y1 + w1}, {x1, y1 + w1}, {x1, y2}, {x0, y2}},
                                                {{x0, y2 + w2}, {x1, y2 + w2}, {x1, height}, {x0, height}}};
  // Holes may not touch the outline: the first and last stop 1 mm short of it (a gap far below a cell).
  for (size_t h = 0; h < holes.size(); ++h) {
    std::vector<Vec2> ring;
    for (Vec2 p : holes[h]) {
      if (h == 0 && p.y == 0.0) p.y = 0.001;
      if (h == 2 && p.y == height) p.y = height - 0.001;
      ring.push_back(turn(p, angle));
    }
    plan.holes.push_back(ring);
  }
  const double dx = uni(x0, x1);  // anywhere along the passage, its ends included
  rp.door_a = turn({dx, y1}, angle);
  rp.door_b = turn({dx, y1 + w1}, angle);
  Door d;
  d.id = "door1";
  d.shape = {ScenePoint{"", rp.door_a}, ScenePoint{"", rp.door_b}};
  s.doors.push_back(d);
  rp.start = turn({uni(1.5, room - 1.5), uni(1.5, height - 1.5)}, angle);
  rp.goal = turn({uni(x1 + 1.5, x2 - 1.5), uni(1.5, height - 1.5)}, angle);
  return rp;
}

TEST(DoorBake, PropertyAClosedDoorsPolygonsAreNeverOnACorridor) {
  std::mt19937 rng(20261130);
  int planned = 0;
  for (int i = 0; i < 40; ++i) {
    const RandomPlan rp = random_plan(rng);
    const Result<NavMesh> mesh = build_navmesh(rp.scene);
    ASSERT_TRUE(mesh.ok()) << "plan " << i << ": " << mesh.error();
    ASSERT_FALSE(door_polygons(mesh.value(), "door1").empty()) << "plan " << i;
    EXPECT_EQ(check_door_covers(rp.scene, mesh.value()).error(), "") << "plan " << i;
    PlanRequest req;
    req.start.plane = rp.start;
    req.goal.plane = rp.goal;
    req.doors = {{"door1"}, {}};
    const PlanResult r = plan(rp.scene, mesh.value(), req);
    ASSERT_EQ(r.status, Status::Complete) << "plan " << i << ": the other passage is open";
    ++planned;
    EXPECT_FALSE(corridor_has_door_polygon(mesh.value(), r.search.corridor, "door1")) << "plan " << i;
    EXPECT_FALSE(path_crosses(r.funnel.points, rp.door_a, rp.door_b)) << "plan " << i;
  }
  EXPECT_EQ(planned, 40);
}

TEST(DoorBake, PropertyWithTheOtherPassageWalledUpAClosedDoorAlwaysBlocks) {
  std::mt19937 rng(7);
  for (int i = 0; i < 40; ++i) {
    RandomPlan rp = random_plan(rng);
    // Wall up passage 2: merge the upper two holes' gap by a hole across it.
    std::vector<std::vector<Vec2>>& holes = rp.scene.floorplan_source()->holes;
    std::vector<Vec2> merged = {holes[1][0], holes[1][1], holes[2][2], holes[2][3]};
    holes.erase(holes.begin() + 1, holes.end());
    holes.push_back(merged);
    const Result<NavMesh> mesh = build_navmesh(rp.scene);
    ASSERT_TRUE(mesh.ok()) << "plan " << i << ": " << mesh.error();
    PlanRequest req;
    req.start.plane = rp.start;
    req.goal.plane = rp.goal;
    const PlanResult open = plan(rp.scene, mesh.value(), req);
    ASSERT_EQ(open.status, Status::Complete) << "plan " << i;
    EXPECT_TRUE(path_crosses(open.funnel.points, rp.door_a, rp.door_b)) << "plan " << i;
    req.doors = {{"door1"}, {}};
    const PlanResult closed = plan(rp.scene, mesh.value(), req);
    EXPECT_EQ(closed.status, Status::Failed) << "plan " << i;
    if (closed.failure) {
      EXPECT_EQ(closed.failure->reason, Reason::AgentRestricted) << "plan " << i;
    }
  }
}

TEST(DoorBake, EveryDoorOfEverySceneCoversSomething) {
  for (const std::string& file : test::navmesh_scene_files()) {
    const Result<Scene> scene = load_scene(file);
    ASSERT_TRUE(scene.ok()) << scene.error();
    const Result<NavMesh> mesh = build_navmesh(scene.value());
    ASSERT_TRUE(mesh.ok()) << mesh.error();
    EXPECT_EQ(check_door_covers(scene.value(), mesh.value()).error(), "") << file;
  }
}

TEST(DoorBake, ADoorCoveringNothingIsAnErrorNamingTheDoor) {
  const std::string dir = test::temp_dir() + "/door_bake";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/ghost.json";
  test::write_text(path, R"({"navlab": 1,
  "floorplan": {"outline": [[0, 0], [10, 0], [10, 6], [0, 6]]},
  "doors": [
    {"id": "real", "segment": [[5, 0], [5, 6]]},
    {"id": "ghost", "segment": [[30, 0], [30, 6]]}
  ]})");
  const Result<Scene> scene = load_scene(path);
  ASSERT_TRUE(scene.ok()) << scene.error();
  const Result<NavMesh> mesh = build_navmesh(scene.value());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  EXPECT_FALSE(door_polygons(mesh.value(), "real").empty());
  EXPECT_TRUE(door_polygons(mesh.value(), "ghost").empty());
  EXPECT_EQ(check_door_covers(scene.value(), mesh.value()).error(),
            path +
                ":5:5: /doors/1: door 'ghost' covers nothing: its footprint marks no walkable cell of the "
                "baked mesh, so it has no polygon; it would gate no connection");

  // A hand-authored mesh: a segment that crosses no shared edge.
  const test::Loaded hand = test::load_text(R"({"navlab": 1,
    "navmesh": {"vertices": [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1]], "polygons": [[0, 1, 4, 5], [1, 2, 3, 4]]},
    "doors": [{"id": "d", "segment": [[0.2, 0.2], [0.5, 0.5]]}]})");
  const std::string err = check_door_covers(hand.scene, hand.mesh).error();
  EXPECT_NE(err.find("/doors/0: door 'd' covers nothing: its segment crosses no shared polygon edge"),
            std::string::npos)
      << err;
}

}  // namespace
}  // namespace navlab
