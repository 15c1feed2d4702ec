// The sentences of every stage, as `navlab plan --trace` prints them: one ordered list from locate to
// profile. Expected sentences and numbers are worked by hand from the seeds' examples.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "meshes.h"
#include "paths.h"
#include "plan.h"
#include "plan_steps.h"
#include "sum_text.h"

namespace navlab {
namespace {

std::vector<StepText> steps_of(const std::string& scene_name, int query = 0) {
  const test::Loaded l = test::load(scene_name);
  if (size_t(query) >= l.scene.queries.size()) return {};  // spawn scenes have no query
  const Query& q = l.scene.queries[size_t(query)];
  PlanTrace trace;
  plan(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}}, &trace);
  return plan_steps(trace, l.mesh);
}

std::vector<StepText> of_stage(const std::vector<StepText>& all, const std::string& stage) {
  std::vector<StepText> out;
  for (const StepText& s : all)
    if (s.stage == stage) out.push_back(s);
  return out;
}

const StepText* first_kind(const std::vector<StepText>& all, const std::string& stage, const std::string& kind) {
  for (const StepText& s : all)
    if (s.stage == stage && s.kind == kind) return &s;
  return nullptr;
}

TEST(PlanSteps, EveryStageInPipelineOrderNumberedFromOne) {
  const std::vector<StepText> all = steps_of("w4_funnel_corner.json");
  std::vector<std::string> seen;
  for (const StepText& s : all)
    if (seen.empty() || seen.back() != s.stage) seen.push_back(s.stage);
  const std::vector<std::string> pipeline = {"locate", "search", "funnel", "clearance", "turns", "profile"};
  EXPECT_EQ(seen, pipeline);
  for (const std::string& stage : pipeline) {
    const std::vector<StepText> st = of_stage(all, stage);
    for (size_t i = 0; i < st.size(); ++i) EXPECT_EQ(st[i].index, int(i) + 1) << stage;
  }
}

TEST(PlanSteps, SearchSaysWhenTheGoalIsReachedAndRebuildsTheCorridor) {
  // W2 (seed 002): Start->Hall 2, Hall->Door 2, Door->Goal 2: cost 6 (Dijkstra, h = 0).
  const std::vector<StepText> all = steps_of("w2_doors.json");
  const StepText* reached = first_kind(all, "search", "reached");
  ASSERT_NE(reached, nullptr);
  EXPECT_EQ(reached->text,
            "Goal reached: Goal was taken with cost 6; the corridor is rebuilt from the parents: Start, Hall, Door, "
            "Goal.");
  EXPECT_EQ(of_stage(all, "search").back().kind, "reached");
  const StepText* first = first_kind(all, "search", "relaxed");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->text,
            "From Start, Hall is seen for the first time: G 2 + H 0 = F 2; it joins the open list with parent Start.");
  const StepText* pop = first_kind(all, "search", "popped");
  ASSERT_NE(pop, nullptr);
  EXPECT_EQ(pop->text, "Take Start from the open list (the start): G 0 + H 0 = F 0; 0 nodes open, 1 node closed.");
}

TEST(PlanSteps, NoSentenceSaysInfinityOrReopenedOrRepeatsAPoint) {
  const std::regex point(R"(\(-?[0-9.]+, -?[0-9.]+\))");
  for (const std::string& file : test::navmesh_scene_files()) {
    const std::string name = file.substr(file.find_last_of('/') + 1);
    if (name == "mesh_level.json") continue;  // a 3D bake: slow, and its sentences are the same kinds
    SCOPED_TRACE(name);
    for (const StepText& s : steps_of(name)) {
      EXPECT_EQ(s.text.find("infinity"), std::string::npos) << s.text;
      EXPECT_EQ(s.text.find("(re)"), std::string::npos) << s.text;
      EXPECT_EQ(s.text.back(), '.') << s.text;
      if (s.kind != "coverage_failed") continue;
      std::vector<std::string> pts;
      for (auto it = std::sregex_iterator(s.text.begin(), s.text.end(), point); it != std::sregex_iterator(); ++it)
        pts.push_back(it->str());
      for (size_t i = 1; i < pts.size(); ++i) EXPECT_NE(pts[i], pts[i - 1]) << s.text;
    }
  }
}

TEST(PlanSteps, AnEmptyOpenListEndsAFailedSearch) {
  const std::vector<StepText> all = steps_of("fail_disconnected.json");
  const std::vector<StepText> search = of_stage(all, "search");
  ASSERT_FALSE(search.empty());
  EXPECT_EQ(search.back().kind, "open_empty");
  EXPECT_NE(search.back().text.find("The open list is empty"), std::string::npos) << search.back().text;
}

TEST(PlanSteps, GraphLocateNamesTheNodeAndItsPosition) {
  // w2_doors.json: Start is node 0 at (0, 0), Goal node 3 at (6, 0).
  const std::vector<StepText> loc = of_stage(steps_of("w2_doors.json"), "locate");
  ASSERT_EQ(loc.size(), 2u);
  EXPECT_EQ(loc[0].text, "Start is graph node Start (node 0) at (0, 0).");
  EXPECT_EQ(loc[1].text, "Goal is graph node Goal (node 3) at (6, 0).");
}

TEST(PlanSteps, NearestReachableExplainsItsSecondSearch) {
  const std::vector<StepText> all = steps_of("nearest_reachable.json");
  const StepText* re = first_kind(all, "search", "retarget");
  ASSERT_NE(re, nullptr);
  EXPECT_NE(re->text.find("a second search heads for"), std::string::npos) << re->text;
  EXPECT_NE(re->text.find("nearest reachable point"), std::string::npos) << re->text;
}

TEST(PlanSteps, FunnelStepsGiveCrossProductSignsAndSlopeIntervals) {
  // W4 (seed 000, portals counted from 1 as the seed counts them): apex (0,0), portal 1 left (1,1)
  // right (1,-1): slopes [-1, 1]. Pass: portal 2 right (2,2): cross((1,-1),(2,2)) = 4 >= 0, cross((1,1),(2,2)) = 0 <=
  // 0, slope 1.
  const std::vector<StepText> pass = of_stage(steps_of("w4_funnel_pass.json"), "funnel");
  ASSERT_GE(pass.size(), 3u);
  EXPECT_EQ(pass[2].text,
            "Portal 2, right end P = (2, 2), apex A = (0, 0): cross(R - A, P - A) = 4 >= 0 (inside the right side) and "
            "cross(L - A, P - A) = 0 <= 0 (not past the left side): the funnel narrows, right moves from (1, -1) to P. "
            "Slopes from the apex: funnel [-1, 1], P 1.");
  // Corner: portal 2 right (2,3): cross((1,1),(2,3)) = 1 > 0, slope 1.5 outside [-1, 1].
  const std::vector<StepText> corner = steps_of("w4_funnel_corner.json");
  const StepText* c = first_kind(corner, "funnel", "corner");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->text,
            "Portal 2, right end P = (2, 3), apex A = (0, 0): cross(L - A, P - A) = 1 > 0: P is past the left side, "
            "so L = (1, 1) becomes a corner; the apex moves there (portal 1). Slopes from the apex: funnel [-1, 1], "
            "P 1.50.");
}

TEST(PlanSteps, ProfileStepsNeverRunBackwardsAndBrakingGivesTheSum) {
  for (const char* name :
       {"w6_braking.json", "zero_clearance_stop_turn.json", "w5_joint_scaling.json", "default.json"}) {
    SCOPED_TRACE(name);
    double last = 0.0;
    for (const StepText& s : of_stage(steps_of(name), "profile")) {
      if (s.kind != "braking" && s.kind != "accelerating") continue;
      std::smatch m;
      const std::string t = s.text;
      ASSERT_TRUE(std::regex_search(t, m, std::regex(R"(at s ([0-9.]+) m to [0-9.]+ m/s at s ([0-9.]+) m)"))) << t;
      const double s0 = std::stod(m[1]), s1 = std::stod(m[2]);
      EXPECT_GE(s0, last - 1e-9) << t;
      EXPECT_GE(s1, s0) << t;
      last = s1;
    }
  }
  // W6: v = 4 m/s, dt = 0.1 s, b = 2 m/s²: v·dt = 0.4 m, v²/2b = 16/4 = 4.0 m, sum 4.4 m.
  const std::vector<StepText> w6 = steps_of("w6_braking.json");
  const StepText* react = first_kind(w6, "profile", "reaction");
  ASSERT_NE(react, nullptr);
  EXPECT_NE(react->text.find("braking begins at s 15.60 m"), std::string::npos) << react->text;
  EXPECT_NE(react->text.find("stopping takes 0.40 m + 4.00 m = 4.40 m (v·dt + v²/2b)"), std::string::npos)
      << react->text;
  const StepText* brake = first_kind(w6, "profile", "braking");
  ASSERT_NE(brake, nullptr);
  EXPECT_EQ(brake->text, "Brake at 2.00 m/s² from 4.00 m/s at s 16.00 m to 0.00 m/s at s 20.00 m for the goal.");
}

TEST(PlanSteps, JointScalingStatesTheOverlapAndTrimsThatAddUp) {
  // w5_joint_scaling.json: 45° corners sqrt(2) m apart, R 2: trims 2·tan(22.5°) = 0.83 each,
  // 1.66 - 1.41 = 0.24 m overlap; ratio sqrt(2) / 1.66 = 0.854; new trims 0.7071 each, written with
  // three decimals (0.707 + 0.707 = 1.414) because 0.71 + 0.71 would not make 1.41.
  const std::vector<StepText> all = steps_of("w5_joint_scaling.json");
  const StepText* s = first_kind(all, "turns", "scaled_with_partner");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->text,
            "Corners 1 and 2 share a 1.41 m segment, but their trims 0.83 m + 0.83 m = 1.66 m overlap by 0.24 m: "
            "both radii are scaled by 1.414 / 1.657 = 0.854, so corner 1's radius goes from 2.00 m to 1.71 m and the "
            "trims become 0.707 m + 0.707 m = 1.414 m.");
}

TEST(PlanSteps, SumsAreWrittenAtTheDecimalsWhereTheyAddUp) {
  // 0.2056 + 0.1856 = 0.3912: at two decimals 0.21 + 0.19 would not make 0.39, at three 0.206 + 0.186
  // would not make 0.391; four decimals add up.
  EXPECT_EQ(sum_text({0.2056, 0.1856}, " m"), "0.2056 m + 0.1856 m = 0.3912 m");
  EXPECT_EQ(sum_text({0.4, 4.0}, " m"), "0.40 m + 4.00 m = 4.40 m");
}

TEST(PlanSteps, StepReferencesParse) {
  const std::optional<StepRow> r = parse_step_row("funnel:3");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->stage, StageId::Funnel);
  EXPECT_EQ(r->index, 2);
  EXPECT_EQ(parse_step_row("clearance:1"), (StepRow{StageId::Clearance, 0}));
  for (const char* bad : {"funnel", "funnel:", ":3", "funnel:0", "funnel:x", "funnel:3x", "funnels:3", "Funnel:3"})
    EXPECT_FALSE(parse_step_row(bad)) << bad;
}

TEST(PlanSteps, EveryStageOfTheTableHasADistinctName) {
  std::set<std::string> names;
  for (const StageInfo& info : kStageTable) {
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_EQ(stage_from_string(info.name), info.id) << info.name;
    EXPECT_STREQ(to_string(info.id), info.name);
  }
  EXPECT_EQ(stage_names(), "bake, locate, search, funnel, clearance, turns, profile, channel, spline or polyanya");
}

TEST(PlanSteps, ClearanceCountsItsShrunkPortalsThenItsFunnelIterations) {
  // w4_funnel_corner.json: three portals (two shared edges and the goal's) are shrunk, then the funnel
  // runs through them: one row per shrink, then one per funnel iteration, numbered on from the shrinks.
  const test::Loaded l = test::load("w4_funnel_corner.json");
  const Query& q = l.scene.queries.at(0);
  PlanTrace trace;
  plan(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}}, &trace);
  const size_t shrinks = trace.motion.clearance.steps.size(), iterations = trace.motion.clearance.funnel.steps.size();
  ASSERT_EQ(shrinks, 3u);
  ASSERT_GT(iterations, 0u);
  const std::vector<StepText> rows = of_stage(plan_steps(trace, l.mesh), "clearance");
  ASSERT_EQ(rows.size(), shrinks + iterations);
  EXPECT_EQ(rows[shrinks - 1].kind, "shrink");
  EXPECT_NE(rows[shrinks].kind, "shrink");
  EXPECT_EQ(rows[shrinks].index, int(shrinks) + 1);
  EXPECT_EQ(rows[shrinks].text, trace.motion.clearance.funnel.steps[0].describe());
  EXPECT_EQ(clearance_funnel_index(trace, int(shrinks)), 0);
  EXPECT_EQ(clearance_funnel_index(trace, int(shrinks) - 1), -1);
}

}  // namespace
}  // namespace navlab
