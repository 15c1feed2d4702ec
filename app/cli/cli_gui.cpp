// The GUI entry point: `navlab [SCENE.json] [--script FILE.json --screenshot OUT.png] [--size WxH]`.
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "gl_stop.h"
#include "gui_app.h"
#include "gui_files.h"
#include "gui_lessons.h"
#include "gui_script_run.h"

namespace navlab {

namespace {

// The smallest window the app lays out.
constexpr int kMinWindowSide = 64;

nlohmann::json rect_json(const app::Rect& r) {
  if (r.empty()) return nullptr;
  return {r.x, r.y, r.w, r.h};
}

// Where the map and each panel were in the last frame ([x, y, w, h] window pixels, null: not shown).
nlohmann::json layout_json(const app::Layout& l) {
  return {{"map", rect_json(l.map)},
          {"left", rect_json(l.left)},
          {"slide", rect_json(l.slide)},
          {"details", rect_json(l.details)},
          {"transport", rect_json(l.transport)}};
}

// The open lesson: file, slide, whether the question's answer is shown, and the slide's subject (the
// plane points the camera frames).
nlohmann::json lesson_json(const app::App& a) {
  const app::LessonsView& l = a.lessons;
  if (!l.lesson) return nullptr;
  const LessonSlide& s = l.lesson->slides[size_t(l.slide)];
  nlohmann::json subject = nlohmann::json::array();
  if (!s.side && !s.camera)  // a slide's own camera frames what it chose, not the subject
    for (const Vec2& p : app::slide_subject(s, a.doc, a.plan, l.answer_step)) subject.push_back({p.x, p.y});
  return {{"file", l.lesson->path},      {"slide", l.slide},       {"slides", l.lesson->slides.size()},
          {"question", s.question},      {"revealed", l.revealed}, {"answer_step", l.answer_step},
          {"notes_shown", l.show_notes}, {"subject", subject}};
}

// One line of JSON on stdout after a scripted run, for tests and tools.
void print_state(const app::App& a) {
  nlohmann::json corners = nlohmann::json::array();
  for (const Vec2& p : a.plan.funnel.points) corners.push_back({p.x, p.y});
  nlohmann::json optimal = nlohmann::json::array();
  for (const Vec2& p : a.plan.optimal) optimal.push_back({p.x, p.y});
  const nlohmann::json out = {
      {"scene", a.doc.path},
      {"error", a.error},
      {"status", a.plan.ran ? to_string(a.plan.status) : "none"},
      {"step", a.playback.step},
      {"steps", a.plan.steps.size()},
      {"caption",
       a.plan.describe(a.playback.step, a.doc.mesh)},  // the timeline's sentence for the step shown ("" at the end)
      {"step_ref", app::step_ref_json(a.plan, a.playback.step)},
      {"path", corners},
      {"ends",
       {{"start_height", a.plan.start_height}, {"goal_height", a.plan.goal_height}, {"start_poly", a.plan.start_poly}}},
      {"optimal", {{"path", optimal}, {"length", a.plan.optimal_length}, {"shown", a.settings.show_optimal}}},
      {"channel", a.plan.channel ? nlohmann::json{{"mode", to_string(a.plan.channel->spline.mode)},
                                                  {"channels", a.plan.channel->channels.channels.size()},
                                                  {"length", a.plan.channel->spline.length},
                                                  {"shown", a.settings.show_channel}}
                                 : nlohmann::json(nullptr)},
      {"screenshot", a.export_dialog.last},
      {"corridor", a.plan.search.corridor},
      {"corridor_links", app::links_crossed(a)},  // the off-mesh links the corridor crosses, in order
      {"bake", app::bake_state_json(a, a.baking, a.view)},
      {"links", app::links_state_json(a, a.links, a.click_mode)},
      {"areas", app::areas_state_json(a, a.areas, a.click_mode)},
      {"doors", app::doors_state_json(a, a.doors, a.side_panels[app::SidePanel::Doors])},
      {"spawn", app::spawn_state_json(a.spawn)},
      {"side", app::side_state_json(a, a.side)},
      {"lesson", lesson_json(a)},
      {"presenting", a.presenting},
      {"presenter", a.settings.presenter},
      {"panels_hidden", a.side_panels.hidden},
      {"layout", layout_json(a.layout())},
      {"clipped", a.clipped_windows},
      {"files", app::files_state_json(a.files, a)},
      {"compare", app::compare_state_json(a)},
      {"check", app::check_state_json(a.check)},
      {"first_frame_ms", a.timing.first_frame_ms},
      {"frame",
       {{"frames", a.timing.measured.frames},
        {"thread_cpu_ms", a.timing.measured.thread_cpu_ms},
        {"process_cpu_ms", a.timing.measured.process_cpu_ms},
        {"wall_ms", a.timing.measured.wall_ms},
        {"prep_cpu_ms", a.timing.measured.prep_cpu_ms},
        {"static_redraws", a.timing.measured.static_redraws},
        {"static_shifts", a.timing.measured.static_shifts},
        {"static_previews", a.timing.measured.static_previews},
        {"full_draw_ms", a.timing.measured.full_draw_ms},
        {"static_exact", a.timing.measured.static_exact},
        {"spread_draws", a.timing.measured.spread_draws},
        {"spread_steps_left", a.timing.measured.spread_steps_left}}},
      {"viewport",
       {{"x", a.pointer.vp_x}, {"y", a.pointer.vp_y}, {"width", a.pointer.vp_w}, {"height", a.pointer.vp_h}}},
      {"camera", {{"center", {a.view.camera.center.x, a.view.camera.center.y}}, {"scale", a.view.camera.scale}}},
      {"view", a.showing_3d() ? "3d" : "2d"},
      {"orbit", cli::orbit_json(a.view.view3d.camera, {double(int(a.pointer.vp_w)), double(int(a.pointer.vp_h))})},
      {"view3d",
       {{"static_builds", a.view.view3d.static_builds()},
        {"plan_lifts", a.view.view3d.plan_lifts()},
        {"level_triangles", a.view.view3d.level_triangles()},
        {"plan_capsules", a.view.view3d.plan_capsules()}}},
      {"mouse_point", a.pointer.mouse_point
                          ? nlohmann::json{{"poly", a.pointer.mouse_point->poly},
                                           {"plane", {a.pointer.mouse_point->plane.x, a.pointer.mouse_point->plane.y}},
                                           {"height", a.pointer.mouse_point->height}}
                          : nlohmann::json(nullptr)}};
  std::printf("%s\n", out.dump().c_str());
}

}  // namespace

int run_gui(const std::vector<std::string>& args) {
  cli::Args parsed(args, {"--script", "--screenshot", "--size"}, {});
  if (!parsed.ok()) {
    std::fprintf(stderr, "navlab: %s\nTry 'navlab --help'.\n", parsed.error().c_str());
    return cli::kExitUsage;
  }
  if (parsed.positional().size() > 1) {
    std::fprintf(stderr, "navlab: one scene at a time\n");
    return cli::kExitUsage;
  }
  app::App::Options opt;
  if (!parsed.positional().empty()) opt.scene = parsed.positional()[0];
  const auto script = parsed.value("--script");
  const auto shot = parsed.value("--screenshot");
  if (shot && !script) {
    std::fprintf(stderr, "navlab: --screenshot needs --script (or use 'navlab render')\n");
    return cli::kExitUsage;
  }
  if (auto size = parsed.value("--size")) {
    const Result<cli::PictureSize> px = cli::picture_size_arg(*size, kMinWindowSide);
    if (!px) {
      std::fprintf(stderr, "navlab: %s\n", px.error().c_str());
      return cli::kExitUsage;
    }
    opt.width = px->w;
    opt.height = px->h;
  }
  if (script) {
    opt.hidden = true;
    opt.use_settings = false;
    if (!parsed.value("--size")) {
      opt.width = 1280;
      opt.height = 800;
    }
  }

  app::App a;
  if (Result<void> started = a.init(opt); !started) {
    std::fprintf(stderr, "navlab: %s\n", started.error().c_str());
    return cli::kExitUsage;
  }
  if (!script) {
    while (a.frame()) {
    }
    a.shutdown();
    return gl::stop_signal() ? 128 + gl::stop_signal() : cli::kExitOk;
  }
  if (!a.doc.loaded()) {  // a scripted run has nothing to act on
    std::fprintf(stderr, "navlab: %s\n", a.error.c_str());
    return cli::kExitUsage;
  }
  a.state_printer = [&a] {
    print_state(a);
    std::fflush(stdout);
  };
  for (int i = 0; i < 3; ++i) a.frame();  // settle the layout before the first action
  std::string capture = "window";
  if (Result<void> ran = app::run_script(a, *script, &capture); !ran) {
    std::fprintf(stderr, "navlab: %s\n", ran.error().c_str());
    return gl::stop_signal() ? 128 + gl::stop_signal() : cli::kExitUsage;
  }
  if (shot) {
    a.request_export({*shot, capture != "viewport", 0, 0});
    a.frame();
    if (a.export_dialog.last != *shot) {
      std::fprintf(stderr, "navlab: could not write %s: %s\n", shot->c_str(), a.error.c_str());
      return cli::kExitUsage;
    }
  }
  if (!a.error.empty()) std::fprintf(stderr, "navlab: %s\n", a.error.c_str());
  print_state(a);
  if (!a.export_dialog.failure.empty()) {  // the script went on; the run still failed
    std::fprintf(stderr, "navlab: an export of the script failed: %s\n", a.export_dialog.failure.c_str());
    return cli::kExitUsage;
  }
  return cli::kExitOk;
}

}  // namespace navlab
