// Lessons in the app: the open lesson, its current slide, and how a slide is put on screen (scene,
// query, toggles, timeline step, camera). The same slide setup serves the Lessons panel and
// `navlab lesson FILE --out DIR`. Keys come from SDL key events (lesson_key), so a clicker's tap whose
// press and release fall inside one frame still turns the slide.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "gui_doc.h"
#include "gui_plan.h"
#include "lesson.h"
#include "side_sim.h"
#include "spawn.h"

namespace navlab::app {

class App;
class Viewport;

struct LessonsView {
  std::vector<std::string> files;  // scenes/lessons/*.json, sorted
  std::optional<Lesson> lesson;    // the open lesson
  int file_index = -1;             // its index in `files` (-1: opened from elsewhere)
  int slide = 0;                   // current slide index
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
// side-scroller slide, runs the scene for side::kLabSeconds and picks the slide's record. Returns "" or
// an error.
std::string setup_slide(const LessonSlide& slide, SlideSetup& out);

// Sets the viewport camera as the slide asks (fit when it names none) for a w x h picture. A side-scroller
// slide is fitted as the app's side view frames it.
void slide_camera(const LessonSlide& slide, const Document& doc, Viewport& view, int w, int h);

// The folder the app lists lessons from (scenes/lessons beside the executable or in the source tree).
std::string lessons_folder();

// Opens a lesson file in the app at slide 0. Returns success (an error is shown otherwise).
bool open_lesson(App& app, const std::string& path);
// Shows slide `index` (clamped) of the open lesson.
void show_slide(App& app, int index);
// PageDown / PageUp turn slides; Ctrl+PageDown / Ctrl+PageUp open the next / previous lesson of the
// folder (the first one when none is open). Returns whether the key was used.
bool lesson_key(App& app, int sdl_scancode, bool ctrl);

// The Lessons menu (main menu bar) and the slide panel over the viewport.
void lessons_menu(App& app);
// `bottom`: the panel's lower edge (screen pixels), so the step caption at the viewport's top stays
// visible.
void panel_lesson(App& app, float x, float bottom, float w);

// Script actions (gui_script.h): {"lesson": FILE} opens a lesson; {"key_tap": "PageDown" | "PageUp",
// "ctrl": bool} pushes a key press and its release as SDL events, both handled in the next frame.
// Returns false when the action is not one of these; otherwise *error is "" or what is wrong.
bool lesson_script_action(App& app, const nlohmann::json& action, std::string* error);

}  // namespace navlab::app
