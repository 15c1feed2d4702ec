// Running check suites: RecastDemo's flags on navlab's areas and doors, the step that decided a failure
// (checked against the plan's own trace), `pf` and `rc` lines against Detour's findPath +
// findStraightPath and raycast on the same baked level, the changes between two runs, and a recorded
// suite of every kind of case passing on the scene it was recorded on.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cfloat>
#include <cmath>
#include <memory>

#include "check_report.h"
#include "navmesh_build.h"
#include "paths.h"

namespace navlab {
namespace {

// A 20 x 10 m floor plan: a river ("water") from x = 3 to 6 across it, a wall at x = 10 with a 2 m
// doorway closed by door "gate"; the query crosses both.
const char* kRiver = R"({
  "navlab": 1,
  "floorplan": {
    "outline": [[0, 0], [20, 0], [20, 10], [0, 10]],
    "holes": [[[9.8, 0.5], [10.2, 0.5], [10.2, 4], [9.8, 4]], [[9.8, 6], [10.2, 6], [10.2, 9.5], [9.8, 9.5]]],
    "areas": [{"name": "water", "polygon": [[3, -1], [6, -1], [6, 11], [3, 11]]}]
  },
  "doors": [{"id": "gate", "segment": [[10, 4], [10, 6]]}],
  "queries": [{"name": "across", "start": [1, 5], "goal": [18, 5]}]
})";

CheckSuite suite_of(const std::string& scene_name, const std::string& scene_text, const std::string& cases) {
  const std::string dir = test::temp_dir();
  if (!scene_text.empty()) test::write_text(dir + "/" + scene_name, scene_text);
  const std::string scene = scene_text.empty() ? test::scene_path(scene_name) : dir + "/" + scene_name;
  const std::string path = dir + "/run.check.json";
  Result<CheckSuite> s =
      parse_check_json("{\"navlab_check\": 1, \"scene\": \"" + scene + "\", \"cases\": [" + cases + "]}", path);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(s.value()) : CheckSuite{};
}

CheckRun run(const CheckSuite& suite, int jobs = 1) {
  Result<CheckRun> r = run_check(suite, suite.scene, {jobs});
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? std::move(r.value()) : CheckRun{};
}

TEST(CheckRun, RecastFlagsMapToAreasAndDoors) {
  const CheckSuite s = suite_of("river.json", kRiver, R"(
    {"name": "every flag", "plan": {"query": 0, "include_flags": "0xffef"}, "expect": {"status": "complete", "through": ["gate", "water"]}},
    {"name": "walk only", "plan": {"query": 0, "include_flags": 1}, "expect": {"status": "failed", "reason": "agent_restricted"}},
    {"name": "walk and swim", "plan": {"query": 0, "include_flags": "0x3"}, "expect": {"status": "complete"}},
    {"name": "no doors", "plan": {"query": 0, "exclude_flags": "0x4"}, "expect": {"status": "failed", "reason": "agent_restricted"}},
    {"name": "swim only", "plan": {"query": 0, "include_flags": "0x2"}, "expect": {"status": "failed", "reason": "agent_restricted"}},
    {"name": "ray, doors barred", "raycast": {"start": [1, 5], "end": [18, 5], "exclude_flags": "0x4"}, "expect": {"hit": true}},
    {"name": "ray, water barred", "raycast": {"start": [1, 5], "end": [18, 5], "include_flags": "0x1"}, "expect": {"hit": true}},
    {"name": "ray, all", "raycast": {"start": [1, 5], "end": [18, 5]}, "expect": {"hit": false, "distance": 17}})");
  const CheckRun r = run(s);
  ASSERT_EQ(r.cases.size(), 8u);
  for (const CaseResult& c : r.cases) EXPECT_TRUE(c.passed) << case_line(c);
  // What barred each: walk only (0x1) leaves out the water's swim polygons; 0x4 closes the gate's door
  // polygons (walk | door); swim only bars the floor (walk).
  ASSERT_TRUE(r.cases[1].failure && r.cases[3].failure && r.cases[4].failure);
  EXPECT_EQ(r.cases[1].failure->blocked_by, std::vector<std::string>{"water"});
  EXPECT_EQ(r.cases[3].failure->blocked_by, std::vector<std::string>{"gate"});
  EXPECT_EQ(r.cases[5].ray.blocked_by, "door gate");
  EXPECT_EQ(r.cases[6].ray.blocked_by, "area water");
  // The ray barred by the water stops where the river's polygons begin: near x = 3.
  EXPECT_NEAR(r.cases[6].ray.hit.x, 3.0, 0.31);
}

// The deciding steps, each checked against the trace of the same plan made here.
TEST(CheckRun, AFailureOpensAtTheRecordThatDecidedIt) {
  const CheckSuite s = suite_of("river.json", kRiver, R"(
    {"name": "gate closed", "plan": {"query": 0, "close": ["gate"]}, "expect": {"status": "complete"}},
    {"name": "off the mesh", "plan": {"start": [-5, 5], "goal": [18, 5]}, "expect": {"status": "complete"}},
    {"name": "not through the gate", "plan": {"query": 0}, "expect": {"not_through": ["gate"]}},
    {"name": "slower", "plan": {"query": 0}, "expect": {"time": 1}})");
  const CheckRun r = run(s);
  ASSERT_EQ(r.cases.size(), 4u);
  const Result<NavMesh> mesh = build_navmesh(s.scene);
  ASSERT_TRUE(mesh.ok());
  // Gate closed: the first blocked step of the gate, the door the corridor would have taken.
  PlanTrace trace;
  plan(s.scene, mesh.value(), {s.cases[0].query.start, s.cases[0].query.goal, DoorOverrides{{"gate"}, {}}}, &trace);
  ASSERT_TRUE(r.cases[0].decided_by);
  EXPECT_EQ(r.cases[0].decided_by->stage, "search");
  const size_t i = size_t(r.cases[0].decided_by->index - 1);
  ASSERT_LT(i, trace.search.steps.size());
  EXPECT_EQ(trace.search.steps[i].kind, SearchStep::Kind::Blocked);
  EXPECT_EQ(trace.search.causes[size_t(trace.search.steps[i].cause)], "door gate");
  for (size_t k = 0; k < i; ++k) EXPECT_NE(trace.search.steps[k].kind, SearchStep::Kind::Blocked);
  EXPECT_EQ(r.cases[0].decided_text, trace.search.steps[i].describe(mesh.value(), trace.search));
  // A start off the mesh: its locate step, the first.
  ASSERT_TRUE(r.cases[1].decided_by);
  EXPECT_EQ(r.cases[1].decided_by->stage, "locate");
  EXPECT_EQ(r.cases[1].decided_by->index, 1);
  // Through the gate when it must not: the relaxation that entered a gate polygon from the corridor's
  // polygon before it.
  trace = {};
  const PlanResult p = plan(s.scene, mesh.value(), {s.cases[2].query.start, s.cases[2].query.goal, {}}, &trace);
  ASSERT_TRUE(r.cases[2].decided_by);
  const SearchStep& step = trace.search.steps.at(size_t(r.cases[2].decided_by->index - 1));
  EXPECT_EQ(step.kind, SearchStep::Kind::Relaxed);
  EXPECT_TRUE(step.improved);
  EXPECT_EQ(mesh->door_ids.at(size_t(mesh->polys.at(size_t(step.node)).door)), "gate");
  const auto at = std::find(p.search.corridor.begin(), p.search.corridor.end(), step.node);
  ASSERT_NE(at, p.search.corridor.begin());
  EXPECT_EQ(*(at - 1), step.parent);
  // Only the time wrong: the profile's total.
  ASSERT_TRUE(r.cases[3].decided_by);
  EXPECT_EQ(r.cases[3].decided_by->stage, "profile");
  EXPECT_EQ(trace.motion.profile.steps.at(size_t(r.cases[3].decided_by->index - 1)).kind, ProfileStep::Kind::Total);
}

TEST(CheckRun, AnExhaustedBudgetDecidesAtItsStep) {
  const CheckSuite s = suite_of("fail_budget_exhausted.json", "", R"(
    {"name": "budget", "plan": {"query": 0}, "expect": {"status": "complete"}})");
  const CheckRun r = run(s);
  ASSERT_EQ(r.cases.size(), 1u);
  ASSERT_TRUE(r.cases[0].decided_by) << case_line(r.cases[0]);
  const Result<NavMesh> mesh = build_navmesh(s.scene);
  PlanTrace trace;
  plan(s.scene, mesh.value(), {s.cases[0].query.start, s.cases[0].query.goal, {}}, &trace);
  EXPECT_EQ(trace.search.steps.at(size_t(r.cases[0].decided_by->index - 1)).kind, SearchStep::Kind::Exhausted);
}

// RecastDemo's `rc` and `pf` lines on our own level against Detour on the same bake: the ray's stop, the
// polygons it crossed, and the straight path's length.
TEST(CheckRun, RecastDemoLinesAgreeWithDetour) {
  const Result<CheckSuite> s = load_check_suite(test::source_dir() + "/tests/data/check/room_tests.txt");
  ASSERT_TRUE(s.ok()) << s.error();
  const Result<NavMesh> mesh = build_navmesh(s->scene);
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  const CheckRun r = run_check_on(s.value(), s->scene, mesh.value());
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  ASSERT_TRUE(dtStatusSucceed(query->init(mesh->baked->detour.get(), 2048)));
  int rays = 0, paths = 0;
  for (size_t i = 0; i < s->cases.size(); ++i) {
    const CheckCase& c = s->cases[i];
    dtQueryFilter filter;
    filter.setIncludeFlags((unsigned short)c.query.flags->include);
    filter.setExcludeFlags((unsigned short)c.query.flags->exclude);
    const Vec3 sw = c.query.start.world(), ew = c.query.goal.world();
    const float sp[3] = {float(sw.x), float(sw.y), float(sw.z)}, ep[3] = {float(ew.x), float(ew.y), float(ew.z)};
    const float ext[3] = {2, 4, 2};  // RecastDemo's test tool's search box
    dtPolyRef sref = 0, eref = 0;
    float ns[3], ne[3];
    ASSERT_TRUE(dtStatusSucceed(query->findNearestPoly(sp, ext, &filter, &sref, ns)));
    ASSERT_TRUE(dtStatusSucceed(query->findNearestPoly(ep, ext, &filter, &eref, ne)));
    dtPolyRef polys[256];
    int npolys = 0;
    if (c.kind == CaseKind::Raycast) {
      float t = 0, normal[3];
      ASSERT_TRUE(dtStatusSucceed(query->raycast(sref, ns, ep, &filter, &t, normal, polys, &npolys, 256)));
      const RaycastResult& ours = r.cases[i].ray;
      EXPECT_EQ(t == FLT_MAX, ours.outcome == RaycastOutcome::Clear) << c.name;
      const double dlen = std::hypot(double(ep[0]) - ns[0], double(ep[2]) - ns[2]);
      EXPECT_NEAR(t == FLT_MAX ? dlen : double(t) * dlen, ours.length, 1e-3) << c.name;
      std::vector<int> theirs;
      for (int k = 0; k < npolys; ++k) theirs.push_back(mesh->baked->poly_of(polys[k]));
      EXPECT_EQ(theirs, ours.polys) << c.name;
      ++rays;
    } else {
      ASSERT_TRUE(dtStatusSucceed(query->findPath(sref, eref, ns, ne, &filter, polys, &npolys, 256)));
      float straight[256 * 3];
      int nstraight = 0;
      query->findStraightPath(ns, ne, polys, npolys, straight, nullptr, nullptr, &nstraight, 256);
      double length = 0.0;
      for (int k = 1; k < nstraight; ++k)
        length += std::hypot(straight[3 * k] - straight[3 * k - 3], straight[3 * k + 2] - straight[3 * k - 1]);
      EXPECT_NEAR(r.cases[i].length, length, 1e-3) << c.name;
      ++paths;
    }
  }
  EXPECT_EQ(rays, 3);
  EXPECT_EQ(paths, 3);
}

TEST(CheckRun, ChangesBetweenTwoRuns) {
  CheckSuite s;
  s.cases.resize(4);
  s.cases[0].kind = CaseKind::Plan;
  s.cases[1].kind = CaseKind::Plan;
  s.cases[2].kind = CaseKind::Raycast;
  s.cases[3].kind = CaseKind::Spawn;
  CheckRun before, after;
  before.cases.resize(4);
  after.cases.resize(4);
  auto path = [](CaseResult& c, Status st, double len, std::vector<std::string> doors) {
    c.status = st;
    c.length = len;
    c.doors = std::move(doors);
  };
  path(before.cases[0], Status::Complete, 10.0, {"a"});
  path(after.cases[0], Status::Complete, 10.005, {"b"});  // within 0.01 m, another door
  path(before.cases[1], Status::Failed, 0.0, {});
  path(after.cases[1], Status::Complete, 12.0, {});  // newly reachable
  before.cases[2].cast = after.cases[2].cast = true;
  before.cases[2].ray.outcome = RaycastOutcome::Clear;
  before.cases[2].ray.length = after.cases[2].ray.length = 5.0;
  after.cases[2].ray.outcome = RaycastOutcome::Wall;          // the same length, but now it stops there
  before.cases[3].accepted = after.cases[3].accepted = true;  // unchanged
  const std::vector<CaseChange> ch = diff_runs(s, before, after);
  ASSERT_EQ(ch.size(), 3u);
  EXPECT_EQ(ch[0].kinds, std::vector<ChangeKind>{ChangeKind::DoorsChanged});
  EXPECT_EQ(ch[0].text, "doors: a -> b");
  EXPECT_EQ(ch[1].kinds, std::vector<ChangeKind>{ChangeKind::NewlyReachable});
  EXPECT_EQ(ch[2].kinds, std::vector<ChangeKind>{ChangeKind::RayChanged});
  after.cases[0].length = 10.02;  // beyond the suite's 0.01 m
  EXPECT_EQ(diff_runs(s, before, after)[0].kinds,
            (std::vector<ChangeKind>{ChangeKind::Longer, ChangeKind::DoorsChanged}));
}

TEST(CheckRun, ARecordedSuiteOfEveryKindPassesOnItsScene) {
  const CheckSuite s = suite_of("default.json", "", R"(
    {"name": "hall", "plan": {"query": "west_office_to_hall"}, "expect": {"status": "complete", "max_length_ratio": 2}},
    {"name": "doors shut", "plan": {"query": 0, "close": ["door_east", "door_west"]}, "expect": {"status": "complete"}},
    {"name": "ray", "raycast": {"start": [3, 3], "end": [30, 3]}, "expect": {"hit": true}},
    {"name": "ray off", "raycast": {"start": [-3, 3], "end": [30, 3]}, "expect": {"hit": true}},
    {"name": "guard", "spawn": {"candidate": "P3"}, "expect": {"accepted": true}},
    {"name": "here", "spawn": {"pos": [20, 4.8], "disable": ["clearance"]}, "expect": {"accepted": true}},
    {"name": "walk", "simulate": {"query": 0, "events": [{"t": 2, "close": "door_east"}], "dt": 0.1}, "expect": {"outcome": "arrived"}})");
  const CheckRun first = run(s, 3);
  ASSERT_EQ(first.cases.size(), 7u);
  EXPECT_GT(first.failed, 0);  // some expectations above are wrong on purpose: the recording holds what is
  const std::string golden = test::temp_dir() + "/recorded/default.check.json";
  std::filesystem::create_directories(test::temp_dir() + "/recorded");
  ASSERT_EQ(write_recorded_suite(s, first, golden).error(), "");
  const Result<CheckSuite> again = load_check_suite(golden);
  ASSERT_TRUE(again.ok()) << again.error() << "\n" << test::read_text(golden);
  EXPECT_EQ(again->scene, s.scene);
  ASSERT_EQ(again->cases.size(), s.cases.size());
  for (size_t i = 0; i < s.cases.size(); ++i) {
    const CaseQuery &a = again->cases[i].query, &b = s.cases[i].query;
    EXPECT_TRUE(a.start == b.start && a.goal == b.goal && a.query_index == b.query_index &&
                a.query_name == b.query_name && a.doors.closed == b.doors.closed && a.doors.opened == b.doors.opened)
        << i;
    EXPECT_EQ(again->cases[i].name, s.cases[i].name);
    EXPECT_EQ(again->cases[i].kind, s.cases[i].kind);
  }
  const CheckRun second = run(again.value());
  EXPECT_EQ(second.failed, 0);
  for (const CaseResult& c : second.cases) EXPECT_TRUE(c.passed) << case_line(c);
  // The recording expects what the first run gave: the doors shut fail agent_restricted, the ray off
  // the mesh is not cast, the guard is rejected for occupancy, the walk re-plans once.
  EXPECT_EQ(again->cases[1].plan.reason, Reason::AgentRestricted);
  EXPECT_EQ(again->cases[3].ray.start_on_mesh, false);
  EXPECT_EQ(again->cases[4].spawn.reason, SpawnCheck::Occupancy);
  EXPECT_EQ(again->cases[6].sim.replans, first.cases[6].replans);
  EXPECT_TRUE(again->cases[0].plan.max_length_ratio.has_value());
}

}  // namespace
}  // namespace navlab
