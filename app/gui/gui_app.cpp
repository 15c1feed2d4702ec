#include "gui_app.h"

#include "cpu_clock.h"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "gl_png.h"
#include "gui_files.h"
#include "gui_legend.h"
#include "gui_lessons.h"
#include "gl_stop.h"
#include "gui_tools.h"

namespace navlab::app {

namespace {

long long file_stamp(const std::string& path) {
  std::error_code ec;
  const auto t = std::filesystem::last_write_time(path, ec);
  if (ec) return 0;
  return static_cast<long long>(t.time_since_epoch().count());
}

// Shrinks w x h to the usable area of the display the window opens on (the screen without panels and
// docks), so a window never opens larger than the screen.
void fit_to_display(int* w, int* h) {
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return;  // Window::open reports why
  SDL_Rect usable;
  if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
    *w = std::min(*w, usable.w);
    *h = std::min(*h, usable.h);
  }
}

// The names of this frame's windows whose content does not fit (App::clipped_windows).
void find_clipped(std::vector<std::string>& out) {
  out.clear();
  constexpr float kSlackPx = 1.0f;  // rounding
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    // The menu bar says itself whether its last item fits (App::main_menu).
    if (!w->Active || w->Hidden ||
        (w->Flags &
         (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_MenuBar)))
      continue;
    // This frame's content (ContentSize is the last frame's) against this frame's room.
    const float inner_w = w->ContentRegionRect.GetWidth(), inner_h = w->ContentRegionRect.GetHeight();
    const float content_w = w->DC.CursorMaxPos.x - w->DC.CursorStartPos.x;
    const float content_h = w->DC.CursorMaxPos.y - w->DC.CursorStartPos.y;
    const bool wide = content_w > inner_w + kSlackPx && !w->ScrollbarX;
    const bool tall = (w->Flags & ImGuiWindowFlags_NoScrollbar) && !(w->Flags & ImGuiWindowFlags_AlwaysAutoResize) &&
                      content_h > inner_h + kSlackPx;
    if (wide || tall) out.push_back(w->Name);
  }
}

}  // namespace

Result<void> App::init(const Options& opt) {
  options = opt;
  start_ticks_ = SDL_GetPerformanceCounter();
  if (opt.use_settings) {
    const std::string dir = config_dir();
    if (!dir.empty()) {
      settings_path = dir + "/settings.json";
      ini_path_ = dir + "/imgui.ini";
      Result<Settings> loaded = load_settings(settings_path);
      settings = loaded ? std::move(loaded).value() : Settings{};
      if (!loaded) status = loaded.error() + "; using default settings";
    }
  }
  int w = opt.width, h = opt.height;
  if (!opt.hidden) fit_to_display(&w, &h);  // a shown window is never larger than the screen
  if (Result<void> r = window.open("navlab", w, h, opt.hidden, ini_path_); !r) return r;
  enable_raw_key_events();
  // The arrows, Space and Enter are the app's keys (gui_keys.h), not ImGui's widget navigation.
  ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  fonts = load_fonts();
  if (Result<void> r = renderer.init(gl::shader_dir()); !r) return r;
  set_presenter(settings.presenter);
  if (!fonts.error.empty() && opt.hidden) return Error{fonts.error};  // a scripted run: an error, as in render
  const std::string scene = opt.scene.empty() ? default_scene_path() : opt.scene;
  if (!open_scene(scene)) status = "could not open " + scene;
  if (!fonts.error.empty()) show_error(fonts.error);  // interactive: said, and the next font is used
  return {};
}

void App::shutdown() {
  if (!settings_path.empty()) {
    if (Result<void> saved = save_settings(settings, settings_path); !saved)
      SDL_Log("navlab: %s", saved.error().c_str());
  }
}

void App::on_stop_signal() { quit = true; }

void App::show_error(const std::string& message) {
  error = message;
  SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "navlab: %s", message.c_str());
}

bool App::open_scene(const std::string& path) {
  Result<Document> next = load_document(path);
  if (!next) {
    show_error(next.error() + (doc.loaded() ? "\nThe scene you had is still open." : ""));
    return false;
  }
  if (options.use_settings && !lessons.opening) add_recent(settings, path);
  open_document(std::move(next).value());
  return true;
}

void App::open_document(Document next) {
  doc = std::move(next);
  const std::string path = doc.path;
  bake_abandon(baking);    // a bake of the scene before is of no use now
  if (!lessons.opening) {  // a scene of the user's own: the lesson's slide column closes
    lessons.lesson.reset();
    compare.on = false;
  }
  files_mark_saved(*this, files, lessons.opening || is_shipped(path));
  file_stamp_ = file_stamp(path);
  view.mesh_changed();
  want_fit_ = true;
  error.clear();
  status = "opened " + path;
  replan();
}

bool App::reload() {
  if (!doc.loaded()) return false;
  if (check_reload(*this, check)) return true;  // a check suite's level, not a scene file
  const auto start = doc.start, goal = doc.goal;
  const int qi = doc.query_index;
  const std::string path = doc.path;
  Result<Document> loaded = load_document(path);
  if (!loaded) {
    show_error(loaded.error() + "\nThe scene you had is still open.");
    file_stamp_ = file_stamp(path);
    return false;
  }
  doc = std::move(loaded).value();
  if (qi < 0) {  // keep a user-placed query across reloads
    doc.start = start;
    doc.goal = goal;
    doc.query_index = -1;
  }
  bake_abandon(baking);
  files_mark_saved(*this, files, files.read_only);
  file_stamp_ = file_stamp(path);
  view.mesh_changed();
  error.clear();
  status = "reloaded " + path;
  replan();
  return true;
}

bool App::save_scene_as(const std::string& path) {
  if (Result<void> saved = save_scene(doc.scene, path); !saved) {
    show_error(saved.error());
    return false;
  }
  doc.path = path;
  files_mark_saved(*this, files, is_shipped(path) && files.read_only);
  file_stamp_ = file_stamp(path);
  if (options.use_settings) add_recent(settings, path);
  status = "saved " + path;
  return true;
}

void App::save() {
  if (!doc.loaded()) return;
  if (files.read_only) {
    status = "a shipped or lesson scene: save it under a new name";
    file_dialog_open(true);
    return;
  }
  save_scene_as(doc.path);
}

void App::file_dialog_open(bool save_as) { files_dialog(*this, files, save_as); }

bool App::unsaved() const { return files_unsaved(*this, files); }

void App::request_open(const std::string& path) {
  if (unsaved()) return files_ask(files, FilesView::Pending::Open, path);
  open_scene(path);
}

void App::request_quit() {
  if (unsaved()) return files_ask(files, FilesView::Pending::Quit, "");
  quit = true;
}

void App::close_lesson() {
  lessons.lesson.reset();
  presenting = false;
  compare.on = false;
}

void App::start_presentation(bool from_current) {
  if (!lessons.lesson) {
    press_lesson_key(SDL_SCANCODE_PAGEDOWN, true);  // the first lesson of the folder
    if (!lessons.lesson) return;
  } else if (!from_current) {
    go_to_slide(0);
  }
  presenting = true;
  side_panels.hidden = false;
  if (!settings.presenter) set_presenter(true);
  status = "presenting " + lessons.lesson->title + " (Page Down: next, Esc: end)";
}

void App::end_presentation() {
  presenting = false;
  if (settings.presenter) set_presenter(false);
  status = "presentation ended";
}

void App::replan(bool live) {
  if (traits(doc.scene.kind()).side_view) side_rerun(*this, side);
  plan.run(doc, live);
  ++plan_runs;
  playback.step = int(plan.steps.size());
  playback.playing = false;
}

void App::finish_replan() {
  if (!plan.extras_pending) return;
  const bool at_end = playback.step >= int(plan.steps.size());
  plan.finish_extras(doc);
  if (at_end) playback.step = int(plan.steps.size());
}

void App::set_view(Viewport::Kind kind) {
  if (kind == Viewport::Kind::Orbit && !View3D::possible(doc)) {
    status = "the 3D view needs a 3D scene (a level mesh or a Detour file)";
    return;
  }
  view.kind = kind;
  status = kind == Viewport::Kind::Orbit ? "3D view (V: top view)" : "top view";
}

void App::export_size(bool whole_window, int* w, int* h) const {
  if (whole_window) {
    window.drawable_size(w, h);
  } else {
    *w = int(pointer.vp_w);
    *h = int(pointer.vp_h);
  }
}

bool App::take_dialog_key(DialogKey k) {
  if (dialog_key != k) return false;
  dialog_key = DialogKey::None;
  return true;
}

void App::set_step(int s) { playback.step = std::clamp(s, 0, int(plan.steps.size())); }

void App::set_presenter(bool on) {
  settings.presenter = on;
  theme = on ? Theme::high_contrast() : Theme::normal();
  view.mesh_changed();
  apply_theme_style();
}

void App::apply_theme_style() {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  if (theme.presenter) {
    ImGui::StyleColorsDark();
    style.ScaleAllSizes(kPresenterScale);
    presenter_style(style);
  } else {
    ImGui::StyleColorsDark();
  }
  style.WindowRounding = 0.0f;
  use_font(fonts, theme.presenter);
}

void App::handle_event(const void* ev) {
  const SDL_Event& e = *static_cast<const SDL_Event*>(ev);
  ImGui_ImplSDL2_ProcessEvent(&e);
  if (e.type == SDL_QUIT) request_quit();
  if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE &&
      e.window.windowID == SDL_GetWindowID(window.sdl()))
    request_quit();
  // Every key from the key event itself (gui_keys.h): a tap whose press and release fall in one frame
  // counts, and so does a second tap SDL took for auto-repeat (TapTracker).
  track_raw_key_event(taps, &e);
  if (e.type == SDL_KEYUP) taps.sdl_up(e.key.keysym.scancode);
  if (e.type == SDL_KEYDOWN) {
    const bool repeat = taps.is_repeat(e.key.keysym.scancode, e.key.repeat != 0);
    const KeyBinding* b = handle_key(*this, e.key.keysym.scancode, e.key.keysym.mod, repeat);
    if (key_observer && !repeat) key_observer(b, e.key.keysym.scancode);
  }
  if (e.type == SDL_DROPFILE) {
    const std::string path = e.drop.file;
    SDL_free(e.drop.file);
    request_open(path);
  }
}

void App::check_file_changed() {
  if (!doc.loaded()) return;
  const double now = ImGui::GetTime();
  if (now - last_file_check_ < 0.5) return;
  last_file_check_ = now;
  const long long stamp = file_stamp(doc.path);
  if (stamp != 0 && stamp != file_stamp_) {
    if (unsaved()) {  // the file changed under edits: keep the edits, say so once
      file_stamp_ = stamp;
      status = doc.path + " changed on disk; your unsaved edits are kept (Ctrl+R reloads the file)";
      return;
    }
    reload();
  } else if (stamp == 0 && file_stamp_ != 0) {
    // Deleted or moved while open: said once; the scene stays on screen and can be saved elsewhere.
    file_stamp_ = 0;
    show_error(doc.path +
               " is gone (deleted or moved) while it was open.\nThe scene you had is still open: Save As "
               "keeps it.");
  }
}

bool App::frame() {
  const double cpu0 = thread_cpu_ms();
  view.frame_started_cpu_ms = cpu0;
  SDL_Event e;
  while (SDL_PollEvent(&e)) handle_event(&e);
  if (gl::stop_signal()) on_stop_signal();
  if (quit) return false;
  check_file_changed();
  playback.hover_s = playback.hover_next;
  playback.hover_next = -1.0;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  if (pointer.script_mouse) {  // after the backend, which sets the real mouse
    ImGui::GetIO().MousePos = ImVec2(pointer.script_mouse->x, pointer.script_mouse->y);
    ImGui::GetIO().MouseDown[0] = pointer.script_mouse->down;
  }
  int sized_w = 0, sized_h = 0;  // a whole-window export at another size: this frame is laid out for it
  const bool sized = sized_window_export(&sized_w, &sized_h);
  if (sized) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize =
        ImVec2(float(sized_w) / io.DisplayFramebufferScale.x, float(sized_h) / io.DisplayFramebufferScale.y);
  }
  ImGui::NewFrame();
  bake_frame(*this, bake_room());  // a bake finished on its thread replaces the mesh before anything reads it
  doors_frame(doors_engine(), ImGui::GetIO().DeltaTime);
  if (playback.playing && !plan.steps.empty()) {
    playback.clock += ImGui::GetIO().DeltaTime * settings.playback_speed;
    while (playback.clock >= 1.0 && playback.playing) {
      playback.clock -= 1.0;
      if (playback.step >= int(plan.steps.size()))
        playback.playing = false;
      else
        set_step(playback.step + 1);
    }
  }
  const float shown_w = pointer.vp_w, shown_h = pointer.vp_h;
  const gl::Camera shown_camera = view.camera;
  const float shown_layout_w = layout_w_, shown_layout_h = layout_h_;
  build_ui();
  dialog_key = DialogKey::None;  // a dialog that was open took it; else it is stale
  find_clipped(clipped_windows);
  if (menu_cut_) clipped_windows.push_back("menu bar");
  if (sized)  // the export's viewport shows the same view as the screen's
    view.camera.scale = shown_camera.scale * std::min(pointer.vp_w / shown_w, pointer.vp_h / shown_h);
  ImGui::Render();
  timing.last_prep_cpu_ms = thread_cpu_ms() - cpu0;

  if (layout_w_ != shown_layout_w || layout_h_ != shown_layout_h) want_fit_ = want_fit_ || lessons.lesson.has_value();
  draw_viewport_content();

  int fw = 0, fh = 0;
  window.drawable_size(&fw, &fh);
  if (sized) {
    fw = sized_w;
    fh = sized_h;
  }
  window_target_.resize(fw, fh, 1);
  window_target_.bind_for_drawing();
  const gl::Rgba bg = theme.background;
  glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  window_target_.resolve();
  do_export();
  if (sized) {  // a frame drawn at an export size is not shown; the screen's layout comes back
    view.camera = shown_camera;
    pointer.vp_w = shown_w;
    pointer.vp_h = shown_h;
    layout_w_ = shown_layout_w;
    layout_h_ = shown_layout_h;
  } else {
    window_target_.blit_to_screen();
    window.swap();
  }
  if (timing.first_frame_ms < 0.0)
    timing.first_frame_ms =
        double(SDL_GetPerformanceCounter() - start_ticks_) * 1000.0 / double(SDL_GetPerformanceFrequency());
  return !quit;
}

void App::draw_viewport_content() {
  const int w = int(pointer.vp_w), h = int(pointer.vp_h);
  if (want_fit_ && doc.loaded()) {
    if (!fit_slide_subject(*this, lessons, view, w, h)) view.fit(doc, w, h);  // a lesson frames its slide's subject
    view.view3d.request_fit();
    want_fit_ = false;
  }
  const double cpu0 = thread_cpu_ms();
  std::vector<int> corridor = plan.search.corridor;
  if (plan.start_poly >= 0) corridor.push_back(plan.start_poly);
  view.begin(w, h, theme, &doc, corridor);
  if (!doc.loaded()) return;
  const bool split = compare_shown(*this);
  // The legend in the map's corner; a lesson's goes in the slide column, beside the map, not over it.
  const bool map_legend = settings.show_legend && layout_.slide.empty();
  if (split) {
    const CompareHalf& a = compare.halves[0];
    draw_method(view, half_doc(a, doc), half_plan(a, plan), a.method,
                same_step(plan, playback.step, half_plan(a, plan)), theme);
    if (map_legend)
      draw_legend(view,
                  legend_for(doc, half_plan(a, plan), same_step(plan, playback.step, half_plan(a, plan)),
                             method_legend(a.method), theme),
                  theme);
  } else {
    draw_plan(view, doc, plan, playback.step, theme, settings.show_midpoints, playback.hover_s);
    if (settings.show_optimal) draw_optimal(view, plan, theme);
    if (settings.show_channel) draw_channel(view, plan, theme);
  }
  // A question's answer waits.
  if ((!lessons.lesson || lessons.revealed) && side_panels[SidePanel::Spawn]) draw_spawn_verdicts(view, doc, spawn);
  draw_doors(*this, view, doors);
  draw_tools(*this, view, {pointer.vp_x, pointer.vp_y}, tools(), *this, baking);
  draw_areas(*this, view, areas, click_mode, *this);
  draw_check(view, theme, check);
  if (!split && playback.step < int(plan.steps.size()))
    draw_caption(view, plan.describe(playback.step, doc.mesh), theme);
  if (map_legend && !split)
    draw_legend(view, legend_for(doc, plan, playback.step, legend_flags(settings), theme), theme);
  timing.last_prep_cpu_ms += thread_cpu_ms() - cpu0;
  view.finish(renderer, doc, theme, !pending_export_);  // an export gets the exact picture
  if (!split) return;
  // The right half: the same camera, the same step cursor.
  Viewport& r = compare.right;
  r.camera = view.camera;
  r.begin(w, h, theme, &doc, corridor);
  const CompareHalf& b = compare.halves[1];
  const PlanView& bp = half_plan(b, plan);
  draw_method(r, half_doc(b, doc), bp, b.method, same_step(plan, playback.step, bp), theme);
  if (map_legend)
    draw_legend(r, legend_for(doc, bp, same_step(plan, playback.step, bp), method_legend(b.method), theme), theme);
  r.finish(renderer, doc, theme, !pending_export_);
}

bool App::sized_window_export(int* w, int* h) const {
  if (!pending_export_ || pending_export_->next_frame || !pending_export_->whole_window) return false;
  if (pending_export_->width <= 0 || pending_export_->height <= 0) return false;
  int fw = 0, fh = 0;
  window.drawable_size(&fw, &fh);
  if (pending_export_->width == fw && pending_export_->height == fh) return false;
  *w = pending_export_->width;
  *h = pending_export_->height;
  return true;
}

void App::at_viewport_size(int w, int h, const std::function<void()>& draw) {
  const gl::Camera saved = view.camera;
  const float saved_w = pointer.vp_w, saved_h = pointer.vp_h;
  view.camera.scale = saved.scale * std::min(double(w) / pointer.vp_w, double(h) / pointer.vp_h);
  pointer.vp_w = float(w);
  pointer.vp_h = float(h);
  draw();
  view.camera = saved;
  pointer.vp_w = saved_w;
  pointer.vp_h = saved_h;
  draw_viewport_content();
}

// Every step of the stage drawn as the viewport shows it (at the request's size, or the viewport's),
// the timeline put back where it was.
Result<void> App::export_gif(const ExportRequest& req, const std::string& path) {
  const int w = req.width > 0 ? req.width : int(pointer.vp_w), h = req.height > 0 ? req.height : int(pointer.vp_h);
  const int shown = playback.step;
  Result<void> written;
  at_viewport_size(w, h, [&] {
    written = write_stage_gif(
        plan, req.gif_stage, w, h,
        [&](int s) {
          playback.step = s;
          draw_viewport_content();
          return view.target().read_pixels();
        },
        path);
    playback.step = shown;
  });
  return written;
}

void App::do_export() {
  if (!pending_export_) return;
  if (pending_export_->next_frame) {
    pending_export_->next_frame = false;
    return;
  }
  const ExportRequest req = *pending_export_;
  pending_export_.reset();
  std::string path = req.path.empty() ? gl::timestamped_png_name(settings.export_dir) : req.path;
  if (req.path.empty() && !req.gif_stage.empty()) path = std::filesystem::path(path).replace_extension(".gif").string();
  Result<void> written;
  if (!req.gif_stage.empty()) {
    written = export_gif(req, path);
  } else if (req.whole_window) {
    written = gl::write_png(path, window_target_.width(), window_target_.height(), window_target_.read_pixels());
  } else if (req.width > 0 && req.height > 0 && (req.width != int(pointer.vp_w) || req.height != int(pointer.vp_h))) {
    // Same view at another size, offscreen: every layer of the viewport (plan, spawn verdicts, doors) is
    // drawn again at that size.
    at_viewport_size(req.width, req.height, [&] {
      draw_viewport_content();
      written = gl::write_png(path, req.width, req.height, view.target().read_pixels());
    });
  } else {
    written = gl::write_png(path, view.target().width(), view.target().height(), view.target().read_pixels());
  }
  if (written) {
    export_dialog.last = path;
    status = "exported " + path;
  } else {
    if (export_dialog.failure.empty()) export_dialog.failure = written.error();
    status = "export failed: " + written.error();
    show_error(written.error());
  }
}

bool compare_shown(const App& app) {
  return app.compare.on && app.compare.error.empty() && app.compare.built_for >= 0 &&
         !traits(app.doc.scene.kind()).side_view && !app.showing_3d();
}

void compare_refresh(App& app) {
  CompareView& c = app.compare;
  if (c.built_for == app.plan_runs && c.built_spec == c.spec) return;
  c.error = compare_build(app.doc, app.plan, c.spec, c.halves).error();
  c.built_for = app.plan_runs;
  c.built_spec = c.spec;
  if (!c.error.empty()) app.status = "compare: " + c.error;
}

std::optional<Result<void>> compare_script_action(App& app, const nlohmann::json& a) {
  if (!a.contains("compare")) return std::nullopt;
  const nlohmann::json& c = a["compare"];
  if (c.is_boolean() && !c.get<bool>()) {
    app.compare.on = false;
    return Result<void>();
  }
  if (!c.is_string()) return Error{"compare is \"A:B\" (two methods) or false"};
  app.compare.spec = c.get<std::string>();
  app.compare.on = true;
  compare_refresh(app);
  if (!app.compare.error.empty()) return Error{app.compare.error};
  return Result<void>();
}

nlohmann::json compare_state_json(const App& app) {
  if (!compare_shown(app)) return nullptr;
  nlohmann::json halves = nlohmann::json::array();
  for (const CompareHalf& h : app.compare.halves) {
    const PlanView& p = half_plan(h, app.plan);
    const MethodNumbers n = method_numbers(h.method, p, half_doc(h, app.doc).mesh);
    halves.push_back(half_json(h.method, n, same_step(app.plan, app.playback.step, p)));
  }
  return {{"spec", app.compare.spec}, {"halves", halves}};
}

}  // namespace navlab::app
