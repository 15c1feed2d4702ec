// One invalidation rule: the same door changes driven through a scripted app run and through
// `navlab simulate` must get the same decisions (re-plan or keep), since both ask the core
// (door_covers, plan_read_set, door_change, touches).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

struct DoorEvent {
  std::string door;
  bool open = false;
};

constexpr double kGap = 2.0;  // s between simulated events: the slow agent stands and re-plans in between

// The scene with an agent that barely moves (accel 0.05 m/s²: 0.1 m in 2 s), so the follower stands
// where the app's plan starts and re-plans before each next event.
std::string slow_scene(const std::string& name) {
  json scene = json::parse(read_text(scene_path(name)));
  scene["agent"]["accel"] = 0.05;
  const std::string path = temp_dir() + "/slow_" + name;
  write_text(path, scene.dump(2));
  return path;
}

json last_json(const std::string& out) {
  const size_t start = out.rfind("\n{");
  return json::parse(start == std::string::npos ? out : out.substr(start + 1), nullptr, false);
}

// The app's decision for each change: its log entry after the first plan says whether it re-planned.
std::vector<bool> app_decisions(const std::string& scene, const std::vector<DoorEvent>& events) {
  json actions = json::array();
  for (const DoorEvent& e : events) actions.push_back({{"door", e.door}, {"open", e.open}});
  const std::string script = temp_dir() + "/agree_script.json";
  write_text(script, json{{"capture", "viewport"}, {"actions", actions}}.dump());
  const RunResult r = run_navlab("'" + scene + "' --script '" + script + "' --screenshot '" + temp_dir() +
                                 "/agree.png' --size 640x480");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json state = last_json(r.out);
  std::vector<bool> out;
  if (state.is_discarded()) return out;
  const json& log = state["doors"]["log"];
  EXPECT_EQ(log.size(), events.size() + 1) << log.dump(1);
  for (size_t i = 1; i < log.size(); ++i) out.push_back(log[i]["replanned"].get<bool>());
  return out;
}

// The follower's decision for each event: an event it did not act on is listed in "ignored" with its time.
std::vector<bool> simulate_decisions(const std::string& scene, const std::vector<DoorEvent>& events) {
  json ev = json::array();
  for (size_t i = 0; i < events.size(); ++i)
    ev.push_back({{"t", kGap * double(i)}, {events[i].open ? "open" : "close", events[i].door}});
  const std::string file = temp_dir() + "/agree_events.json";
  write_text(file, ev.dump());
  const RunResult r = run_navlab("simulate '" + scene + "' --events '" + file + "'");
  const json out = json::parse(r.out, nullptr, false);
  std::vector<bool> decisions;
  if (out.is_discarded()) {
    ADD_FAILURE() << r.out << r.err;
    return decisions;
  }
  for (size_t i = 0; i < events.size(); ++i) {
    char prefix[32];
    std::snprintf(prefix, sizeof prefix, "t %g s:", kGap * double(i));
    bool ignored = false;
    for (const json& s : out["ignored"]) ignored |= s.get<std::string>().rfind(prefix, 0) == 0;
    decisions.push_back(!ignored);
    // It stood and re-planned before the next event (so both judged the same plan).
    int replans_before_next = 0;
    for (const json& p : out["replans"]) replans_before_next += p["t"].get<double>() < kGap * double(i + 1) - 1e-9;
    int touched_so_far = 0;
    for (bool d : decisions) touched_so_far += d;
    EXPECT_EQ(replans_before_next, touched_so_far) << "event " << i << ": " << out["replans"].dump();
  }
  return decisions;
}

// `expected`: the decisions both must reach (empty: any, as long as there are both kinds).
void expect_same_decisions(const std::string& name, const std::vector<DoorEvent>& events,
                           const std::vector<bool>& expected = {}) {
  if (navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const std::string scene = slow_scene(name);
  const std::vector<bool> app = app_decisions(scene, events), sim = simulate_decisions(scene, events);
  EXPECT_EQ(app, sim) << name;
  if (!expected.empty()) {
    EXPECT_EQ(sim, expected) << name;
    return;
  }
  // Not vacuous: the sequence has changes of both kinds.
  EXPECT_NE(std::count(sim.begin(), sim.end(), true), 0);
  EXPECT_NE(std::count(sim.begin(), sim.end(), false), 0);
}

// One door on the only short route: closing it cuts the plan; opening it again re-plans too, since the
// plan that went round it read the connection the door refused its search (a shorter plan exists).
TEST(AppDoorsAgree, ABakedDoorInsideOnePolygon) {
  expect_same_decisions("door_inside_polygon.json",
                        {{"door1", false}, {"door1", true}, {"door1", false}, {"door1", true}},
                        {true, true, true, true});
}

TEST(AppDoorsAgree, TwoBakedCorridorDoors) {
  expect_same_decisions(
      "default.json",
      {{"door_west", false}, {"door_east", false}, {"door_west", true}, {"door_east", true}, {"door_east", false}});
}

TEST(AppDoorsAgree, AHandAuthoredMeshWithADoorOnTheShortRoute) {
  expect_same_decisions("doors_balcony.json", {{"door1", false}, {"door1", true}, {"door1", false}},
                        {true, true, true});
}

}  // namespace
}  // namespace navlab::test
