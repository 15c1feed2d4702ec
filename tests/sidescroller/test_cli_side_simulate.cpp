// `navlab simulate` on a side-scroller scene prints exactly {"enemies": [{"id", "steps": [{"t", "pos",
// "vel", "moving", "arrived", "blocked", "state"}]}]}; `plan` on it is a clear input error; `validate`
// accepts it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "paths.h"
#include "scene_reader.h"  // navlab::Json

namespace navlab {
namespace {

std::vector<std::string> keys(const Json& obj) {
  std::vector<std::string> out;
  for (const auto& item : obj.items()) out.push_back(item.key());
  return out;
}

TEST(CliSideSimulate, PrintsEveryEnemysStepsWithExactlyTheContractsKeys) {
  const auto r = test::run_navlab("simulate '" + test::scene_path("sidescroller.json") + "' --max-time 8");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json doc = Json::parse(r.out, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << r.out;
  EXPECT_EQ(keys(doc), std::vector<std::string>{"enemies"});
  const std::vector<std::string> ids{"pacer", "wanderer", "patrol", "chaser", "rusher", "bat", "plant"};
  ASSERT_EQ(doc["enemies"].size(), ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    const Json& e = doc["enemies"][i];
    EXPECT_EQ(keys(e), (std::vector<std::string>{"id", "steps"}));
    EXPECT_EQ(e["id"], ids[i]);
    ASSERT_EQ(e["steps"].size(), 161u);  // t = 0 and 160 ticks of 0.05 s
    EXPECT_EQ(e["steps"][160]["t"], 8.0);
    for (const Json& s : e["steps"]) {
      ASSERT_EQ(keys(s), (std::vector<std::string>{"t", "pos", "vel", "moving", "arrived", "blocked", "state"}));
      ASSERT_EQ(s["pos"].size(), 2u);
      ASSERT_TRUE(s["moving"].is_boolean());
    }
  }
  // The scene's story, read off the records: the chaser (2.5 m/s = 0.125 m per tick, stopping distance
  // 0.5 m) walks 4.5 m from x = 27 to 22.5, half a metre from the player at 22 (tick 36), and has caught
  // it on tick 37; at t = 4 s (tick 81) the player jumps across the gap and the chaser walks 7 m to the
  // left edge of its ground (x = 15 + 0.5, 56 ticks: tick 136), is blocked there on tick 137 and stays.
  const Json& chaser = doc["enemies"][3]["steps"];
  EXPECT_EQ(chaser[36]["pos"], Json::array({22.5, 1.0}));
  EXPECT_EQ(chaser[36]["state"], "chasing");
  EXPECT_EQ(chaser[37]["state"], "caught");
  EXPECT_EQ(chaser[80]["state"], "caught");
  EXPECT_EQ(chaser[136]["pos"], Json::array({15.5, 1.0}));
  EXPECT_EQ(chaser[136]["state"], "chasing");
  EXPECT_EQ(chaser[137]["state"], "at_edge");
  EXPECT_EQ(chaser[160]["state"], "at_edge");
  EXPECT_EQ(chaser[160]["pos"], Json::array({15.5, 1.0}));
  EXPECT_EQ(chaser[160]["blocked"], true);
  // The plant has no navigator: it stands where it was put.
  for (const Json& s : doc["enemies"][6]["steps"]) EXPECT_EQ(s["pos"], Json::array({0.5, 1.0}));
}

TEST(CliSideSimulate, DtAndMaxTimeSetTheTicks) {
  const auto r = test::run_navlab("simulate '" + test::scene_path("sidescroller.json") + "' --dt 0.1 --max-time 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json doc = Json::parse(r.out);
  EXPECT_EQ(doc["enemies"][0]["steps"].size(), 11u);
  EXPECT_EQ(doc["enemies"][0]["steps"][3]["t"], 0.3);
}

TEST(CliSideSimulate, NavmeshOptionsAreUsageErrors) {
  const auto r = test::run_navlab("simulate '" + test::scene_path("sidescroller.json") + "' --query 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--query is for navmesh scenes"), std::string::npos) << r.err;
}

TEST(CliSideSimulate, PlanOnASideScrollerSceneIsAClearError) {
  const std::string path = test::scene_path("sidescroller.json");
  const auto r = test::run_navlab("plan '" + path + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, path + ": a side-scroller scene has no navmesh (its enemies walk the solids: navlab simulate)\n");
}

TEST(CliSideSimulate, ValidateAcceptsIt) {
  const std::string path = test::scene_path("sidescroller.json");
  const auto r = test::run_navlab("validate '" + path + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, path + ": ok (side-scroller, 7 enemies, 5 solids)\n");
}

}  // namespace
}  // namespace navlab
