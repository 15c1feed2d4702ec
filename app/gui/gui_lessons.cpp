#include "gui_lessons.h"

#include <SDL.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "gui_app.h"
#include "gui_script.h"
#include "gui_side_draw.h"
#include "gui_viewport.h"
#include "lesson_toggles.h"

namespace navlab::app {

namespace {

// The run the app shows, the record at the slide's time (its last one for "end") and the enemy's sentence.
std::string setup_side_slide(const LessonSlide& slide, SlideSetup& out) {
  const SideScrollerDef& scene = out.doc.scene.sidescroller;
  side::SideSimDef def;
  def.max_time = side::kLabSeconds;
  out.side_run = side::simulate(scene, def);
  if (out.side_run.enemies.empty()) return slide.scene + ": the scene has no enemies to show";
  const int last = int(out.side_run.enemies[0].steps.size()) - 1;
  out.side_tick = slide.side_time < 0.0 ? last : std::min(last, int(std::lround(slide.side_time / out.side_run.dt)));
  for (size_t i = 0; i < scene.enemies.size(); ++i)
    if (scene.enemies[i].id == slide.enemy)
      out.side_caption = side::describe(out.side_run.enemies[i].steps[size_t(out.side_tick)], scene.enemies[i]);
  return "";
}

}  // namespace

std::string setup_slide(const LessonSlide& slide, SlideSetup& out) {
  out = SlideSetup{};
  if (std::string err = load_document(slide.scene, out.doc); !err.empty()) return err;
  Document& doc = out.doc;
  apply_slide_toggles(slide, doc.scene);
  if (slide.query >= int(doc.scene.queries.size())) return slide.scene + ": no query " + std::to_string(slide.query);
  doc.query_index = slide.query;
  doc.start.reset();
  doc.goal.reset();
  if (slide.query >= 0) {
    doc.start = doc.scene.queries[size_t(slide.query)].start;
    doc.goal = doc.scene.queries[size_t(slide.query)].goal;
  }
  if (slide.side) return setup_side_slide(slide, out);
  out.plan.run(doc);
  std::string err;
  const std::optional<int> step = parse_step(slide.step, out.plan, &err);
  if (!step) return slide.scene + ": " + err;
  out.step = *step;
  out.midpoints = slide.midpoints;
  out.optimal = slide.optimal;
  out.channel = slide.channel;
  for (const auto& [name, on] : slide.spawn_checks)
    if (const auto check = spawn_check_from_string(name)) out.spawn.set(*check, on);
  return "";
}

void slide_camera(const LessonSlide& slide, const Document& doc, Viewport& view, int w, int h) {
  if (slide.side)
    view.camera = side_camera(fit_side_frame(doc.scene.sidescroller, 0, 0, float(w), float(h)), float(w), float(h));
  else
    view.fit(doc, w, h);
  if (!slide.camera) return;
  view.camera.center = slide.camera->center;
  view.camera.scale = slide.camera->scale;
}

std::string lessons_folder() {
  namespace fs = std::filesystem;
  if (char* base = SDL_GetBasePath()) {
    const std::string beside = std::string(base) + "scenes/lessons";
    SDL_free(base);
    if (fs::is_directory(beside)) return beside;
  }
#ifdef NAVLAB_SOURCE_DIR
  const std::string src = std::string(NAVLAB_SOURCE_DIR) + "/scenes/lessons";
  if (fs::is_directory(src)) return src;
#endif
  return "scenes/lessons";
}

bool open_lesson(App& app, const std::string& path) {
  Result<Lesson> lesson = load_lesson(path);
  if (!lesson) {
    app.show_error(lesson.error());
    return false;
  }
  LessonsView& v = app.lessons;
  v.lesson = std::move(lesson).value();
  const auto it = std::find(v.files.begin(), v.files.end(), path);
  v.file_index = it == v.files.end() ? -1 : int(it - v.files.begin());
  show_slide(app, 0);
  return true;
}

void show_slide(App& app, int index) {
  LessonsView& v = app.lessons;
  if (!v.lesson) return;
  v.slide = std::clamp(index, 0, int(v.lesson->slides.size()) - 1);
  const LessonSlide& slide = v.lesson->slides[size_t(v.slide)];
  SlideSetup setup;
  if (std::string err = setup_slide(slide, setup); !err.empty()) {
    app.show_error(err);
    return;
  }
  if (!app.open_scene(slide.scene)) return;
  app.doc = std::move(setup.doc);
  app.replan();
  if (slide.side) app.side.tick = setup.side_tick;
  app.set_step(setup.step);
  app.settings.show_midpoints = setup.midpoints;
  app.settings.show_optimal = setup.optimal;
  app.settings.show_channel = setup.channel;
  app.spawn.options = setup.spawn;
  if (slide.camera)
    app.set_camera(slide.camera->center, slide.camera->scale);
  else
    app.fit_view();
  app.status = v.lesson->title + ": slide " + std::to_string(v.slide + 1) + " of " +
               std::to_string(v.lesson->slides.size());
}

bool lesson_key(App& app, int sc, bool ctrl) {
  LessonsView& v = app.lessons;
  if (sc != SDL_SCANCODE_PAGEDOWN && sc != SDL_SCANCODE_PAGEUP) return false;
  const int dir = sc == SDL_SCANCODE_PAGEDOWN ? 1 : -1;
  if (ctrl || !v.lesson) {
    if (v.files.empty()) v.files = lesson_files(lessons_folder());
    if (v.files.empty()) return false;
    const int n = int(v.files.size());
    const int next = v.file_index < 0 ? (dir > 0 ? 0 : n - 1) : (v.file_index + dir + n) % n;
    open_lesson(app, v.files[size_t(next)]);
    return true;
  }
  show_slide(app, v.slide + dir);
  return true;
}

bool lesson_script_action(App& app, const nlohmann::json& a, std::string* error) {
  if (a.contains("lesson")) {
    if (!a["lesson"].is_string()) *error = "{\"lesson\": FILE} needs a file name";
    else if (!open_lesson(app, a["lesson"].get<std::string>())) *error = app.error;
    return true;
  }
  if (!a.contains("key_tap")) return false;
  const std::string key = a["key_tap"].is_string() ? a["key_tap"].get<std::string>() : "";
  const SDL_Scancode sc = key == "PageDown" ? SDL_SCANCODE_PAGEDOWN : key == "PageUp" ? SDL_SCANCODE_PAGEUP : SDL_SCANCODE_UNKNOWN;
  if (sc == SDL_SCANCODE_UNKNOWN) {
    *error = "key_tap needs \"PageDown\" or \"PageUp\"";
    return true;
  }
  SDL_Event e{};
  e.type = SDL_KEYDOWN;
  e.key.state = SDL_PRESSED;
  e.key.keysym.scancode = sc;
  e.key.keysym.sym = SDL_GetKeyFromScancode(sc);
  e.key.keysym.mod = a.value("ctrl", false) ? KMOD_LCTRL : KMOD_NONE;
  e.key.windowID = SDL_GetWindowID(app.window.sdl());
  SDL_PushEvent(&e);
  e.type = SDL_KEYUP;
  e.key.state = SDL_RELEASED;
  SDL_PushEvent(&e);
  return true;
}

}  // namespace navlab::app
