// Lessons in the app: the open lesson, its current slide, and how a slide is put on screen (scene,
// query, toggles, timeline step, camera). The same slide setup serves the Lessons panel and
// `navlab lesson FILE --out DIR`. Keys come from SDL key events (lesson_key), so a clicker's tap whose
// press and release fall inside one frame still turns the slide.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "geom.h"
#include "gui_doc.h"
#include "gui_plan.h"
#include "lesson.h"
#include "result.h"
#include "side_sim.h"
#include "spawn.h"

namespace navlab::app {

class Session;
class Viewport;
struct CompareView;
struct FilesView;
struct SideView;
struct SpawnView;

struct LessonsView {
  std::vector<std::string> files;  // scenes/lessons/*.json, sorted
  std::optional<Lesson> lesson;    // the open lesson
  int file_index = -1;             // its index in `files` (-1: opened from elsewhere)
  int slide = 0;                   // current slide index
  bool revealed = true;            // a question slide: its answer (the step, the text) is shown
  int answer_step = 0;             // the slide's own timeline step (the question shows the one before)
  bool show_notes = false;         // N: the teacher's notes in the slide column
  bool opening = false;            // a slide's scene is being opened (not a scene of the user's own)
};

// What the lessons room sets besides the Session when it opens a lesson or shows a slide: its own state,
// the files' saved state (a slide's scene is read-only and its toggles are not the user's edits; a
// scene of the user's own with unsaved changes is asked about first), the compare view, the spawn checks
// and the side view's record the slide shows. The App hands its own.
struct LessonRoom {
  LessonsView& lessons;
  FilesView& files;
  CompareView& compare;
  SpawnView& spawn;
  SideView& side;
};

// What a slide shows, ready to draw: the document with the slide's toggles applied, its plan, the
// timeline step, the midpoint, shortest-path and channel toggles and the spawn checks.
struct SlideSetup {
  Document doc;
  PlanView plan;
  int step = 0;
  bool midpoints = false;
  bool optimal = false;
  bool channel = false;
  SpawnOptions spawn;
  // A side-scroller slide: the run, the record shown and the sentence of the slide's enemy.
  side::SideRun side_run;
  int side_tick = 0;
  std::string side_caption;
};

// Loads the slide's scene and applies its query, doors, agent parameters, step and spawn checks; for a
// side-scroller slide, runs the scene for side::kLabSeconds and picks the slide's record. Fails with
// what the slide names that its scene lacks (or why the scene does not load).
Result<void> setup_slide(const LessonSlide& slide, SlideSetup& out);

// The plane points of what the slide is about, read from the plan's results and records: the subject
// it names, else the route (start, goal, the funnel path), what the step's record is about (the search's
// open and closed nodes, the funnel's apex and portal end, Polyanya's root and interval), the doors it
// toggles and the spawn candidates. Empty: nothing in particular (the whole scene is framed).
std::vector<Vec2> slide_subject(const LessonSlide& slide, const Document& doc, const PlanView& plan, int step);
// The camera that frames `subject` in a w x h map: the whole scene when that shows the subject nearly
// as large, else the subject with a margin; `reserve_right` pixels at the map's right are left free (for
// a legend drawn there).
void frame_subject(const std::vector<Vec2>& subject, const Document& doc, Viewport& view, int w, int h,
                   float reserve_right = 0.0f);
// Sets the viewport camera as the slide asks (its subject framed when it names no camera) for a w x h
// picture. A side-scroller slide is fitted as the app's side view frames it.
void slide_camera(const LessonSlide& slide, const SlideSetup& setup, Viewport& view, int w, int h,
                  float reserve_right = 0.0f);
// The camera of `view` framed on the shown slide's subject, when a slide of the open document is shown
// and names no camera of its own. Returns whether it framed.
bool fit_slide_subject(const Session& app, const LessonsView& v, Viewport& view, int w, int h);
// The timeline step a question slide shows before its answer: the step before the slide's own
// (for "end", the first step of locate: the scene with its start and goal).
int question_step(const PlanView& plan, int answer_step);

// The folder the app lists lessons from (scenes/lessons beside the executable or in the source tree).
std::string lessons_folder();

// Opens a lesson file in the app at slide 0. Returns success (an error is shown otherwise).
bool open_lesson(Session& app, const LessonRoom& room, const std::string& path);
// Shows slide `index` (clamped) of the open lesson.
void show_slide(Session& app, const LessonRoom& room, int index);
// PageDown / PageUp turn slides (on a question slide PageDown first reveals the answer); Ctrl+PageDown /
// Ctrl+PageUp open the next / previous lesson of the folder (the first one when none is open). Returns
// whether the key was used.
bool lesson_key(Session& app, const LessonRoom& room, int sdl_scancode, bool ctrl);

// What the Lessons menu and the slide column ask of the app, which opens a lesson's scenes, re-plans and
// presents through the whole app: a lesson opened (open_lesson), a slide shown (show_slide), Page Down
// or Page Up pressed (lesson_key), the presentation started, the open lesson closed (the presentation
// and the compare view end with it), and whether it presents. The App is one.
class LessonControls {
 public:
  virtual ~LessonControls() = default;
  virtual bool open_lesson_file(const std::string& path) = 0;
  virtual void go_to_slide(int index) = 0;
  virtual bool press_lesson_key(int sdl_scancode, bool ctrl) = 0;
  virtual void start_presentation(bool from_current) = 0;
  virtual void close_lesson() = 0;
  virtual bool is_presenting() const = 0;
};

// The Lessons menu (main menu bar) and the slide column beside the map (layout.slide): the question,
// then the answer's text, the slide's panels and, on request (N), the teacher's notes.
void lessons_menu(LessonsView& v, LessonControls& controls);
void panel_lesson(const Session& session, LessonsView& v, LessonControls& controls, float x, float y, float w, float h);

// Script action {"lesson": FILE}: opens a lesson. nullopt when the action is not one; otherwise its
// outcome.
std::optional<Result<void>> lesson_script_action(Session& app, const LessonRoom& room, const nlohmann::json& action);

}  // namespace navlab::app
