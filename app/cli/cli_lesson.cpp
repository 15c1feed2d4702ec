// `navlab lesson FILE --out DIR [--size WxH]`: every slide of a lesson drawn as the app's viewport shows
// it (DIR/slide_NN.png) and one Markdown page (DIR/index.md) with the slides' titles, texts, step
// sentences and pictures. Headless: a hidden window (Xvfb or SDL_VIDEODRIVER=offscreen).
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "atomic_file.h"
#include "cli.h"
#include "gl_png.h"
#include "gl_stop.h"
#include "gl_renderer.h"
#include "gl_window.h"
#include "gui_lessons.h"
#include "gui_presenter.h"
#include "gui_side_draw.h"
#include "gui_viewport.h"
#include "panel_spawn.h"

namespace navlab::cli {

extern const char* const kLessonUsage =
    "Usage: navlab lesson FILE --out DIR [--size WxH]\n"
    "\n"
    "Renders every slide of the lesson FILE (scenes/lessons/*.json) as the app's viewport shows it, with\n"
    "the slide's scene, query, toggles, timeline step and camera, and writes\n"
    "  DIR/slide_01.png, DIR/slide_02.png, ...   one picture per slide\n"
    "  DIR/index.md                              the lesson's page: title, summary, and per slide its\n"
    "                                            title, text, the step's sentence and its picture\n"
    "  --size WxH   picture size in pixels (default 960x600)\n"
    "Prints one line of JSON: {\"lesson\", \"slides\": [{\"png\", \"step\", \"caption\"}...]}.\n"
    "Needs a display or SDL_VIDEODRIVER=offscreen. Exit codes: 0 ok, 2 usage or input error, 128 + N when\n"
    "signal N (SIGINT, SIGTERM) stopped it (the slides written so far stay, none half written).\n";

namespace {

struct SlideOut {
  std::string png;      // file name inside DIR
  std::string step;     // the slide's timeline position
  std::string caption;  // the step's sentence ("" for the complete plan)
};

std::string slide_name(size_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "slide_%02zu.png", i + 1);
  return buf;
}

// The side view at the slide's record over the viewport's grid in metres, with the enemy's sentence.
std::string render_side_slide(const LessonSlide& slide, const app::SlideSetup& setup, app::Viewport& view, gl::Renderer& renderer,
                              const app::Theme& theme, const std::string& path, SlideOut& info) {
  const app::SideFrame frame = app::side_frame(view.camera, float(view.size().x), float(view.size().y));
  app::draw_side_scene(view.overlay(), frame, setup.doc.scene.sidescroller, setup.side_run, setup.side_tick, "player",
                       slide.enemy);
  info.caption = setup.side_caption;
  if (!info.caption.empty()) app::draw_caption(view, info.caption, theme);
  view.finish(renderer, setup.doc, theme);
  ImGui::EndFrame();
  return gl::write_png(path, int(view.size().x), int(view.size().y), view.target().read_pixels());
}

// Draws one slide into `path`. Returns "" or an error.
std::string render_slide(const LessonSlide& slide, int w, int h, gl::Renderer& renderer, const std::string& path,
                         SlideOut& info) {
  app::SlideSetup setup;
  if (std::string err = setup_slide(slide, setup); !err.empty()) return err;
  info.step = slide.step;
  const app::Theme theme = app::Theme::normal();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  app::Viewport view;
  slide_camera(slide, setup.doc, view, w, h);
  view.begin(w, h, theme);
  if (slide.side) return render_side_slide(slide, setup, view, renderer, theme, path, info);
  app::draw_plan(view, setup.doc, setup.plan, setup.step, theme, setup.midpoints, -1.0);
  if (setup.optimal) app::draw_optimal(view, setup.plan, theme);
  if (setup.channel) app::draw_channel(view, setup.plan, theme);
  app::SpawnView spawn;
  spawn.options = setup.spawn;
  app::draw_spawn_verdicts(view, setup.doc, spawn);
  info.caption = setup.plan.describe(setup.step, setup.doc.mesh);
  if (!info.caption.empty()) app::draw_caption(view, info.caption, theme);
  view.finish(renderer, setup.doc, theme);
  ImGui::EndFrame();
  return gl::write_png(path, w, h, view.target().read_pixels());
}

// The lesson's page: what a teacher reads, slide by slide, with the pictures beside it.
std::string lesson_page(const Lesson& lesson, const std::vector<SlideOut>& out) {
  std::string md = "# " + lesson.title + "\n\n";
  if (!lesson.summary.empty()) md += lesson.summary + "\n\n";
  md += "Rendered by `navlab lesson " + std::filesystem::path(lesson.path).filename().string() +
        "`; open it in the app with Lessons (Page Down / Page Up turn the slides).\n";
  for (size_t i = 0; i < lesson.slides.size(); ++i) {
    const LessonSlide& s = lesson.slides[i];
    md += "\n## " + std::to_string(i + 1) + ". " + s.title + "\n\n" + s.text + "\n\n";
    md += "Scene `" + std::filesystem::path(s.scene).filename().string() + "`, step `" + s.step + "`.";
    if (!out[i].caption.empty()) md += " The step says: *" + out[i].caption + "*";
    md += "\n\n![slide " + std::to_string(i + 1) + "](" + out[i].png + ")\n";
  }
  return md;
}

// Renders every slide into `dir` and writes the page. Returns "" or an error.
std::string render_lesson(const Lesson& lesson, const std::string& dir, int w, int h, std::vector<SlideOut>& out) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return dir + ": cannot create the folder (" + ec.message() + ")";
  gl::Window window;
  std::string err = window.open("navlab lesson", 64, 64, true, "");
  if (!err.empty()) return err;
  gl::Renderer renderer;
  if (err = renderer.init(gl::shader_dir()); !err.empty()) return err;
  const app::Fonts fonts = app::load_fonts();
  if (!fonts.error.empty()) return fonts.error;
  app::use_font(fonts, false);
  for (size_t i = 0; i < lesson.slides.size(); ++i) {
    if (gl::stop_signal()) return gl::stop_message() + " before slide " + std::to_string(i + 1);
    SlideOut info;
    info.png = slide_name(i);
    if (err = render_slide(lesson.slides[i], w, h, renderer, dir + "/" + info.png, info); !err.empty())
      return "slide " + std::to_string(i + 1) + ": " + err;
    out.push_back(info);
  }
  return write_file_atomically(dir + "/index.md", lesson_page(lesson, out), "lesson page");
}

// "" or why a file the lesson writes into `dir` would replace one it reads (the lesson, a slide's scene).
std::string refuse_overwriting_inputs(const Lesson& lesson, const std::string& dir) {
  std::vector<std::string> outs{dir + "/index.md"};
  for (size_t i = 0; i < lesson.slides.size(); ++i) outs.push_back(dir + "/" + slide_name(i));
  for (const std::string& o : outs) {
    if (std::string bad = refuse_overwriting_input(o, lesson.path, "lesson file"); !bad.empty()) return bad;
    for (const LessonSlide& s : lesson.slides)
      if (std::string bad = refuse_overwriting_input(o, s.scene, "scene file"); !bad.empty()) return bad;
  }
  return "";
}

}  // namespace

int run_lesson(const std::vector<std::string>& args) {
  const Command& self = *find_command("lesson");
  Args a(args, {"--out", "--size"}, {});
  if (!a.ok()) return usage_error(self, a.error());
  if (a.positional().size() != 1) return usage_error(self, "expected one lesson FILE");
  const auto dir = a.value("--out");
  if (!dir) return usage_error(self, "--out DIR is required");
  int w = 960, h = 600;
  if (auto size = a.value("--size"))
    if (std::string bad = picture_size_arg(*size, gl::kMinPictureSide, &w, &h); !bad.empty()) return usage_error(self, bad);
  Result<Lesson> lesson = load_lesson(a.positional()[0]);
  if (!lesson) {
    std::fprintf(stderr, "%s\n", lesson.error().c_str());
    return kExitUsage;
  }
  if (std::string bad = refuse_overwriting_inputs(lesson.value(), *dir); !bad.empty()) return usage_error(self, bad);
  std::vector<SlideOut> out;
  if (std::string err = render_lesson(lesson.value(), *dir, w, h, out); !err.empty()) {
    std::fprintf(stderr, "navlab lesson: %s\n", err.c_str());
    return gl::stop_signal() ? 128 + gl::stop_signal() : kExitUsage;
  }
  nlohmann::json slides = nlohmann::json::array();
  for (const SlideOut& s : out) slides.push_back({{"png", s.png}, {"step", s.step}, {"caption", s.caption}});
  std::printf("%s\n", nlohmann::json{{"lesson", lesson->title}, {"slides", slides}}.dump().c_str());
  return kExitOk;
}

}  // namespace navlab::cli
