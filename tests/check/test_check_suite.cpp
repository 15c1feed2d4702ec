// Reading check suites: navlab check files (every error with its file, line, column and pointer) and
// RecastDemo's test-case text format (its line syntax, flags, sample and level).
#include <gtest/gtest.h>

#include <string>

#include "check_suite.h"
#include "paths.h"

namespace navlab {
namespace {

std::string suite_path() { return test::temp_dir() + "/suite.check.json"; }

// A check file on scenes/default.json with `cases` (JSON text of the array's items).
std::string on_default(const std::string& cases) {
  return "{\n\"navlab_check\": 1,\n\"scene\": \"" + test::scene_path("default.json") + "\",\n\"cases\": [\n" + cases +
         "\n]\n}\n";
}

std::string error_of(const std::string& text) {
  const Result<CheckSuite> s = parse_check_json(text, suite_path());
  EXPECT_FALSE(s.ok()) << text;
  return s.ok() ? "" : s.error();
}

TEST(CheckSuite, ReadsEveryKindOfCase) {
  const Result<CheckSuite> s = parse_check_json(on_default(R"(
{"name": "by name", "plan": {"query": "store_to_hall_west", "close": ["door_west"]},
 "expect": {"status": "failed", "reason": "agent_restricted", "not_through": ["door_west"]}},
{"name": "by points", "plan": {"start": [3, 22], "goal": [37, 2.5], "exclude_areas": ["default"], "include_flags": "0x3"},
 "expect": {"length": {"value": 42.9, "tolerance": 0.5}, "max_length_ratio": 1.01, "time": 16}},
{"name": "ray", "raycast": {"start": [3, 3], "end": [30, 3]}, "expect": {"hit": false, "distance": 27}},
{"name": "spawn", "spawn": {"candidate": "P3", "disable": ["occupancy"]}, "expect": {"accepted": true}},
{"name": "run", "simulate": {"query": 0, "events": [{"t": 2, "close": "door_east"}, {"t": 5, "open": "door_east"}], "dt": 0.1},
 "expect": {"outcome": "arrived", "replans": 1, "time": {"value": 20, "tolerance": 1}}})"),
                                                suite_path());
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(s->cases.size(), 5u);
  EXPECT_FALSE(s->level());
  const CheckCase& a = s->cases[0];
  EXPECT_EQ(a.kind, CaseKind::Plan);
  EXPECT_EQ(a.query.query_index, 1);
  EXPECT_EQ(a.query.query_name, "store_to_hall_west");
  EXPECT_EQ(a.query.start.plane.x, 20.0);  // the scene's query 1 starts at (20, 21)
  EXPECT_EQ(a.query.doors.closed, std::vector<std::string>{"door_west"});
  EXPECT_EQ(a.plan.reason, Reason::AgentRestricted);
  EXPECT_EQ(a.line, 6);  // the cases begin on line 5 with a line end
  const CheckCase& b = s->cases[1];
  EXPECT_EQ(b.plan.length, (Expected{42.9, 0.5}));
  EXPECT_EQ(b.plan.time, (Expected{16, kCheckTimeTolerance}));  // a bare number takes the suite's tolerance
  EXPECT_EQ(b.query.flags, (FlagFilter{0x3, 0}));
  EXPECT_EQ(s->cases[2].ray.distance, (Expected{27, kCheckLengthTolerance}));
  EXPECT_FALSE(s->cases[3].spawn_checks.is_enabled(SpawnCheck::Occupancy));
  const CheckCase& e = s->cases[4];
  ASSERT_EQ(e.events.size(), 2u);
  EXPECT_EQ(e.events[1].kind, FollowEvent::Kind::Open);
  EXPECT_EQ(e.follow.dt, 0.1);
  EXPECT_EQ(e.sim.replans, 1);
}

TEST(CheckSuite, JsonErrorsNameFileLineColumnAndPointer) {
  const std::string f = suite_path();
  EXPECT_EQ(error_of("{\"scene\": \"x.json\", \"cases\": []}"),
            f + ":1:1: /navlab_check: expected 1 (the check file format version), got nothing (the key is missing)");
  EXPECT_EQ(error_of("{\n\"navlab_check\": 1, \"scene\": \"a.json\", \"level\": {\"obj\": \"a.obj\"}, \"cases\": []}"),
            f + ":2:39: /level: expected either \"scene\" or \"level\", got \"level\" as well as \"scene\"");
  EXPECT_EQ(error_of("{\"navlab_check\": 1, \"scene\": \"missing.json\", \"cases\": []}")
                .rfind(f + ":1:30: /scene: expected a scene file navlab loads, got \"missing.json\" (", 0),
            0u);
  EXPECT_EQ(error_of(on_default(
                R"({"name": "a", "plan": {"start": [1, 2, 3], "goal": [4, 5]}, "expect": {"status": "complete"}})")),
            f + ":5:33: /cases/0/plan/start: expected a point [x, y], got [1, 2, 3]");
  EXPECT_EQ(error_of(on_default(R"({"name": "a", "spawn": {"candidate": "P9"}, "expect": {"accepted": true}})")),
            f + ":5:38: /cases/0/spawn/candidate: expected a spawn candidate of the scene, got \"P9\" (did you mean "
                "\"P1\"?)");
  EXPECT_EQ(error_of(on_default(R"({"name": "a", "expect": {"status": "complete"}})")),
            f + ":5:1: /cases/0: expected a case with \"plan\", \"raycast\", \"spawn\" or \"simulate\", got none");
  EXPECT_EQ(error_of(on_default(R"({"name": "a", "plan": {"query": 0}, "expect": {}})")),
            f + ":5:47: /cases/0/expect: expected the case's expectations (an object with at least one), got {}");
  EXPECT_EQ(error_of(on_default(
                R"({"name": "a", "plan": {"query": 0}, "expect": {"length": {"value": 3, "tolerance": -1}}})")),
            f + ":5:84: /cases/0/expect/length/tolerance: expected a tolerance in m >= 0, got -1");
  EXPECT_EQ(
      error_of(on_default(
          R"({"name": "a", "plan": {"query": 0, "include_flags": "ffef"}, "expect": {"status": "complete"}})")),
      f + ":5:53: /cases/0/plan/include_flags: expected RecastDemo polygon flags: a number from 0 to 65535 or a hex "
          "string such as \"0xffef\", got \"ffef\"");
  EXPECT_EQ(
      error_of(on_default(
          R"({"name": "a", "simulate": {"query": 0, "events": [{"t": 1, "close": "door_north"}]}, "expect": {"outcome": "arrived"}})")),
      f + ":5:69: /cases/0/simulate/events/0/close: expected a door id of the scene, got \"door_north\" (no "
          "such name)");
  EXPECT_EQ(
      error_of(on_default(R"({"name": "a", "simulate": {"query": 0, "dt": 2}, "expect": {"outcome": "arrived"}})")),
      f + ":5:46: /cases/0/simulate/dt: expected a time step of at most 1 s, got 2");
  EXPECT_EQ(error_of(on_default(R"({"name": "a", "plan": {"query": 0}, "expect": {"max_length_ratio": 0.9}})")),
            f + ":5:68: /cases/0/expect/max_length_ratio: expected a ratio >= 1 (no path is shorter than the "
                "shortest), got 0.9");
  EXPECT_EQ(
      error_of(on_default(
          R"({"name": "a", "plan": {"query": 0}, "expect": {"through": ["door_east"], "not_through": ["door_east"]}})")),
      f + ":5:90: /cases/0/expect/not_through/0: expected a name not also in \"through\", got \"door_east\"");
  EXPECT_EQ(error_of(on_default(R"({"name": "a", "plan": {"query": 0}, "expect": {"status": "complete"}},
{"name": "a", "plan": {"query": 1}, "expect": {"status": "complete"}})")),
            f + ":6:10: /cases/1/name: expected a case name not used before in the file, got \"a\"");
  EXPECT_EQ(
      error_of(on_default(R"({"name": "a", "plan": {"query": 0, "query": 1}, "expect": {"status": "complete"}})")),
      f + ":5:36: /cases/0/plan/query: expected each key once per object, got \"query\" a second time");
  // A level's own blocks are read by the scene's reader, with its messages.
  EXPECT_EQ(
      error_of("{\"navlab_check\": 1, \"level\": {\"obj\": \"a.obj\"}, \"bake\": {\"cell_size\": 0}, \"cases\": []}"),
      f + ":1:70: /bake/cell_size: expected a cell size in m > 0, got 0");
}

std::string txt_error(const std::string& text) {
  const Result<CheckSuite> s = parse_recast_tests(text, "t.txt");
  EXPECT_FALSE(s.ok()) << text;
  return s.ok() ? "" : s.error();
}

TEST(CheckSuite, RecastDemoLines) {
  const Result<CheckSuite> s = parse_recast_tests(
      "s Tile Mesh\n\n# a comment\n  f nav_test.obj\npf  18.138550 -2.370003 -21.319118  -19.206181 -2.369133 "
      "24.802742  0x3 0x0\n"
      "rc\t45.1 -0.5 -3.7 47.0 7.7 14.2 ffef 10\npf 1 2 3 4 5 6\n",
      "dir/t.txt");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->format, CheckSuite::Format::RecastDemo);
  EXPECT_EQ(s->sample, "Tile Mesh");
  EXPECT_TRUE(s->level());
  ASSERT_EQ(s->scene.kind(), Scene::Source::Mesh);
  EXPECT_EQ(s->scene.mesh_source()->obj, "nav_test.obj");
  EXPECT_EQ(s->scene.path, "dir/t.txt");   // the level resolves beside the suite
  EXPECT_EQ(s->scene.bake.tile_size, 32);  // RecastDemo's Tile Mesh default
  ASSERT_EQ(s->cases.size(), 3u);
  const CheckCase& pf = s->cases[0];
  EXPECT_EQ(pf.name, "path 1");
  EXPECT_EQ(pf.line, 5);
  EXPECT_TRUE(pf.implicit);
  EXPECT_EQ(pf.plan.status, Status::Complete);
  // World (x, y, z) with y up; the planning plane is (x, -z).
  EXPECT_DOUBLE_EQ(pf.query.start.plane.x, 18.13855);
  EXPECT_DOUBLE_EQ(pf.query.start.plane.y, 21.319118);
  EXPECT_DOUBLE_EQ(pf.query.start.height, -2.370003);
  EXPECT_EQ(pf.query.flags, (FlagFilter{0x3, 0x0}));
  const CheckCase& rc = s->cases[1];
  EXPECT_EQ(rc.kind, CaseKind::Raycast);
  EXPECT_EQ(rc.name, "raycast 1");
  EXPECT_EQ(rc.ray.start_on_mesh, true);
  EXPECT_EQ(rc.query.flags, (FlagFilter{0xffef, 0x10}));  // %hx reads hex with or without 0x
  EXPECT_EQ(s->cases[2].query.flags, FlagFilter{});       // no flags: every polygon
  EXPECT_EQ(sample_tile_size("Solo Mesh"), 0);
  EXPECT_EQ(sample_tile_size("Temp Obstacles"), 48);
}

TEST(CheckSuite, RecastDemoErrorsNameTheLine) {
  EXPECT_EQ(txt_error("f a.obj\npf 1 2 3 4 5 6 0x3\n"),
            "t.txt:2: expected 6 coordinates (start x y z, end x y z) and the include and exclude flags, got 7 values");
  EXPECT_EQ(txt_error("f a.obj\nrc 1 2 3 4 5 6 0x3 0xgg\n"),
            "t.txt:2: expected hex exclude flags (e.g. 0x0), got '0xgg'");
  EXPECT_EQ(txt_error("f a.obj\npf 1 2 3 4 5 6 0x10000 0\n"),
            "t.txt:2: expected hex include flags (e.g. 0xffef), got '0x10000'");
  EXPECT_EQ(txt_error("f a.obj\npf 1 2 3 4 5 1e7 0x3 0\n"), "t.txt:2: expected a coordinate within ±1e6, got '1e7'");
  EXPECT_EQ(txt_error("f a.obj\npath 1 2 3 4 5 6\n"),
            "t.txt:2: expected a line 's SAMPLE', 'f LEVEL', 'pf ...' or 'rc ...' (RecastDemo's test format), got "
            "'path 1 2 3 4 5 6'");
  EXPECT_EQ(txt_error("s Solo Mesh\npf 1 2 3 4 5 6\n"),
            "t.txt:1: expected an 'f LEVEL' line naming the level file (found none)");
  EXPECT_EQ(txt_error("f a.obj\n"), "t.txt:1: expected at least one 'pf' or 'rc' line (found none)");
  EXPECT_EQ(txt_error("f\npf 1 2 3 4 5 6\n"), "t.txt:1: expected the level file's name after 'f'");
}

TEST(CheckSuite, LoadDispatchesOnTheText) {
  const std::string json = test::temp_dir() + "/d.check.json";
  test::write_text(json, on_default(R"({"name": "a", "plan": {"query": 0}, "expect": {"status": "complete"}})"));
  const Result<CheckSuite> j = load_check_suite(json);
  ASSERT_TRUE(j.ok()) << j.error();
  EXPECT_EQ(j->format, CheckSuite::Format::Json);
  const Result<CheckSuite> t = load_check_suite(test::source_dir() + "/tests/data/check/room_tests.txt");
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t->format, CheckSuite::Format::RecastDemo);
  EXPECT_EQ(
      load_check_suite(test::temp_dir() + "/none.txt").error().rfind(test::temp_dir() + "/none.txt: cannot read", 0),
      0u);
}

}  // namespace
}  // namespace navlab
