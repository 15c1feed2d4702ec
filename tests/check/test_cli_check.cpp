// `navlab check` on RecastDemo's test-case format (tests/data/check/room_tests.txt, a level of our own:
// a 20 x 12 m floor with a wall that leaves a 4 m gap), --record then check, --against the same level
// with its wall moved, --junit and --jobs; and input errors with their places.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <regex>
#include <string>

#include "paths.h"

namespace navlab {
namespace {

std::string q(const std::string& s) { return "'" + s + "'"; }
std::string data(const std::string& name) { return test::source_dir() + "/tests/data/check/" + name; }

// The number after `key` in `line` ("21.226 m" after "status: complete, ").
double number_after(const std::string& line, const std::string& key) {
  const size_t at = line.find(key);
  if (at == std::string::npos) return NAN;
  return std::stod(line.substr(at + key.size()));
}

TEST(CliCheck, RecastDemoFileReportsEveryPathAndRaycastLine) {
  const test::RunResult r = test::run_navlab("check " + q(data("room_tests.txt")));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::vector<std::string> out = test::lines(r.out);
  ASSERT_EQ(out.size(), 7u) << r.out;  // three pf lines, three rc lines, the summary
  const char* names[] = {"path 1", "path 2", "path 3", "raycast 1", "raycast 2", "raycast 3"};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(out[size_t(i)].rfind(std::string("PASS  ") + names[i] + "  ", 0), 0u) << out[size_t(i)];
  EXPECT_EQ(out[6], "6 passed, 0 failed");
  // By hand: path 2 from (15, 2) to (19, 10) and path 3 from (2, 10) to (4, 2) see no wall: straight
  // lines of sqrt(80) and sqrt(68) m. Path 1 goes round the wall: longer than the 16 m straight line.
  EXPECT_NEAR(number_after(out[1], "complete, "), std::sqrt(80.0), 1e-3);
  EXPECT_NEAR(number_after(out[2], "complete, "), std::sqrt(68.0), 1e-3);
  EXPECT_GT(number_after(out[0], "complete, "), 16.5);
  // Raycast 1 from x = 2 meets the wall (x = 9.5, eroded by the agent's 0.6 m, on the 0.3 m cell grid);
  // raycast 2 runs 4 m in the open; raycast 3 passes through the gap at z = 10.
  EXPECT_NE(out[3].find("stops at a wall after"), std::string::npos) << out[3];
  EXPECT_NEAR(number_after(out[3], "stops at a wall after "), 9.5 - 0.6 - 2.0, 0.31);
  EXPECT_NE(out[4].find("clear, 4 m"), std::string::npos) << out[4];
  EXPECT_NE(out[5].find("clear, 15 m"), std::string::npos) << out[5];
}

TEST(CliCheck, RecordedGoldenFilePassesOnTheSameLevel) {
  const std::string golden = test::temp_dir() + "/golden/room.check.json";
  std::filesystem::create_directories(test::temp_dir() + "/golden");
  const test::RunResult rec = test::run_navlab("check " + q(data("room_tests.txt")) + " --record " + q(golden));
  ASSERT_EQ(rec.exit_code, 0) << rec.out << rec.err;
  const std::string text = test::read_text(golden);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.find("\"navlab_check\": 1"), text.find('"'));
  // The level is named relative to the golden file's folder, with the bake settings it was baked with.
  EXPECT_NE(text.find("room.obj"), std::string::npos);
  EXPECT_NE(text.find("\"bake\": {"), std::string::npos) << text;
  const test::RunResult again = test::run_navlab("check " + q(golden));
  EXPECT_EQ(again.exit_code, 0) << again.out << again.err;
  // Recording the golden file again gives the same file.
  const std::string twice = test::temp_dir() + "/golden/room_again.check.json";
  ASSERT_EQ(test::run_navlab("check " + q(golden) + " --record " + q(twice)).exit_code, 0);
  EXPECT_EQ(test::read_text(twice), text);
  EXPECT_NE(again.out.find("6 passed, 0 failed"), std::string::npos) << again.out;
  // The golden file holds figures, not only statuses: path 2's length and raycast 1's hit and distance.
  EXPECT_NE(again.out.find("length: 8.944 m (expected 8.9443 ± 0.01 m)"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("hit: stops at a wall"), std::string::npos) << again.out;
  // On the edited level the same golden file fails the cases the wall's move changed, and only those.
  const std::string moved = test::temp_dir() + "/golden/room_moved.check.json";
  std::string edited = text;
  edited.replace(edited.find("room.obj"), 8, "room_moved.obj");
  test::write_text(moved, edited);
  const test::RunResult changed = test::run_navlab("check " + q(moved));
  EXPECT_EQ(changed.exit_code, 1) << changed.out << changed.err;
  EXPECT_NE(changed.out.find("3 passed, 3 failed"), std::string::npos) << changed.out;
  for (const char* name : {"FAIL  path 1 ", "FAIL  raycast 1 ", "FAIL  raycast 3 "})
    EXPECT_NE(changed.out.find(name), std::string::npos) << name << "\n" << changed.out;
}

TEST(CliCheck, AgainstAMovedWallNamesTheChangedCases) {
  const test::RunResult r =
      test::run_navlab("check " + q(data("room_tests.txt")) + " --against " + q(data("room_moved.obj")));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::vector<std::string> out = test::lines(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;
  // The wall moves from x = 10 (gap at z 8..12) to x = 6 (gap at z 10..12): path 1 must go round it
  // further; raycast 1 meets it 4 m sooner; raycast 3 along z = 10 now meets it. The right half of the
  // room (path 2, raycast 2) and the left corner (path 3) do not change.
  EXPECT_EQ(out[0].rfind("CHANGED  path 1  longer: ", 0), 0u) << out[0];
  EXPECT_NE(out[0].find("[longer]"), std::string::npos) << out[0];
  EXPECT_EQ(out[1].rfind("CHANGED  raycast 1  ray: stops after ", 0), 0u) << out[1];
  EXPECT_EQ(out[2].rfind("CHANGED  raycast 3  ray: clear, 15 m -> stops after ", 0), 0u) << out[2];
  EXPECT_EQ(out[3], "3 changed, 3 unchanged");
  // The same level against itself changes nothing.
  const test::RunResult same =
      test::run_navlab("check " + q(data("room_tests.txt")) + " --against " + q(data("room.obj")));
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_EQ(same.out, "0 changed, 6 unchanged\n");
}

// A second scene: doors_balcony.json with door1 shut for good. Its suite's open-door case now goes round
// by the balcony (longer, through no door); the case that closed door1 anyway does not change.
TEST(CliCheck, AgainstASecondSceneNamesTheCasesThatChanged) {
  std::string scene = test::read_text(test::scene_path("doors_balcony.json"));
  const std::string open = "\"open\": true";
  ASSERT_NE(scene.find(open), std::string::npos);
  scene.replace(scene.find(open), open.size(), "\"open\": false");
  const std::string shut = test::temp_dir() + "/doors_balcony_shut.json";
  test::write_text(shut, scene);
  const test::RunResult r = test::run_navlab("check " + q(test::source_dir() + "/scenes/checks/doors_balcony.json") +
                                             " --against " + q(shut));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("CHANGED  Start to Goal  longer: 6 m -> 11.28 m"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("doors: door1 -> no door"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("CHANGED  Start to Goal, door1 closed "), std::string::npos) << r.out;
}

TEST(CliCheck, JunitAndJobs) {
  const std::string xml = test::temp_dir() + "/room.xml";
  const test::RunResult one = test::run_navlab("check " + q(data("room_tests.txt")) + " --junit " + q(xml));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const std::string junit = test::read_text(xml);
  EXPECT_EQ(junit.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"6\" failures=\"0\"", 0), 0u)
      << junit;
  const std::regex testcase("<testcase name=\"[^\"]+\"");
  EXPECT_EQ(std::distance(std::sregex_iterator(junit.begin(), junit.end(), testcase), std::sregex_iterator()), 6);
  EXPECT_NE(junit.find("line=\"3\""), std::string::npos);  // path 1 is on line 3 of the suite
  const test::RunResult four = test::run_navlab("check " + q(data("room_tests.txt")) + " --jobs 4");
  EXPECT_EQ(four.exit_code, 0);
  EXPECT_EQ(four.out, one.out);  // same lines, same order
}

TEST(CliCheck, AFailingCaseGivesJunitFailuresAndExitOne) {
  const std::string suite = test::temp_dir() + "/failing.check.json";
  test::write_text(suite, R"({"navlab_check": 1, "level": {"obj": ")" + data("room.obj") + R"("},
  "cases": [
    {"name": "too short", "plan": {"start": [15, 0, 2], "goal": [19, 0, 10]}, "expect": {"length": 5}},
    {"name": "through & <wall>", "raycast": {"start": [2, 0, 6], "end": [18, 0, 6]}, "expect": {"hit": false}}
  ]})");
  const std::string xml = test::temp_dir() + "/failing.xml";
  const test::RunResult r = test::run_navlab("check " + q(suite) + " --junit " + q(xml));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("FAIL  too short  length: 8.944 m (expected 5 ± 0.01 m)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 passed, 2 failed"), std::string::npos) << r.out;
  const std::string junit = test::read_text(xml);
  EXPECT_NE(junit.find("failures=\"2\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("name=\"through &amp; &lt;wall&gt;\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("<failure message=\"length: 8.944 m (expected 5 ± 0.01 m)\""), std::string::npos) << junit;
}

TEST(CliCheck, InputErrorsNameTheFileAndPlace) {
  const std::string suite = test::temp_dir() + "/typo.check.json";
  test::write_text(
      suite, "{\n  \"navlab_check\": 1,\n  \"scene\": \"" + test::scene_path("default.json") +
                 "\",\n  \"cases\": [\n    {\"name\": \"a\", \"plan\": {\"query\": 0, \"close\": [\"door_eats\"]}, "
                 "\"expect\": {\"status\": \"failed\"}}\n  ]\n}\n");
  const test::RunResult r = test::run_navlab("check " + q(suite));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "navlab check: " + suite +
                       ":5:50: /cases/0/plan/close/0: expected a door id of the scene, got \"door_eats\" (did you mean "
                       "\"door_east\"?)\n");
  const std::string txt = test::temp_dir() + "/bad_tests.txt";
  test::write_text(txt, "s Solo Mesh\nf room.obj\npf 1 0 1 2 0 2 0xffef 0x0\nrc 1 0 1 2 zero 2 0xffef 0x0\n");
  const test::RunResult t = test::run_navlab("check " + q(txt));
  EXPECT_EQ(t.exit_code, 2);
  EXPECT_EQ(t.err, "navlab check: " + txt + ":4: expected a coordinate within ±1e6, got 'zero'\n");
  // A level that is not there is named by the bake's reader.
  const std::string missing = test::temp_dir() + "/missing_level.txt";
  test::write_text(missing, "f nowhere.obj\npf 1 0 1 2 0 2 0xffef 0x0\n");
  const test::RunResult m = test::run_navlab("check " + q(missing));
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find("nowhere.obj"), std::string::npos) << m.err;
  // An output that would replace the suite, and flags that need each other.
  EXPECT_EQ(test::run_navlab("check " + q(suite) + " --record " + q(suite)).exit_code, 2);
  EXPECT_EQ(test::run_navlab("check " + q(suite) + " --pictures /tmp").exit_code, 2);
  EXPECT_EQ(test::run_navlab("check " + q(suite) + " --jobs 0").exit_code, 2);
}

// The check file docs/check.md shows is a working suite: every expectation in it holds.
TEST(CliCheck, TheDocumentedExampleSuitePasses) {
  const std::string doc = test::read_text(test::source_dir() + "/docs/check.md");
  const size_t at = doc.find("```json\n{\n  \"navlab_check\": 1,");
  ASSERT_NE(at, std::string::npos);
  std::string suite = doc.substr(at + 8, doc.find("```", at + 8) - at - 8);
  const std::string rel = "\"scene\": \"../default.json\"";
  ASSERT_NE(suite.find(rel), std::string::npos);
  suite.replace(suite.find(rel), rel.size(), "\"scene\": \"" + test::scene_path("default.json") + "\"");
  const std::string path = test::temp_dir() + "/documented.check.json";
  test::write_text(path, suite);
  const test::RunResult r = test::run_navlab("check " + q(path));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("5 passed, 0 failed"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace navlab
