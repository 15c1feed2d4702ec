// The numbers the lessons read out are the tool's: every decimal number in a question slide's question
// and answer, and in a compare slide's text, is one the planner gives for that slide (a step's sentence,
// a length, a cost, a time), and the counts and names the answers give are checked against the plan.
// A change to a stage's numbers (the speed profile's, say) shows up here, not in a classroom.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "compare_methods.h"
#include "lesson.h"
#include "lesson_toggles.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"
#include "plan_optimal.h"
#include "plan_steps.h"
#include "portals.h"
#include "spawn.h"

namespace navlab {
namespace {

std::string lesson_path(const std::string& name) { return test::source_dir() + "/scenes/lessons/" + name; }

struct SlidePlan {
  Scene scene;
  NavMesh mesh;
  PlanResult result;
  PlanTrace trace;
};

// The slide's scene with its toggles, planned for its query with `search` (default: the scene's).
SlidePlan plan_slide(const LessonSlide& s, const std::optional<CompareMethod>& method = std::nullopt) {
  SlidePlan p;
  Result<Scene> scene = load_scene(s.scene);
  EXPECT_TRUE(scene.ok()) << scene.error();
  p.scene = scene.value();
  apply_slide_toggles(s, p.scene);
  if (method) {
    p.scene.search.algorithm = method->kind == CompareMethod::Kind::Dijkstra ? Algorithm::Dijkstra : Algorithm::AStar;
    if (method->weight) p.scene.search.heuristic_scale = *method->weight;
  }
  Result<NavMesh> mesh = build_navmesh(p.scene);
  EXPECT_TRUE(mesh.ok()) << mesh.error();
  p.mesh = std::move(mesh).value();
  if (s.query < 0) return p;
  const Query& q = p.scene.queries.at(size_t(s.query));
  p.result = plan(p.scene, p.mesh, PlanRequest{q.start, q.goal, {}}, &p.trace);
  return p;
}

std::string fixed(double v, int decimals = 2) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// What the tool says about a plan: every step's sentence and its lengths, costs and times.
std::string tool_words(const SlidePlan& p) {
  std::string all;
  for (const StepText& t : plan_steps(p.trace, p.mesh)) all += t.text + "\n";
  const PlanResult& r = p.result;
  for (double v :
       {r.funnel.length, r.midpoint_length, r.search.cost, r.motion.profile.total_time, r.motion.profile.length})
    all += fixed(v) + " ";
  // The shortest path: its length, each of its legs, and how much shorter than the funnel's it is (m and
  // per cent of the funnel's, as the funnel panel says).
  PolyanyaTrace exact;
  if (const auto o = optimal_for(p.scene, p.mesh, r, {}, &exact); o && o->status == Status::Complete) {
    all += fixed(o->length) + " " + fixed(r.funnel.length - o->length) + " " +
           fixed((r.funnel.length - o->length) / r.funnel.length * 100.0, 1) + " ";
    for (size_t i = 0; i + 1 < o->path.size(); ++i) all += fixed(distance(o->path[i], o->path[i + 1])) + " ";
  }
  return all;
}

// The decimal numbers of a text ("1.85", "0.854").
std::vector<std::string> decimals(const std::string& text) {
  std::vector<std::string> out;
  const std::regex number(R"((\d+\.\d+))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// A decimal number is the tool's when the tool writes it, or writes it with more digits.
bool tool_says(const std::string& tool, const std::string& n) {
  return tool.find(n) != std::string::npos || tool.find(n + "0") != std::string::npos;
}

TEST(LessonNumbers, QuestionsAndCompareSlidesReadTheToolsNumbers) {
  int checked = 0;
  for (const std::string& f : lesson_files(test::source_dir() + "/scenes/lessons")) {
    const Result<Lesson> l = load_lesson(f);
    ASSERT_TRUE(l.ok()) << l.error();
    for (const LessonSlide& s : l->slides) {
      if (s.side || s.query < 0 || (s.question.empty() && !s.compare)) continue;
      SCOPED_TRACE(f + ": " + s.title);
      std::string tool = tool_words(plan_slide(s));
      if (s.compare)
        for (const CompareMethod& m : {s.compare->first, s.compare->second}) {
          if (m.searches()) tool += tool_words(plan_slide(s, m));
          if (m.weight) tool += " weight " + fixed(*m.weight, 1);
        }
      for (const std::string& n : decimals(s.question + " " + s.text)) {
        EXPECT_TRUE(tool_says(tool, n)) << n << " is not one of the tool's numbers for this slide:\n" << tool;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 20);
}

const LessonSlide& slide_titled(const Lesson& l, const std::string& title) {
  for (const LessonSlide& s : l.slides)
    if (s.title == title) return s;
  ADD_FAILURE() << "no slide '" << title << "' in " << l.path;
  return l.slides.front();
}

Lesson lesson(const std::string& name) {
  Result<Lesson> l = load_lesson(lesson_path(name));
  EXPECT_TRUE(l.ok()) << l.error();
  return l.value();
}

// The record the slide's step names ("search:4": the 4th search record).
const SearchStep& search_step(const SlidePlan& p, const std::string& step) {
  return p.trace.search.steps.at(size_t(std::stoi(step.substr(step.find(':') + 1)) - 1));
}

TEST(LessonNumbers, TheSearchQuestionsAnswerWithTheNodeTaken) {
  const Lesson l = lesson("02_dijkstra_and_astar.json");
  struct Case {
    const char* title;
    const char* taken;
  } cases[] = {{"Which node does Dijkstra take next?", "Hall"},
               {"A tie broken by insertion order", "Balcony"},
               {"A* never takes Balcony", "Goal"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.title);
    const LessonSlide& s = slide_titled(l, c.title);
    const SlidePlan p = plan_slide(s);
    const SearchStep& answer = search_step(p, s.step);
    EXPECT_EQ(answer.kind, SearchStep::Kind::Popped);
    EXPECT_EQ(node_label(p.mesh, answer.node), c.taken);
    EXPECT_EQ(s.text.rfind(c.taken, 0), 0u) << "the answer starts with the node taken: " << s.text;
  }
}

TEST(LessonNumbers, TheCompareSlidesCountTheNodesEachSearchExpands) {
  const Lesson two = lesson("02_dijkstra_and_astar.json");
  const LessonSlide& s = slide_titled(two, "Side by side: Dijkstra and A*");
  const int dijkstra = plan_slide(s, s.compare->first).result.search.expanded;
  const int astar = plan_slide(s, s.compare->second).result.search.expanded;
  EXPECT_EQ(dijkstra, 5);  // the words the slide uses: "five" and "four"
  EXPECT_EQ(astar, 4);
  EXPECT_NE(s.text.find("five"), std::string::npos);
  EXPECT_NE(s.text.find("four"), std::string::npos);

  // The heuristic lesson: weight 1.5 settles for the longer way, weight 0 expands five nodes.
  const Lesson twelve = lesson("12_heuristic_weight.json");
  const LessonSlide& w15 = slide_titled(twelve, "Weight 1.5");
  const SlidePlan one = plan_slide(w15, w15.compare->first), heavy = plan_slide(w15, w15.compare->second);
  EXPECT_DOUBLE_EQ(*w15.compare->second.weight, 1.5);
  EXPECT_GT(heavy.result.search.cost, one.result.search.cost);
  EXPECT_NE(w15.text.find("cost " + fixed(heavy.result.search.cost)), std::string::npos) << w15.text;
  std::vector<std::string> route;
  for (int n : heavy.result.search.corridor) route.push_back(node_label(heavy.mesh, n));
  EXPECT_EQ(route, (std::vector<std::string>{"Start", "High", "Goal"}));
  const LessonSlide& w0 = slide_titled(twelve, "Weight 0 is Dijkstra");
  EXPECT_EQ(plan_slide(w0, w0.compare->first).result.search.expanded, 5);
  EXPECT_EQ(plan_slide(w0, w0.compare->second).result.search.expanded, 3);
  EXPECT_NE(w0.text.find("Five nodes expanded against three"), std::string::npos);
}

TEST(LessonNumbers, TheRouteAndFailureAnswersAreThePlans) {
  const Lesson seven = lesson("07_doors_and_replanning.json");
  const LessonSlide& closed = slide_titled(seven, "W2: close the door");
  const SlidePlan p = plan_slide(closed);
  std::string route;
  for (int n : p.result.search.corridor) route += (route.empty() ? "" : ", ") + node_label(p.mesh, n);
  EXPECT_NE(closed.text.find(route + " at cost " + fixed(p.result.search.cost, 0)), std::string::npos)
      << route << " / " << closed.text;

  const Lesson three = lesson("03_failure_reasons.json");
  const LessonSlide& islands = slide_titled(three, "disconnected: the open list runs empty");
  const SlidePlan q = plan_slide(islands);
  ASSERT_TRUE(q.result.failure);
  EXPECT_EQ(islands.text.rfind(std::string("Disconnected"), 0), 0u);
  EXPECT_STREQ(to_string(q.result.failure->reason), "disconnected");
}

TEST(LessonNumbers, TheSpawnQuestionNamesTheCheckThatRejects) {
  const Lesson eight = lesson("08_spawn_checks.json");
  const LessonSlide& s = slide_titled(eight, "Candidate P3");
  const SlidePlan p = plan_slide(s);
  Result<SpawnValidator> v = SpawnValidator::create(p.scene, p.mesh);
  ASSERT_TRUE(v.ok()) << v.error();
  for (const SpawnCandidate& c : p.scene.spawn.candidates) {
    if (c.name != "P3") continue;
    const SpawnVerdict verdict = v.value().validate(c, SpawnOptions{});
    ASSERT_TRUE(verdict.reason);
    EXPECT_EQ(*verdict.reason, SpawnCheck::Occupancy);
    EXPECT_EQ(s.text.rfind("Dynamic occupancy", 0), 0u) << s.text;
  }
}

}  // namespace
}  // namespace navlab
