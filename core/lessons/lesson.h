// Lessons: a course a teacher runs slide by slide. A lesson file (scenes/lessons/NN_name.json) is
//
//   {"navlab_lesson": 1, "title": "...", "summary": "...", "slides": [SLIDE, ...]}
//
// and each SLIDE sets what the viewport shows and says what to look at:
//
//   {"title": "...",            short heading
//    "text": "...",             what the teacher reads out (one paragraph)
//    "scene": "../w3.json",     a scene file, relative to the lesson file
//    "query": 0,                which of the scene's queries (index or name; default 0; a scene
//                               without queries, e.g. a spawn scene, shows no plan)
//    "step": "funnel:3",        timeline position: STAGE:N (the N-th step, from 1, of a stage
//                               of core/narration/stages.h but bake) or "end" (the complete plan;
//                               default)
//    "toggles": {"midpoints": true, "optimal": true, "channel": true, "doors": {"door1": false},
//                "spawn_checks": {"occupancy": false}, "agent": {"turn_radius": 2.0}},   all optional;
//                optimal draws the shortest path (Polyanya) and channel the channel and its spline
//                beside the plan, on navmesh scenes only
//    "camera": "fit" | {"center": [x, y], "scale": PX_PER_M},   default "fit": the slide's subject
//    "subject": {"nodes": [ID or INDEX, ...], "doors": [ID, ...], "points": [[x, y], ...],
//                "route": true},   what "fit" frames (default: the route, what the step's record is
//                                  about, the doors the slide toggles, the spawn candidates)
//    "question": "...",         asked first; the answer (the step, the text) on the next key press
//    "notes": "...",            for the teacher: in presenter mode on request, in the lesson's page
//    "panels": ["profile", "gfh", "failure", "legend"],   drawn beside the map, in the app and in
//                               `navlab lesson`'s pictures: v(s) with its time, the search's G/H/F
//                               table, the plan's status and failure reason, the colour key
//    "compare": "astar:dijkstra"}   two methods side by side (compare_methods.h), one camera, one step
//
// A slide on a side-scroller scene (docs/sidescroller.md) shows the side view at a time of its run instead:
//
//   {"title", "text", "scene": "../sidescroller.json",
//    "step": "t:2.5" | "end",   the run's time in seconds (0 .. side::kLabSeconds) or its end
//    "enemy": "pacer"}          whose sentence is the caption (default: the scene's first enemy)
//
// with no query, toggles or camera: the side view frames the whole level, in the app and in pictures.
//
// Loading checks everything a slide names (the scene loads, the query, door ids, spawn check and agent
// parameter names, the step's stage) and reports the first problem as FILE:LINE:COL: /json/pointer.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "agent.h"
#include "compare_methods.h"
#include "geom.h"
#include "result.h"

namespace navlab {

struct LessonCamera {
  Vec2 center;         // m
  double scale = 1.0;  // px per m
};

// What a slide is about, as it names it: graph nodes (ids) or polygons (indices, as strings), door ids,
// plane points (m) and the route (the plan's path with its start and goal).
struct LessonSubject {
  std::vector<std::string> nodes;
  std::vector<std::string> doors;
  std::vector<Vec2> points;
  bool route = false;
  bool empty() const { return nodes.empty() && doors.empty() && points.empty() && !route; }
};

struct LessonSlide {
  std::string title;
  std::string text;
  std::string scene;  // path of the scene file (resolved against the lesson file's folder)
  int query = 0;      // index into the scene's queries (-1: the scene has none, nothing is planned)
  std::string step = "end";
  bool midpoints = false;
  bool optimal = false;                                    // the exact shortest path beside the funnel's
  bool channel = false;                                    // the channel's gates and circle-arc spline beside the arcs
  std::vector<std::pair<std::string, bool>> doors;         // door id, open
  std::vector<std::pair<std::string, bool>> spawn_checks;  // check name, enabled
  std::vector<std::pair<std::string, double>> agent;       // agent parameter, value
  std::optional<LessonCamera> camera;                      // nullopt: fit the subject
  std::string question;             // "": none; else shown first, the step and text revealed on the next key
  std::string notes;                // the teacher's notes ("": none)
  std::vector<std::string> panels;  // among lesson_panels(), in order
  std::optional<std::pair<CompareMethod, CompareMethod>> compare;
  std::string compare_text;  // as written ("astar:dijkstra")
  LessonSubject subject;     // empty: the default subject
  // Side-scroller slides (side == true) show the run at `side_time` s (-1: its end) with the sentence
  // of enemy `enemy` (an id of the scene).
  bool side = false;
  double side_time = -1.0;
  std::string enemy;
};

struct Lesson {
  std::string path;
  std::string title;
  std::string summary;
  std::vector<LessonSlide> slides;  // at least one
};

// The agent parameters a slide may set (numbers, metres / seconds as in AgentDef).
const std::vector<std::string>& lesson_agent_parameters();

// Sets one of lesson_agent_parameters() on `agent`; false for another name.
bool apply_agent_parameter(AgentDef& agent, const std::string& name, double value);

// The panels a slide may draw beside the map: "profile", "gfh", "failure", "legend".
const std::vector<std::string>& lesson_panels();

// Reads and checks a lesson file. Every slide's scene is loaded once to check its names.
Result<Lesson> load_lesson(const std::string& path);
// The same from text (`path` for messages and to find the slides' scenes). load_lesson reads the file
// with the shared reader (core/base/text_file.h); both parse with the scene's JSON nesting limit.
Result<Lesson> parse_lesson(const std::string& text, const std::string& path);

// The lesson files of a folder (*.json), sorted by name.
std::vector<std::string> lesson_files(const std::string& folder);

}  // namespace navlab
