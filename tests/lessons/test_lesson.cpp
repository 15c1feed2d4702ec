// Lesson files: every lesson under scenes/lessons/ loads with every slide's scene, query, toggles and
// step checked; a bad lesson gives one error with FILE:LINE:COL and the JSON pointer.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "format.h"
#include "compare_methods.h"
#include "lesson.h"
#include "meshes.h"
#include "paths.h"
#include "plan.h"
#include "plan_optimal.h"

namespace navlab {
namespace {

std::string lessons_dir() { return test::source_dir() + "/scenes/lessons"; }

TEST(Lesson, TenLessonsCoverThePipelineAndAllLoad) {
  const std::vector<std::string> files = lesson_files(lessons_dir());
  ASSERT_GE(files.size(), 10u);
  std::set<std::string> stages;
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    const Result<Lesson> l = load_lesson(f);
    ASSERT_TRUE(l.ok()) << l.error();
    EXPECT_FALSE(l->title.empty());
    EXPECT_GE(l->slides.size(), 3u);
    for (const LessonSlide& s : l->slides) {
      EXPECT_FALSE(s.title.empty());
      EXPECT_FALSE(s.text.empty());
      stages.insert(s.step.substr(0, s.step.find(':')));
    }
  }
  for (const char* stage : {"search", "funnel", "turns", "profile", "end"}) EXPECT_TRUE(stages.count(stage)) << stage;
}

TEST(Lesson, EightQuestionSlidesAndCompareSlidesAcrossTheLessons) {
  int questions = 0, compares = 0, notes = 0;
  std::set<std::string> panels, methods;
  for (const std::string& f : lesson_files(lessons_dir())) {
    const Result<Lesson> l = load_lesson(f);
    ASSERT_TRUE(l.ok()) << l.error();
    for (const LessonSlide& s : l->slides) {
      if (!s.question.empty()) {
        ++questions;
        EXPECT_NE(s.question.back(), '.') << "a question asks: " << s.question;
      }
      notes += !s.notes.empty();
      if (s.compare) {
        ++compares;
        methods.insert(to_string(s.compare->first));
        methods.insert(to_string(s.compare->second));
      }
      panels.insert(s.panels.begin(), s.panels.end());
      // No source document's number in what the class reads.
      for (const std::string* t : {&s.title, &s.text, &s.question, &s.notes})
        EXPECT_EQ(t->find("seed"), std::string::npos) << *t;
    }
  }
  EXPECT_GE(questions, 8);
  EXPECT_GE(notes, 5);
  EXPECT_GE(compares, 4);
  for (const char* m :
       {"astar", "dijkstra", "astar@1.5", "astar@0", "midpoints", "funnel", "arcs", "channel", "polyanya"})
    EXPECT_TRUE(methods.count(m)) << m;
  for (const char* p : {"profile", "gfh", "failure", "legend"}) EXPECT_TRUE(panels.count(p)) << p;
}

TEST(Lesson, SlidesReadQuestionNotesPanelsCompareAndSubject) {
  const std::string path = test::temp_dir() + "/format_lesson.json";
  test::write_text(path,
                   "{\"navlab_lesson\": 1, \"title\": \"t\", \"slides\": [\n"
                   "  {\"scene\": \"" +
                       test::scene_path("w2_doors.json") +
                       "\", \"question\": \"Which way?\", \"notes\": \"n\", \"panels\": [\"gfh\", \"legend\"], "
                       "\"compare\": \"astar@1.5:dijkstra\", \"subject\": {\"nodes\": [\"Hall\"], \"doors\": "
                       "[\"hall_door\"], \"points\": [[1, 2]], \"route\": true}}]}\n");
  const Result<Lesson> l = load_lesson(path);
  ASSERT_TRUE(l.ok()) << l.error();
  const LessonSlide& s = l->slides.at(0);
  EXPECT_EQ(s.question, "Which way?");
  EXPECT_EQ(s.notes, "n");
  EXPECT_EQ(s.panels, (std::vector<std::string>{"gfh", "legend"}));
  ASSERT_TRUE(s.compare);
  EXPECT_EQ(s.compare->first.kind, CompareMethod::Kind::AStar);
  EXPECT_DOUBLE_EQ(*s.compare->first.weight, 1.5);
  EXPECT_EQ(s.compare->second.kind, CompareMethod::Kind::Dijkstra);
  EXPECT_FALSE(s.compare->second.weight);
  EXPECT_EQ(s.subject.nodes, std::vector<std::string>{"Hall"});
  EXPECT_EQ(s.subject.doors, std::vector<std::string>{"hall_door"});
  ASSERT_EQ(s.subject.points.size(), 1u);
  EXPECT_EQ(s.subject.points[0].y, 2.0);
  EXPECT_TRUE(s.subject.route);
}

TEST(Lesson, CompareSpecsAreReadStrictly) {
  EXPECT_TRUE(parse_compare("arcs:channel"));
  EXPECT_TRUE(parse_compare("astar@0:astar@1"));
  for (const char* bad : {"astar", "astar:", ":dijkstra", "astar:dijkstra:funnel", "dijkstra@2:astar",
                          "astar@-1:funnel", "astar@1e3:funnel", "astar@:funnel", "Astar:funnel", "astar :funnel"}) {
    const auto read = parse_compare(bad);
    EXPECT_FALSE(read) << bad;
    EXPECT_NE(read.error().find("expected A:B"), std::string::npos) << read.error();
  }
}

TEST(Lesson, SlidesReadTheirToggles) {
  const Result<Lesson> l = load_lesson(lessons_dir() + "/07_doors_and_replanning.json");
  ASSERT_TRUE(l.ok()) << l.error();
  const LessonSlide& closed = l->slides.at(1);
  ASSERT_EQ(closed.doors.size(), 1u);
  EXPECT_EQ(closed.doors[0], (std::pair<std::string, bool>{"hall_door", false}));
  EXPECT_EQ(closed.step, "end");
  EXPECT_NE(closed.scene.find("w2_doors.json"), std::string::npos);
}

TEST(Lesson, SlidesReadTheShortestPathAndChannelToggles) {
  const Result<Lesson> channel = load_lesson(lessons_dir() + "/09_channel_and_spline.json");
  ASSERT_TRUE(channel.ok()) << channel.error();
  EXPECT_FALSE(channel->slides.at(0).channel);
  EXPECT_TRUE(channel->slides.at(1).channel);
  EXPECT_FALSE(channel->slides.at(1).optimal);
  const Result<Lesson> shortest = load_lesson(lessons_dir() + "/10_the_shortest_path.json");
  ASSERT_TRUE(shortest.ok()) << shortest.error();
  EXPECT_FALSE(shortest->slides.at(2).optimal);
  EXPECT_TRUE(shortest->slides.at(3).optimal);
  EXPECT_NE(shortest->slides.at(3).scene.find("corridor_not_shortest.json"), std::string::npos);
}

// Lesson 10 compares the corridor's path with the shortest in length and in time: every number its
// slides quote about the two is the tool's (plan() with A*, plan_optimal() with Polyanya).
TEST(Lesson, TheShortestPathLessonQuotesTheToolsLengthsAndTimes) {
  const Result<Lesson> l = load_lesson(lessons_dir() + "/10_the_shortest_path.json");
  ASSERT_TRUE(l.ok()) << l.error();
  std::string text;
  for (const LessonSlide& s : l->slides) text += s.text + "\n";
  const test::Loaded scene = test::load("corridor_not_shortest.json");
  const Query& q = scene.scene.queries.at(0);
  const PlanResult astar = plan(scene.scene, scene.mesh, PlanRequest{q.start, q.goal, {}});
  const PlanResult shortest = plan_optimal(scene.scene, scene.mesh, PlanRequest{q.start, q.goal, {}}).plan;
  ASSERT_EQ(astar.status, Status::Complete);
  ASSERT_EQ(shortest.status, Status::Complete);
  const auto quoted = [&](const std::string& s) { EXPECT_NE(text.find(s), std::string::npos) << s; };
  quoted(fmt("the corridor's %.0f m path takes %.2f s", astar.funnel.length, astar.motion.profile.total_time));
  quoted(fmt("the shortest path %.2f s", shortest.motion.profile.total_time));
  quoted(fmt("= %.2f m", shortest.funnel.length));
  EXPECT_LT(shortest.motion.profile.total_time, astar.motion.profile.total_time);
  // Each top corner of the wall: two bends 6 cm apart taken as one arc of 1 m, whose limit is 1.41 m/s.
  const std::vector<Turn>& turns = shortest.motion.turns.path.turns;
  ASSERT_EQ(turns.size(), 2u);
  for (const Turn& t : turns) {
    ASSERT_EQ(t.kind, TurnKind::Arc);
    ASSERT_EQ(t.last_corner, t.corner + 1);
    const std::vector<Vec2>& pts = shortest.motion.clearance.path.points;
    quoted(fmt("bends twice, %.0f cm apart", 100.0 * distance(pts[size_t(t.corner)], pts[size_t(t.last_corner)])));
    quoted(fmt("one arc of %.0f m", t.radius));
    quoted(fmt("slows to %.2f m/s",
               std::sqrt(std::min(scene.scene.agent.lateral_accel, scene.scene.agent.max_accel) * t.radius)));
  }
}

TEST(Lesson, SideScrollerSlidesReadTheirTimeAndEnemy) {
  const std::string path = test::temp_dir() + "/side_lesson.json";
  test::write_text(path,
                   "{\"navlab_lesson\": 1, \"title\": \"side\", \"slides\": [\n"
                   "  {\"scene\": \"" +
                       test::scene_path("sidescroller.json") +
                       "\", \"step\": \"t:2.5\", \"enemy\": \"chaser\"},\n"
                       "  {\"scene\": \"" +
                       test::scene_path("sidescroller.json") + "\"}]}\n");
  const Result<Lesson> l = load_lesson(path);
  ASSERT_TRUE(l.ok()) << l.error();
  const LessonSlide& at = l->slides.at(0);
  EXPECT_TRUE(at.side);
  EXPECT_EQ(at.query, -1);
  EXPECT_DOUBLE_EQ(at.side_time, 2.5);
  EXPECT_EQ(at.enemy, "chaser");
  const LessonSlide& end = l->slides.at(1);
  EXPECT_TRUE(end.side);
  EXPECT_EQ(end.step, "end");
  EXPECT_DOUBLE_EQ(end.side_time, -1.0);
  EXPECT_EQ(end.enemy, "pacer");  // the scene's first enemy
}

TEST(Lesson, TheShortestPathAndChannelNeedPolygons) {
  for (const char* key : {"optimal", "channel"}) {
    const std::string path = test::temp_dir() + "/graph_lesson.json";
    test::write_text(path, "{\n  \"navlab_lesson\": 1,\n  \"title\": \"graph\",\n  \"slides\": [\n    {\"scene\": \"" +
                               test::scene_path("graph_basic.json") + "\", \"toggles\": {\"" + key +
                               "\": true}}\n  ]\n}\n");
    const Result<Lesson> l = load_lesson(path);
    ASSERT_FALSE(l.ok()) << key;
    EXPECT_NE(l.error().find(path + ":5:"), std::string::npos) << l.error();
    EXPECT_NE(l.error().find(std::string("/slides/0/toggles/") + key + ": expected false or absent"), std::string::npos)
        << l.error();
  }
}

struct BadCase {
  const char* slide;     // the one slide of the lesson
  const char* expected;  // part of the error message
};

TEST(Lesson, BadSlidesGiveOneErrorWithPositionAndPointer) {
  const std::string scene = test::scene_path("w4_funnel_corner.json");
  const BadCase cases[] = {
      {R"({"title": "t", "text": "x"})", "/slides/0/scene: expected a scene file"},
      {R"({"scene": "no_such.json"})", "/slides/0/scene: expected a scene that loads"},
      {R"({"scene": "SCENE", "query": 7})", "/slides/0/query: expected a query index (0..0)"},
      {R"({"scene": "SCENE", "step": "funnel:99"})", "/slides/0/step: expected a step the plan has ("},
      {R"({"scene": "SCENE", "step": "walk:1"})", "/slides/0/step: expected \"STAGE:N\""},
      {R"({"scene": "SCENE", "toggles": {"doors": {"nope": true}}})",
       "/slides/0/toggles/doors/nope: expected a door id"},
      {R"({"scene": "SCENE", "toggles": {"agent": {"speed": 2}}})", "/slides/0/toggles/agent"},
      {R"({"scene": "SCENE", "camera": {"center": [0, 0]}})", "/slides/0/camera/scale: expected pixels per metre"},
      {R"({"scene": "SIDE", "step": "t:20.5"})", "/slides/0/step: expected \"t:SECONDS\" (0 to 20) or \"end\""},
      {R"({"scene": "SIDE", "step": "t:-1"})", "/slides/0/step: expected \"t:SECONDS\""},
      {R"({"scene": "SIDE", "step": "funnel:1"})", "/slides/0/step: expected \"t:SECONDS\""},
      {R"({"scene": "SIDE", "enemy": "ghost"})", "/slides/0/enemy: expected an enemy id of the scene, got 'ghost'"},
      {R"({"scene": "SIDE", "query": 0})", "/slides/0/query: expected absent: a side-scroller slide"},
      {R"({"scene": "SIDE", "camera": "fit"})", "/slides/0/camera: expected absent: a side-scroller slide"},
      {R"({"scene": "SCENE", "enemy": "pacer"})", "/slides/0/enemy: expected absent: only a side-scroller slide"},
      {R"({"scene": "SCENE", "panels": ["map"]})",
       "/slides/0/panels/0: expected a panel: profile, gfh, failure or legend"},
      {R"({"scene": "SCENE", "panels": "gfh"})", "/slides/0/panels: expected an array of panel names"},
      {R"({"scene": "SCENE", "compare": "astar:bfs"})", "/slides/0/compare: expected A:B with A and B among"},
      {R"({"scene": "GRAPH", "compare": "astar:funnel"})",
       "/slides/0/compare: expected astar or dijkstra: a graph scene"},
      {R"({"scene": "SCENE", "question": 3})", "/slides/0/question: expected the slide's question"},
      {R"({"scene": "SCENE", "subject": {"doors": ["nope"]}})",
       "/slides/0/subject/doors/0: expected a door id of the scene"},
      {R"({"scene": "GRAPH", "subject": {"nodes": ["Nowhere"]}})",
       "/slides/0/subject/nodes/0: expected a node id of the graph"},
      {R"({"scene": "SCENE", "subject": {"nodes": [-1]}})", "/slides/0/subject/nodes/0: expected a polygon index"},
      {R"({"scene": "SIDE", "panels": ["gfh"]})", "/slides/0/panels: expected absent: a side-scroller slide"},
  };
  for (const BadCase& c : cases) {
    std::string slide = c.slide;
    if (const size_t at = slide.find("SCENE"); at != std::string::npos) slide.replace(at, 5, scene);
    if (const size_t at = slide.find("SIDE"); at != std::string::npos)
      slide.replace(at, 4, test::scene_path("sidescroller.json"));
    if (const size_t at = slide.find("GRAPH"); at != std::string::npos)
      slide.replace(at, 5, test::scene_path("w2_doors.json"));
    const std::string path = test::temp_dir() + "/bad_lesson.json";
    test::write_text(path,
                     "{\n  \"navlab_lesson\": 1,\n  \"title\": \"bad\",\n  \"slides\": [\n    " + slide + "\n  ]\n}\n");
    const Result<Lesson> l = load_lesson(path);
    ASSERT_FALSE(l.ok()) << c.slide;
    EXPECT_NE(l.error().find(path + ":5:"), std::string::npos) << l.error();
    EXPECT_NE(l.error().find(c.expected), std::string::npos) << l.error();
  }
}

TEST(Lesson, NotJsonGivesLineAndColumn) {
  const std::string path = test::temp_dir() + "/broken_lesson.json";
  test::write_text(path, "{\n  \"navlab_lesson\": 1,\n  \"slides\": [\n    {\"scene\": }\n  ]\n}\n");
  const Result<Lesson> l = load_lesson(path);
  ASSERT_FALSE(l.ok());
  EXPECT_NE(l.error().find(path + ":4:"), std::string::npos) << l.error();
}

}  // namespace
}  // namespace navlab
