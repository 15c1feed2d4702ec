// `navlab spawn` end to end: the seed's status panel for candidate P3 as JSON, --disable, usage errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "paths.h"

namespace navlab {
namespace {

using nlohmann::json;

json run_json(const std::string& args) {
  const test::RunResult r = test::run_navlab(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out);
}

const char* const kCheckNames[] = {"projection",     "clearance", "connectivity",
                                   "forbidden_zone", "occupancy", "safe_path"};

// seeds/002, spawn status panel: P3 — projection ok, area allowed, partition matches the target,
// clearance ok, dynamic occupancy FAILS → rejected, keeping "dynamic occupancy conflict".
TEST(CliSpawn, PanelOfCandidateP3) {
  const json out = run_json("spawn '" + test::scene_path("spawn_panel.json") + "'");
  ASSERT_EQ(out["candidates"].size(), 1u);
  const json& p3 = out["candidates"][0];
  EXPECT_EQ(p3["name"], "P3");
  EXPECT_EQ(p3["pos"], json::parse("[9.0, 3.0]"));
  EXPECT_EQ(p3["accepted"], false);
  EXPECT_EQ(p3["reason"], "occupancy");
  EXPECT_EQ(p3["message"], "dynamic occupancy conflict");

  const bool passed[] = {true, true, true, true, false, true};
  ASSERT_EQ(p3["checks"].size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    const json& c = p3["checks"][i];
    EXPECT_EQ(c["check"], kCheckNames[i]);
    EXPECT_EQ(c["enabled"], true);
    EXPECT_EQ(c["passed"], passed[i]) << c.dump();
    EXPECT_TRUE(c["detail"].is_string());
  }
  // The panel's lines, with their numbers.
  EXPECT_EQ(p3["checks"][0]["detail"], "polygon 1, area floor allowed");
  EXPECT_EQ(p3["checks"][1]["detail"], "distance to boundary 3 m >= required 0.5 m (agent radius)");
  EXPECT_EQ(p3["checks"][2]["detail"], "in partition 0, the same as the first safe target");
  // |(9, 3) - (9.6, 3.3)| = 0.6708 m < 0.4 + 0.5 m.
  EXPECT_EQ(p3["checks"][4]["detail"], "overlaps occupant guard: distance 0.671 m < 0.4 + 0.5 m");
}

TEST(CliSpawn, DisablingOccupancyAcceptsP3) {
  const json out = run_json("spawn '" + test::scene_path("spawn_panel.json") + "' --disable occupancy");
  const json& p3 = out["candidates"][0];
  EXPECT_EQ(p3["accepted"], true);
  EXPECT_TRUE(p3["reason"].is_null());
  EXPECT_EQ(p3["message"], "");
  EXPECT_EQ(p3["checks"][4]["enabled"], false);
  EXPECT_TRUE(p3["checks"][4]["passed"].is_null());
  for (size_t i : {0u, 1u, 2u, 3u, 5u}) EXPECT_EQ(p3["checks"][i]["passed"], true) << i;
}

TEST(CliSpawn, EachCandidateOfTheChecksSceneFailsItsOwnCheck) {
  const json out = run_json("spawn '" + test::scene_path("spawn_checks.json") + "'");
  const std::pair<const char*, json> expected[] = {{"good", nullptr},
                                                   {"on_stage", "projection"},
                                                   {"by_the_wall", "clearance"},
                                                   {"island", "connectivity"},
                                                   {"exit_lane", "forbidden_zone"},
                                                   {"next_to_crate", "occupancy"},
                                                   {"behind_water", "safe_path"},
                                                   {"in_water", "projection"},
                                                   {"off_mesh", "projection"}};
  ASSERT_EQ(out["candidates"].size(), std::size(expected));
  for (size_t i = 0; i < std::size(expected); ++i) {
    const json& c = out["candidates"][i];
    EXPECT_EQ(c["name"], expected[i].first);
    EXPECT_EQ(c["reason"], expected[i].second) << c["name"];
    EXPECT_EQ(c["accepted"], expected[i].second.is_null()) << c["name"];
  }
  // The first six fail exactly one check each.
  for (size_t i = 1; i <= 6; ++i) {
    int failed = 0;
    for (const json& k : out["candidates"][i]["checks"]) failed += k["passed"] == false;
    EXPECT_EQ(failed, 1) << out["candidates"][i]["name"];
  }
  EXPECT_EQ(out["candidates"][2]["checks"][1]["detail"], "distance to boundary 0.49 m < required 0.5 m (agent radius)");
}

TEST(CliSpawn, DisablingEveryFailingCheckAcceptsEveryOnMeshCandidate) {
  const json out = run_json("spawn '" + test::scene_path("spawn_checks.json") +
                            "' --disable projection --disable clearance --disable connectivity"
                            " --disable forbidden_zone --disable occupancy --disable safe_path");
  for (const json& c : out["candidates"]) {
    EXPECT_EQ(c["accepted"], true) << c["name"];
    for (const json& k : c["checks"]) EXPECT_EQ(k["enabled"], false);
  }
}

TEST(CliSpawn, UnknownCheckIsAUsageErrorListingTheSixNames) {
  const test::RunResult r = test::run_navlab("spawn '" + test::scene_path("spawn_panel.json") + "' --disable occupied");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("occupied"), std::string::npos) << r.err;
  for (const char* name : kCheckNames) EXPECT_NE(r.err.find(name), std::string::npos) << name;
}

TEST(CliSpawn, InputErrorsExitTwo) {
  EXPECT_EQ(test::run_navlab("spawn").exit_code, 2);
  EXPECT_EQ(test::run_navlab("spawn '" + test::temp_dir() + "/missing.json'").exit_code, 2);
  EXPECT_EQ(test::run_navlab("spawn '" + test::scene_path("graph_basic.json") + "'").exit_code, 2);
  const test::RunResult help = test::run_navlab("spawn --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--disable CHECK"), std::string::npos);
}

}  // namespace
}  // namespace navlab
