#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "paths.h"

namespace navlab {
namespace {

using Json = nlohmann::json;

std::string write_events(const std::string& name, const std::string& text) {
  const std::string path = test::temp_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

std::string q(const std::string& s) { return "'" + s + "'"; }

Json run_json(const std::string& args, int expected_exit) {
  const auto r = test::run_navlab(args);
  EXPECT_EQ(r.exit_code, expected_exit) << r.err;
  const Json j = Json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j;
}

// The follower plans through the pipeline, so it walks the path `navlab plan` prints for the scene's own
// search: on corridor_not_shortest the A* corridor's 12 m path, and with the scene's search set to
// Polyanya the 10.49 m shortest path over the hole (the agent's steps sum to the plan's length within 2 %).
TEST(CliSimulate, TheAgentWalksThePathThePlanPrintsForTheScenesSearch) {
  Json scene = Json::parse(test::read_text(test::scene_path("corridor_not_shortest.json")));
  scene["search"] = {{"algorithm", "polyanya"}};
  const std::string polyanya = write_events("corridor_not_shortest_polyanya.json", scene.dump());
  std::vector<double> walked;
  for (const std::string& file : {test::scene_path("corridor_not_shortest.json"), polyanya}) {
    SCOPED_TRACE(file);
    const Json plan = run_json("plan " + q(file), 0);
    const Json sim = run_json("simulate " + q(file), 0);
    ASSERT_EQ(sim["outcome"], "arrived");
    const Json& steps = sim["steps"];
    double length = 0.0;
    for (size_t i = 0; i + 1 < steps.size(); ++i) {
      const double dx = steps[i + 1]["pos"][0].get<double>() - steps[i]["pos"][0].get<double>();
      const double dy = steps[i + 1]["pos"][1].get<double>() - steps[i]["pos"][1].get<double>();
      length += std::hypot(dx, dy);
    }
    const double planned = (plan.contains("results") ? plan["results"][0] : plan)["length"].get<double>();
    EXPECT_NEAR(length, planned, 0.02 * planned);
    walked.push_back(length);
  }
  EXPECT_LT(walked[1], walked[0] - 1.0);  // the shortest path is 1.5 m shorter than the corridor's
}

TEST(CliSimulate, GuardReplansWhenTheDoorClosesAndArrives) {
  const std::string ev = write_events("close.json", R"([{"t": 1.5, "close": "door1"}])");
  const Json j = run_json("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --events " + q(ev), 0);
  EXPECT_EQ(j["outcome"], "arrived");
  EXPECT_TRUE(j["failure"].is_null());
  ASSERT_EQ(j["replans"].size(), 1u);
  EXPECT_EQ(j["replans"][0]["cause"], "door_closed");
  EXPECT_EQ(j["replans"][0]["version"], 2);
  ASSERT_FALSE(j["steps"].empty());
  for (const char* key : {"t", "pos", "vel", "corridor_version", "state"})
    EXPECT_TRUE(j["steps"][0].contains(key)) << key;
  EXPECT_EQ(j["steps"].back()["state"], "arrived");
  EXPECT_EQ(j["steps"].back()["corridor_version"], 2);
  // Steps are dt = 0.05 s apart by default, and the velocity never jumps (max_accel 3 m/s²).
  double vx = 0, vy = 0;
  for (size_t i = 0; i < j["steps"].size(); ++i) {
    const Json& s = j["steps"][i];
    EXPECT_NEAR(s["t"].get<double>(), 0.05 * double(i + 1), 1e-6);
    const double nx = s["vel"][0], ny = s["vel"][1];
    EXPECT_LE(std::hypot(nx - vx, ny - vy), 3.0 * 0.05 + 1e-9);
    vx = nx, vy = ny;
  }
}

TEST(CliSimulate, NoOtherRouteFailsWithBlockedBy) {
  const std::string ev = write_events("close2.json", R"([{"t": 1.5, "close": "door1"}])");
  const Json j = run_json(
      "simulate " + q(test::scene_path("guard_narrow_door_only.json")) + " --events " + q(ev) + " --dt 0.1", 1);
  EXPECT_EQ(j["outcome"], "failed");
  EXPECT_EQ(j["failure"]["reason"], "agent_restricted");
  EXPECT_EQ(j["failure"]["blocked_by"], Json::array({"door1"}));
  EXPECT_EQ(j["steps"].back()["state"], "failed");
  EXPECT_EQ(j["steps"].back()["vel"], Json::array({0.0, 0.0}));
  EXPECT_LT(j["steps"].back()["pos"][0].get<double>(), 8.0);
  EXPECT_NEAR(j["steps"][0]["t"].get<double>(), 0.1, 1e-9);
}

TEST(CliSimulate, MoveEventTakesASegment) {
  const std::string ev =
      write_events("move.json", R"([{"t": 0, "close": "door1"}, {"t": 0.5, "move": "door1", "to": [[3, 7], [5, 7]]}])");
  const Json j = run_json("simulate " + q(test::scene_path("doors_balcony.json")) + " --events " + q(ev), 0);
  EXPECT_EQ(j["outcome"], "arrived");
  // Closing door1 at t = 0 invalidates the first plan; moving the closed door away (onto the balcony's
  // north wall) touches nothing the balcony route read... unless it covers it: the balcony plan is kept.
  ASSERT_GE(j["replans"].size(), 1u);
  EXPECT_EQ(j["replans"][0]["cause"], "door_closed");
}

TEST(CliSimulate, BlockerNeverReplans) {
  const Json j = run_json("simulate " + q(test::scene_path("blocker_corridor.json")), 0);
  EXPECT_EQ(j["outcome"], "arrived");
  EXPECT_TRUE(j["replans"].empty());
}

TEST(CliSimulate, AGoalEventReplansToTheNewGoal) {
  const std::string ev = write_events("goal.json", R"([{"t": 1.5, "goal": [3, 7]}])");
  const Json j = run_json("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --events " + q(ev), 0);
  EXPECT_EQ(j["outcome"], "arrived");
  ASSERT_EQ(j["replans"].size(), 1u);
  EXPECT_EQ(j["replans"][0]["cause"], "goal_moved");
  EXPECT_EQ(j["replans"][0]["status"], "complete");
  const Json& last = j["steps"].back()["pos"];
  EXPECT_LE(std::hypot(last[0].get<double>() - 3.0, last[1].get<double>() - 7.0), 0.1 + 1e-9);

  // Graph scenes name a node; a point there, or a node elsewhere, is an input error at its pointer.
  const std::string node = write_events("goal_node.json", R"([{"t": 0.5, "goal": "Start"}])");
  const Json g = run_json("simulate " + q(test::scene_path("graph_basic.json")) + " --events " + q(node), 0);
  ASSERT_EQ(g["replans"].size(), 1u);
  EXPECT_EQ(g["replans"][0]["cause"], "goal_moved");
  auto r = test::run_navlab("simulate " + q(test::scene_path("graph_basic.json")) + " --events " +
                            q(write_events("goal_pt.json", R"([{"t": 0.5, "goal": [1, 2]}])")));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/0/goal: expected a node id"), std::string::npos) << r.err;
  r = test::run_navlab("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --events " +
                       q(write_events("goal_bad.json", R"([{"t": 0.5, "goal": [1]}])")));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/0/goal: expected [x, y]"), std::string::npos) << r.err;
}

TEST(CliSimulate, ChannelSmoothingFollowsTheSplineAndSaysItsModeForEveryPlan) {
  const std::string ev = write_events("ch_close.json", R"([{"t": 1.5, "close": "door1"}])");
  const Json j = run_json(
      "simulate " + q(test::scene_path("guard_narrow_door.json")) + " --smoothing channel --events " + q(ev), 0);
  EXPECT_EQ(j["outcome"], "arrived");
  ASSERT_EQ(j["replans"].size(), 1u);
  ASSERT_EQ(j["plans"].size(), 2u) << j["plans"];
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(j["plans"][i]["version"], int(i) + 1);
    const std::string mode = j["plans"][i]["spline_mode"];
    EXPECT_TRUE(mode == "optimal" || mode == "suboptimal" || mode == "degraded") << mode;
  }
  // Without the option the output has no "plans"; a graph scene has no channel; a typo is a usage error.
  EXPECT_FALSE(run_json("simulate " + q(test::scene_path("guard_narrow_door.json")), 0).contains("plans"));
  auto r = test::run_navlab("simulate " + q(test::scene_path("graph_basic.json")) + " --smoothing channel");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("graph scene has no channel"), std::string::npos) << r.err;
  r = test::run_navlab("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --smoothing spline");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--smoothing expects arcs or channel, got 'spline'"), std::string::npos) << r.err;
}

// A failed re-plan under the channel smoothing says its spline's mode: the door on the only route closes
// while the guard walks to it, the spline is frozen up to the door, and standing there the re-plan fails.
TEST(CliSimulate, ChannelSmoothingReportsEverySplineUpdateAndAFailedRePlansMode) {
  const std::string ev = write_events("ch_only.json", R"([{"t": 1.5, "close": "door1"}])");
  const Json j = run_json(
      "simulate " + q(test::scene_path("guard_narrow_door_only.json")) + " --smoothing channel --events " + q(ev), 1);
  EXPECT_EQ(j["outcome"], "failed");
  ASSERT_EQ(j["plans"].size(), 2u) << j["plans"];
  EXPECT_EQ(j["plans"][1]["status"], "failed");
  EXPECT_EQ(j["plans"][1]["spline_mode"], "failure");
  ASSERT_EQ(j["spline_updates"].size(), 3u) << j["spline_updates"];
  const std::vector<std::string> modes{"optimal", "frozen", "failure"};
  for (size_t i = 0; i < modes.size(); ++i) {
    const Json& u = j["spline_updates"][i];
    EXPECT_EQ(u["spline_mode"], modes[i]) << u;
    EXPECT_EQ(u["recompute_needed"], i > 0) << u;
    EXPECT_FALSE(u["detail"].get<std::string>().empty());
  }
  EXPECT_EQ(j["spline_updates"][1]["t"], 1.5);
  EXPECT_EQ(j["steps"].back()["spline_mode"], "failure");
}

TEST(CliSimulate, BadInputIsAUsageError) {
  EXPECT_EQ(test::run_navlab("simulate").exit_code, 2);
  const std::string bad = write_events("bad.json", R"([{"t": 1, "shut": "door1"}])");
  auto r = test::run_navlab("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --events " + q(bad));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/0"), std::string::npos) << r.err;
  const std::string unknown = write_events("unknown.json", R"([{"t": 1, "close": "door9"}])");
  r = test::run_navlab("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --events " + q(unknown));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("door9"), std::string::npos) << r.err;
  r = test::run_navlab("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --dt -1");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(CliSimulate, AMovedBakedDoorIsBakedAgainWithOrWithoutTheTileCache) {
  // default.json: door_west closed, then dragged across the corridor the plan follows at x = 20.
  const std::string ev = write_events("bake_move.json", R"([{"t": 0, "close": "door_west"},
      {"t": 0.5, "move": "door_west", "to": [[20, 10.2], [20, 13.4]]}])");
  for (const std::string flag : {"", " --tile-cache"}) {
    const Json j =
        run_json("simulate " + q(test::scene_path("default.json")) + flag + " --query 0 --events " + q(ev), 0);
    EXPECT_EQ(j["outcome"], "arrived") << flag;
    ASSERT_GE(j["replans"].size(), 1u) << flag;
    EXPECT_EQ(j["replans"][0]["cause"], flag.empty() ? "mesh_rebaked" : "tiles_rebuilt");
    // No step crosses the door where it now stands.
    const Json& steps = j["steps"];
    for (size_t i = 1; i < steps.size(); ++i) {
      if (steps[i]["t"].get<double>() <= 0.5) continue;
      const double x0 = steps[i - 1]["pos"][0], x1 = steps[i]["pos"][0];
      const double y0 = steps[i - 1]["pos"][1], y1 = steps[i]["pos"][1];
      const bool crosses_x = (x0 - 20.0) * (x1 - 20.0) < 0.0;
      const double y = crosses_x ? y0 + (y1 - y0) * (20.0 - x0) / (x1 - x0) : 0.0;
      EXPECT_FALSE(crosses_x && y >= 10.2 && y <= 13.4) << flag << " at t " << steps[i]["t"];
    }
  }
}

TEST(CliSimulate, TileCacheGatesAClosedDoorOnABakedScene) {
  // default.json: closing both corridor doors cuts the west office off from the hall.
  const std::string ev =
      write_events("tc.json", R"([{"t": 0.5, "close": "door_west"}, {"t": 0.5, "close": "door_east"}])");
  const Json j =
      run_json("simulate " + q(test::scene_path("default.json")) + " --tile-cache --query 0 --events " + q(ev), 1);
  EXPECT_EQ(j["outcome"], "failed");
  ASSERT_GE(j["replans"].size(), 1u);
  EXPECT_EQ(j["steps"].back()["vel"], Json::array({0.0, 0.0}));
}

TEST(CliSimulate, AHugeMaxTimeIsAnInputErrorNamingTheStepLimit) {
  // 1.08e8 s at dt 0.05 s is 2.16e9 steps: more than an int counts (once zero steps, silently) and more
  // than the simulation step limit, so it is refused with the limit and a time step that fits.
  const auto r = test::run_navlab("simulate " + q(test::scene_path("guard_narrow_door.json")) + " --max-time 1.08e8");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("more than the limit of 200000"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("use --dt 540.0 or more"), std::string::npos) << r.err;
}

TEST(CliSimulate, StepsAndReplansSayWhetherTheAgentCouldStop) {
  // guard_narrow_door_only.json: closed at 2 s (the agent near x = 5 at 4 m/s needs 4 m to stop) the
  // door (x = 8) is too late to stop for; the agent stops against it.
  const std::string ev = write_events("late.json", R"([{"t": 2, "close": "door1"}])");
  const Json j = run_json("simulate " + q(test::scene_path("guard_narrow_door_only.json")) + " --events " + q(ev), 1);
  ASSERT_FALSE(j["steps"].empty());
  bool cannot_stop = false, collided = false;
  for (const Json& s : j["steps"]) {
    ASSERT_TRUE(s.contains("cannot_stop") && s.contains("collided"));
    cannot_stop = cannot_stop || s["cannot_stop"].get<bool>();
    collided = collided || s["collided"].get<bool>();
    EXPECT_LE(s["pos"][0].get<double>(), 8.0);
  }
  EXPECT_TRUE(cannot_stop);
  EXPECT_TRUE(collided);
  ASSERT_GE(j["replans"].size(), 1u);
  EXPECT_EQ(j["replans"][0]["cannot_stop"], true);
}

}  // namespace
}  // namespace navlab
