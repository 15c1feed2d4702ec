// `navlab lesson FILE --out DIR [--size WxH]`: every slide of a lesson drawn as the app's viewport shows
// it (DIR/slide_NN.png) and one Markdown page (DIR/index.md) with the slides' titles, texts, step
// sentences and pictures. Headless: a hidden window (Xvfb or SDL_VIDEODRIVER=offscreen).
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <glad/gl.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "atomic_file.h"
#include "cli.h"
#include "gl_png.h"
#include "gl_stop.h"
#include "gl_renderer.h"
#include "gl_window.h"
#include "gui_compare.h"
#include "gui_legend.h"
#include "gui_lessons.h"
#include "gui_slide_panels.h"
#include "gui_presenter.h"
#include "gui_side_draw.h"
#include "gui_viewport.h"
#include "panel_spawn.h"

namespace navlab::cli {

extern const char* const kLessonUsage =
    "Usage: navlab lesson FILE --out DIR [--size WxH] [--scale S]\n"
    "\n"
    "Renders every slide of the lesson FILE (scenes/lessons/*.json) as the app's viewport shows it, with\n"
    "the slide's scene, query, toggles, timeline step and camera (its subject framed), the panels it names\n"
    "beside the map (profile, gfh, failure, legend) and both halves of a compare slide, and writes\n"
    "  DIR/slide_01.png, DIR/slide_02.png, ...   one picture per slide (a question slide: its answer)\n"
    "  DIR/index.md                              the lesson's page: title, summary, and per slide its\n"
    "                                            question, title, text, the step's sentence, its\n"
    "                                            picture and the teacher's notes\n"
    "  --size WxH   picture size in pixels (default 960x600, times S)\n"
    "  --scale S    text and lines S times larger, for a projector (1 to 4, default 1)\n"
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
std::vector<uint8_t> draw_side_slide(const LessonSlide& slide, const app::SlideSetup& setup, app::Viewport& view,
                                     gl::Renderer& renderer, const app::Theme& theme, SlideOut& info) {
  const app::SideFrame frame = app::side_frame(view.camera, float(view.size().x), float(view.size().y));
  app::draw_side_scene(view.overlay(), frame, std::get<SideScrollerDef>(setup.doc.scene.source), setup.side_run,
                       setup.side_tick, "player", slide.enemy);
  info.caption = setup.side_caption;
  if (!info.caption.empty()) app::draw_caption(view, info.caption, theme);
  view.finish(renderer, setup.doc, theme);
  return view.target().read_pixels();
}

// The slide's panels drawn into a w x h column (RGBA, top row first).
std::vector<uint8_t> panel_column(const LessonSlide& slide, const app::SlideSetup& setup, int w, int h,
                                  const app::Theme& theme) {
  ImDrawList dl(ImGui::GetDrawListSharedData());
  dl._ResetForNewFrame();
  dl.Flags = ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedFill | ImDrawListFlags_AllowVtxOffset;
  dl.PushTextureID(ImGui::GetIO().Fonts->TexID);
  dl.PushClipRect(ImVec2(0, 0), ImVec2(float(w), float(h)));
  const app::SlidePanelInput in{
      setup.doc, setup.plan, setup.step, theme, {setup.midpoints, setup.optimal, setup.channel}};
  const float pad = ImGui::GetFontSize() * 0.6f;
  float y = pad;
  for (const std::string& name : slide.panels)
    y += app::draw_slide_panel(dl, name, pad, y, float(w) - 2 * pad, in) + pad;
  gl::Target target;
  target.resize(w, h, 1);
  target.bind_for_drawing();
  glClearColor(theme.background.r / 255.0f, theme.background.g / 255.0f, theme.background.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImDrawList* lists[] = {&dl};
  dl._PopUnusedDrawCmd();
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = dl.VtxBuffer.Size;
  data.TotalIdxCount = dl.IdxBuffer.Size;
  data.DisplayPos = ImVec2(0, 0);
  data.DisplaySize = ImVec2(float(w), float(h));
  data.FramebufferScale = ImVec2(1, 1);
  ImGui_ImplOpenGL3_RenderDrawData(&data);
  target.resolve();
  return target.read_pixels();
}

// The map of a slide (both halves of a compare slide), w x h.
std::vector<uint8_t> draw_map(const LessonSlide& slide, app::SlideSetup& setup, int w, int h, gl::Renderer& renderer,
                              const app::Theme& theme, SlideOut& info) {
  std::vector<int> corridor = setup.plan.search.corridor;
  if (setup.plan.start_poly >= 0) corridor.push_back(setup.plan.start_poly);
  info.caption = setup.plan.describe(setup.step, setup.doc.mesh);
  const app::LegendFlags flags{setup.midpoints, setup.optimal, setup.channel};
  // The legend in the map's corner, with the camera leaving it room, unless the panel column has it.
  const bool legend = std::find(slide.panels.begin(), slide.panels.end(), "legend") == slide.panels.end();
  auto reserve = [&](const std::vector<app::LegendEntry>& e, int map_h) {
    float lw = 0, lh = 0;
    app::legend_size(e, float(map_h) * 0.5f, &lw, &lh);
    return legend ? lw + 16.0f : 0.0f;
  };
  if (!slide.compare) {
    app::Viewport view;
    const std::vector<app::LegendEntry> entries = app::legend_for(setup.doc, setup.plan, setup.step, flags, theme);
    slide_camera(slide, setup, view, w, h, reserve(entries, h));
    view.begin(w, h, theme, &setup.doc, corridor);
    app::draw_plan(view, setup.doc, setup.plan, setup.step, theme, setup.midpoints, -1.0);
    if (setup.optimal) app::draw_optimal(view, setup.plan, theme);
    if (setup.channel) app::draw_channel(view, setup.plan, theme);
    app::SpawnView spawn;
    spawn.options = setup.spawn;
    app::draw_spawn_verdicts(view, setup.doc, spawn);
    if (!info.caption.empty()) app::draw_caption(view, info.caption, theme);
    if (legend) app::draw_legend(view, entries, theme);
    view.finish(renderer, setup.doc, theme);
    return view.target().read_pixels();
  }
  app::CompareHalf halves[2];
  if (!app::compare_build(setup.doc, setup.plan, slide.compare_text, halves)) return {};
  constexpr int kGap = 4;
  const int hw = (w - kGap) / 2;
  std::vector<std::pair<std::vector<uint8_t>, int>> parts;
  app::Viewport first;
  float room = 0.0f;  // the wider of the halves' legends
  for (const app::CompareHalf& half : halves)
    room = std::max(room, reserve(app::legend_for(app::half_doc(half, setup.doc), app::half_plan(half, setup.plan),
                                                  setup.step, app::method_legend(half.method), theme),
                                  h));
  slide_camera(slide, setup, first, hw, h, room);  // one camera for both halves
  for (const app::CompareHalf& half : halves) {
    app::Viewport view;
    view.camera = first.camera;
    const app::Document& doc = app::half_doc(half, setup.doc);
    const app::PlanView& plan = app::half_plan(half, setup.plan);
    const int step = app::same_step(setup.plan, setup.step, plan);
    view.begin(hw, h, theme, &doc, corridor);
    app::draw_method(view, doc, plan, half.method, step, theme);
    if (legend) app::draw_legend(view, app::legend_for(doc, plan, step, app::method_legend(half.method), theme), theme);
    view.finish(renderer, doc, theme);
    parts.push_back({view.target().read_pixels(), hw});
  }
  std::vector<uint8_t> px = app::side_by_side(parts, h, w - 2 * hw, theme.background);
  return px;
}

// Draws one slide (its answer) into `path`.
Result<void> render_slide(const LessonSlide& slide, int w, int h, gl::Renderer& renderer, const app::Theme& theme,
                          const std::string& path, SlideOut& info) {
  app::SlideSetup setup;
  if (Result<void> r = setup_slide(slide, setup); !r) return r;
  info.step = slide.step;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  std::vector<uint8_t> px;
  if (slide.side) {
    app::Viewport view;
    slide_camera(slide, setup, view, w, h);
    view.begin(w, h, theme);
    px = draw_side_slide(slide, setup, view, renderer, theme, info);
  } else {
    // The panels' column beside the map: a third of the picture.
    const int panel_w = slide.panels.empty() ? 0 : std::max(160, w / 3);
    const int map_w = w - panel_w;
    px = draw_map(slide, setup, map_w, h, renderer, theme, info);
    if (px.empty()) {
      ImGui::EndFrame();
      return Error{"the slide's compare cannot be drawn on its scene"};
    }
    if (panel_w > 0)
      px = app::side_by_side({{px, map_w}, {panel_column(slide, setup, panel_w, h, theme), panel_w}}, h, 0,
                             theme.background);
  }
  ImGui::EndFrame();
  return gl::write_png(path, w, h, px);
}

// The lesson's page: what a teacher reads, slide by slide, with the pictures beside it.
std::string lesson_page(const Lesson& lesson, const std::vector<SlideOut>& out) {
  std::string md = "# " + lesson.title + "\n\n";
  if (!lesson.summary.empty()) md += lesson.summary + "\n\n";
  md += "Rendered by `navlab lesson " + std::filesystem::path(lesson.path).filename().string() +
        "`; open it in the app with Lessons, or F5 to present it (Page Down / Page Up turn the slides, and on a "
        "question slide Page Down first shows the answer; N shows the notes).\n";
  for (size_t i = 0; i < lesson.slides.size(); ++i) {
    const LessonSlide& s = lesson.slides[i];
    md += "\n## " + std::to_string(i + 1) + ". " + s.title + "\n\n";
    if (!s.question.empty()) md += "**Question.** " + s.question + "\n\n**Answer.** ";
    md += s.text + "\n\n";
    md += "Scene `" + std::filesystem::path(s.scene).filename().string() + "`, step `" + s.step + "`.";
    if (!out[i].caption.empty()) md += " The step says: *" + out[i].caption + "*";
    md += "\n\n![slide " + std::to_string(i + 1) + "](" + out[i].png + ")\n";
  }
  return md;
}

// Renders every slide into `dir` and writes the page.
Result<void> render_lesson(const Lesson& lesson, const std::string& dir, int w, int h, float scale,
                           std::vector<SlideOut>& out) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Error{dir + ": cannot create the folder (" + ec.message() + ")"};
  gl::Window window;
  if (Result<void> r = window.open("navlab lesson", 64, 64, true, ""); !r) return r;
  gl::Renderer renderer;
  if (Result<void> r = renderer.init(gl::shader_dir()); !r) return r;
  const app::Fonts fonts = app::load_fonts(scale);
  if (!fonts.error.empty()) return Error{fonts.error};
  app::use_font(fonts, scale != 1.0f);  // the scaled font is a real font at that size
  app::Theme theme = app::Theme::normal();
  theme.line_scale = scale;
  for (size_t i = 0; i < lesson.slides.size(); ++i) {
    if (gl::stop_signal()) return Error{gl::stop_message() + " before slide " + std::to_string(i + 1)};
    SlideOut info;
    info.png = slide_name(i);
    if (Result<void> r = render_slide(lesson.slides[i], w, h, renderer, theme, dir + "/" + info.png, info); !r)
      return Error{"slide " + std::to_string(i + 1) + ": " + r.error()};
    out.push_back(info);
  }
  return write_file_atomically(dir + "/index.md", lesson_page(lesson, out), "lesson page");
}

// Fails with why a file the lesson writes into `dir` would replace one it reads (the lesson, a slide's scene).
Result<void> refuse_overwriting_inputs(const Lesson& lesson, const std::string& dir) {
  std::vector<std::string> outs{dir + "/index.md"};
  for (size_t i = 0; i < lesson.slides.size(); ++i) outs.push_back(dir + "/" + slide_name(i));
  for (const std::string& o : outs) {
    if (Result<void> fine = refuse_overwriting_input(o, lesson.path, "lesson file"); !fine) return fine;
    for (const LessonSlide& s : lesson.slides)
      if (Result<void> fine = refuse_overwriting_input(o, s.scene, "scene file"); !fine) return fine;
  }
  return {};
}

}  // namespace

int run_lesson(const std::vector<std::string>& args) {
  const Command& self = *find_command("lesson");
  Args a(args, {"--out", "--size", "--scale"}, {});
  if (!a.ok()) return usage_error(self, a.error());
  if (a.positional().size() != 1) return usage_error(self, "expected one lesson FILE");
  const auto dir = a.value("--out");
  if (!dir) return usage_error(self, "--out DIR is required");
  float scale = 1.0f;
  if (auto sc = a.value("--scale")) {
    char tail = 0;
    if (std::sscanf(sc->c_str(), "%f%c", &scale, &tail) != 1 || !(scale >= 1.0f && scale <= 4.0f))
      return usage_error(self, "bad --scale '" + *sc + "' (expected a number from 1 to 4)");
  }
  int w = int(960 * scale), h = int(600 * scale);
  if (auto size = a.value("--size")) {
    const Result<PictureSize> px = picture_size_arg(*size, gl::kMinPictureSide);
    if (!px) return usage_error(self, px.error());
    w = px->w;
    h = px->h;
  }
  Result<Lesson> lesson = load_lesson(a.positional()[0]);
  if (!lesson) {
    std::fprintf(stderr, "%s\n", lesson.error().c_str());
    return kExitUsage;
  }
  if (Result<void> r = refuse_overwriting_inputs(lesson.value(), *dir); !r) return usage_error(self, r.error());
  std::vector<SlideOut> out;
  if (Result<void> r = render_lesson(lesson.value(), *dir, w, h, scale, out); !r) {
    std::fprintf(stderr, "navlab lesson: %s\n", r.error().c_str());
    return gl::stop_signal() ? 128 + gl::stop_signal() : kExitUsage;
  }
  nlohmann::json slides = nlohmann::json::array();
  for (const SlideOut& s : out) slides.push_back({{"png", s.png}, {"step", s.step}, {"caption", s.caption}});
  std::printf("%s\n", nlohmann::json{{"lesson", lesson->title}, {"slides", slides}}.dump().c_str());
  return kExitOk;
}

}  // namespace navlab::cli
