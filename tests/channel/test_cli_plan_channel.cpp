// `navlab plan SCENE --smoothing channel`: the "channel" and "spline" members of DESIGN §5 and the
// profile along the spline, end to end on the default scene.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "paths.h"

namespace navlab {
namespace {

using Json = nlohmann::json;

Json plan(const std::string& args, int* code = nullptr) {
  const test::RunResult r = test::run_navlab("plan " + args);
  if (code) *code = r.exit_code;
  return Json::parse(r.out, nullptr, false);
}

std::string scene(const std::string& name) { return "'" + test::scene_path(name) + "'"; }

double dist(const Json& a, const Json& b) {
  return std::hypot(a[0].get<double>() - b[0].get<double>(), a[1].get<double>() - b[1].get<double>());
}

TEST(CliPlanChannel, DefaultSceneGivesGatesAndASplineOfSegmentsAndArcs) {
  int code = -1;
  const Json out = plan(scene("default.json") + " --smoothing channel", &code);
  ASSERT_TRUE(out.is_object());
  ASSERT_EQ(out["results"].size(), 4u);
  for (const Json& r : out["results"]) {
    ASSERT_TRUE(r.contains("channel")) << r.dump();
    ASSERT_TRUE(r.contains("spline"));
    const Json& ch = r["channel"];
    EXPECT_GE(ch["channels"].get<int>(), 1);
    for (const Json& g : ch["gates"]) {
      ASSERT_EQ(g.size(), 2u);
      ASSERT_EQ(g[0].size(), 2u);
    }
    const Json& sp = r["spline"];
    const std::string mode = sp["mode"];
    EXPECT_TRUE(mode == "optimal" || mode == "suboptimal" || mode == "degraded") << mode;
    double len = 0.0;
    const Json* prev = nullptr;
    for (const Json& p : sp["pieces"]) {
      if (prev) {
        EXPECT_LT(dist((*prev)["to"], p["from"]), 1e-9);
      }
      if (p["kind"] == "segment") {
        len += dist(p["from"], p["to"]);
      } else {
        ASSERT_EQ(p["kind"], "arc");
        const double r0 = dist(p["center"], p["from"]), r1 = dist(p["center"], p["to"]);
        EXPECT_NEAR(r0, p["radius"].get<double>(), 1e-9);
        EXPECT_NEAR(r1, p["radius"].get<double>(), 1e-9);
        EXPECT_TRUE(p["ccw"].is_boolean());
      }
      prev = &p;
    }
    EXPECT_GE(sp["length"].get<double>(), r["length"].get<double>() - 1e-9);  // never shorter than the funnel
    EXPECT_GE(sp["length"].get<double>(), len - 1e-9);
    EXPECT_NEAR(r["profile"]["length"].get<double>(), sp["length"].get<double>(), 1e-9);
    EXPECT_EQ(dist(sp["pieces"][0]["from"], r["corners"][0]), 0.0);
  }
}

TEST(CliPlanChannel, TraceAddsTheChannelAndSplineStepsAfterTheProfile) {
  // The basic floor plan's channel: one channel of 7 gates (placed, then each of the 6 sections
  // checked), its spline fitted in optimal mode.
  const Json out = plan(scene("floorplan_basic.json") + " --smoothing channel --trace");
  ASSERT_TRUE(out.is_object());
  const Json& r = out["results"][0];
  const Json& steps = r["steps"];
  const size_t gates = r["channel"]["gates"].size();
  ASSERT_EQ(gates, 7u);
  std::vector<std::string> stages;
  int placed = 0, checked = 0, channel = 0, spline = 0;
  for (const Json& s : steps) {
    const std::string stage = s["stage"];
    if (stages.empty() || stages.back() != stage) stages.push_back(stage);
    if (stage == "channel") {
      EXPECT_EQ(s["index"], ++channel);
    }
    if (stage == "spline") {
      EXPECT_EQ(s["index"], ++spline);
    }
    placed += s["kind"] == "gate_placed";
    checked += s["kind"] == "section_checked";
  }
  EXPECT_EQ(stages, (std::vector<std::string>{"locate", "search", "funnel", "clearance", "turns", "profile", "channel",
                                              "spline"}));
  EXPECT_EQ(placed, int(gates));
  EXPECT_EQ(checked, int(gates) - 1);
  EXPECT_EQ(steps.back()["kind"], "mode_chosen");
  EXPECT_EQ(
      steps.back()["text"].get<std::string>().rfind("Spline mode " + r["spline"]["mode"].get<std::string>() + ":", 0),
      0u)
      << steps.back()["text"];
  const Json plain = plan(scene("floorplan_basic.json") + " --trace");  // arcs only: no channel rows
  for (const Json& s : plain["results"][0]["steps"]) EXPECT_NE(s["stage"], "channel");
}

TEST(CliPlanChannel, WithoutTheOptionThereIsNoChannelAndABadValueIsAUsageError) {
  const Json out = plan(scene("default.json") + " --query 0");
  ASSERT_TRUE(out.is_object());
  EXPECT_FALSE(out["results"][0].contains("channel"));
  EXPECT_FALSE(out["results"][0].contains("spline"));
  const test::RunResult bad = test::run_navlab("plan " + scene("default.json") + " --smoothing splines");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--smoothing"), std::string::npos);
}

}  // namespace
}  // namespace navlab
