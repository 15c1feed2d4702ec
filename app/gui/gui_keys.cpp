#include "gui_keys.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <cstdio>

#include "gui_app.h"
#include "gui_lessons.h"
#include "gui_side.h"
#include "gui_spawn_edit.h"
#include "gui_tools.h"

// Last: its X11 headers define macros (Status, None, Bool) that would rename the types declared above.
#include <SDL_syswm.h>

namespace navlab::app {

namespace {

bool side_scene(const App& app) { return traits(app.doc.scene.kind()).side_view; }

void step_by(App& app, int delta) {
  if (side_scene(app)) return side_key_step(app.side, delta);
  app.playback.playing = false;
  app.set_step(app.playback.step + delta);
}

void play_pause(App& app) {
  if (side_scene(app)) return side_key_play(app.side);
  if (!app.playback.playing && app.playback.step >= int(app.plan.steps.size())) app.set_step(0);
  app.playback.playing = !app.playback.playing;
  app.playback.clock = 0.0;
}

void jump(App& app, bool end) {
  if (side_scene(app)) return side_key_jump(app.side, end);
  app.playback.playing = false;
  app.set_step(end ? int(app.plan.steps.size()) : 0);
}

void escape(App& app) {
  const bool tool_busy = app.click_mode != ClickMode::Inspect || app.spawn.edit.add_mode ||
                         app.links.takeoff.has_value() || !app.areas.corners.empty();
  tools_key(app, app.tools(), app.spawn, app, SDL_SCANCODE_ESCAPE);
  spawn_edit_key(app, app.spawn, app.click_mode, SDL_SCANCODE_ESCAPE);
  app.click_mode = ClickMode::Inspect;
  if (!tool_busy && app.presenting) app.end_presentation();
}

void delete_selected(App& app) {
  if (!spawn_edit_key(app, app.spawn, app.click_mode, SDL_SCANCODE_DELETE))
    tools_key(app, app.tools(), app.spawn, app, SDL_SCANCODE_DELETE);
}

void toggle_3d(App& app) {
  app.set_view(app.view.kind == Viewport::Kind::Orbit ? Viewport::Kind::Top : Viewport::Kind::Orbit);
}

// Keys that only matter in the scene's own tools.
void link_tool(App& app) { tools_key(app, app.tools(), app.spawn, app, SDL_SCANCODE_L); }
void area_tool(App& app) { tools_key(app, app.tools(), app.spawn, app, SDL_SCANCODE_Z); }
void close_area(App& app) { tools_key(app, app.tools(), app.spawn, app, SDL_SCANCODE_RETURN); }
void add_candidate(App& app) { spawn_edit_key(app, app.spawn, app.click_mode, SDL_SCANCODE_A); }

const std::vector<KeyBinding> kKeys = {
    {"play", SDL_SCANCODE_SPACE, 0, "play / pause the timeline (the side-scroller's run)", play_pause},
    {"step_next", SDL_SCANCODE_RIGHT, 0, "next step", [](App& a) { step_by(a, 1); }, true},
    {"step_previous", SDL_SCANCODE_LEFT, 0, "previous step", [](App& a) { step_by(a, -1); }, true},
    {"step_first", SDL_SCANCODE_HOME, 0, "first step", [](App& a) { jump(a, false); }},
    {"step_end", SDL_SCANCODE_END, 0, "the complete plan (the run's end)", [](App& a) { jump(a, true); }},
    {"slide_next", SDL_SCANCODE_PAGEDOWN, 0, "next slide; on a question slide first the answer",
     [](App& a) { a.press_lesson_key(SDL_SCANCODE_PAGEDOWN, false); }},
    {"slide_previous", SDL_SCANCODE_PAGEUP, 0, "previous slide",
     [](App& a) { a.press_lesson_key(SDL_SCANCODE_PAGEUP, false); }},
    {"lesson_next", SDL_SCANCODE_PAGEDOWN, kCtrl, "next lesson (the first when none is open)",
     [](App& a) { a.press_lesson_key(SDL_SCANCODE_PAGEDOWN, true); }},
    {"lesson_previous", SDL_SCANCODE_PAGEUP, kCtrl, "previous lesson",
     [](App& a) { a.press_lesson_key(SDL_SCANCODE_PAGEUP, true); }},
    {"present", SDL_SCANCODE_F5, 0, "start the presentation: presenter mode, the lesson from its first slide",
     [](App& a) { a.start_presentation(false); }},
    {"present_here", SDL_SCANCODE_F5, kShift, "start the presentation at the current slide",
     [](App& a) { a.start_presentation(true); }},
    {"hide_panels", SDL_SCANCODE_H, 0, "hide / show every side panel (the map takes the room)",
     [](App& a) { a.side_panels.hidden = !a.side_panels.hidden; }},
    {"notes", SDL_SCANCODE_N, 0, "the teacher's notes of the slide, shown / hidden",
     [](App& a) { a.lessons.show_notes = !a.lessons.show_notes; }},
    {"legend", SDL_SCANCODE_K, 0, "the colour key (legend) in the map, shown / hidden",
     [](App& a) { a.settings.show_legend = !a.settings.show_legend; }},
    {"compare", SDL_SCANCODE_C, 0, "compare two methods side by side (View > Compare)",
     [](App& a) { a.compare.on = !a.compare.on; }},
    {"presenter", SDL_SCANCODE_P, 0, "presenter mode: large font, high contrast",
     [](App& a) { a.set_presenter(!a.settings.presenter); }},
    {"fit", SDL_SCANCODE_F, 0, "fit the view to the scene (to the slide's subject in a lesson)",
     [](App& a) { a.fit_view(); }},
    {"midpoints", SDL_SCANCODE_M, 0, "the midpoint path on / off",
     [](App& a) { a.settings.show_midpoints = !a.settings.show_midpoints; }},
    {"view_3d", SDL_SCANCODE_V, 0, "3D view / top view (3D scenes)", toggle_3d},
    {"mode_start", SDL_SCANCODE_S, 0, "then click: place the start",
     [](App& a) { a.click_mode = ClickMode::SetStart; }},
    {"mode_goal", SDL_SCANCODE_G, 0, "then click: place the goal", [](App& a) { a.click_mode = ClickMode::SetGoal; }},
    {"mode_inspect", SDL_SCANCODE_I, 0, "inspect mode (left drag pans, drags doors and candidates)",
     [](App& a) {
       a.click_mode = ClickMode::Inspect;
       spawn_edit_key(a, a.spawn, a.click_mode, SDL_SCANCODE_I);
     }},
    {"add_candidate", SDL_SCANCODE_A, 0, "then click: add a spawn candidate (P<n>)", add_candidate},
    {"link_tool", SDL_SCANCODE_L, 0, "then two clicks: add an off-mesh link, takeoff then landing", link_tool},
    {"area_tool", SDL_SCANCODE_Z, 0, "then clicks: paint an area's corners (the last again or Enter closes it)",
     area_tool},
    {"close_area", SDL_SCANCODE_RETURN, 0, "close the area being painted", close_area},
    {"delete", SDL_SCANCODE_DELETE, 0, "delete the selected spawn candidate (else the selected link)", delete_selected},
    {"escape", SDL_SCANCODE_ESCAPE, 0, "cancel the tool's clicks, inspect mode; again: end the presentation", escape},
    {"dialog_ok", SDL_SCANCODE_RETURN, 0, "in a dialog: its first button (Export, Save ...)",
     [](App& a) { a.dialog_key = DialogKey::Confirm; }, false, true},
    {"dialog_cancel", SDL_SCANCODE_ESCAPE, 0, "in a dialog: Cancel", [](App& a) { a.dialog_key = DialogKey::Cancel; },
     false, true},
    {"open", SDL_SCANCODE_O, kCtrl, "open a scene (asks first when the scene has unsaved changes)",
     [](App& a) { a.file_dialog_open(false); }},
    {"save", SDL_SCANCODE_S, kCtrl, "save (a shipped or lesson scene: asks for a new path)", [](App& a) { a.save(); }},
    {"save_as", SDL_SCANCODE_S, kCtrl | kShift, "save as", [](App& a) { a.file_dialog_open(true); }},
    {"reload", SDL_SCANCODE_R, kCtrl, "reload the scene from its file", [](App& a) { a.reload(); }},
    {"export", SDL_SCANCODE_F12, 0, "export the viewport as PNG", [](App& a) { a.request_export({}); }},
    {"help", SDL_SCANCODE_F1, 0, "this help", [](App& a) { a.settings.show_help = !a.settings.show_help; }},
    {"quit", SDL_SCANCODE_Q, kCtrl, "quit (asks first when the scene has unsaved changes)",
     [](App& a) { a.request_quit(); }},
};

unsigned mods_of(unsigned sdl) { return ((sdl & KMOD_CTRL) ? kCtrl : 0u) | ((sdl & KMOD_SHIFT) ? kShift : 0u); }

// A popup (a dialog, a menu) has the keyboard: only the dialog keys act.
bool dialog_open() { return ImGui::GetCurrentContext() && ImGui::GetCurrentContext()->OpenPopupStack.Size > 0; }

}  // namespace

const std::vector<KeyBinding>& key_table() { return kKeys; }

std::string key_label(const KeyBinding& b) {
  std::string name = SDL_GetScancodeName(SDL_Scancode(b.scancode));
  if (b.scancode == SDL_SCANCODE_RETURN) name = "Enter";
  std::string out;
  if (b.mods & kCtrl) out += "Ctrl+";
  if (b.mods & kShift) out += "Shift+";
  return out + name;
}

const KeyBinding* handle_key(App& app, int scancode, unsigned sdl_mods, bool repeat) {
  const unsigned mods = mods_of(sdl_mods);
  const bool dialog = dialog_open();
  // A focused text field keeps its keys; Esc and Enter still reach a dialog.
  if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput && !dialog) return nullptr;
  for (const KeyBinding& b : kKeys) {
    if (b.scancode != scancode || b.mods != mods || b.in_dialog != dialog || (repeat && !b.repeats)) continue;
    b.action(app);
    return &b;
  }
  return nullptr;
}

void enable_raw_key_events() {
  const char* driver = SDL_GetCurrentVideoDriver();
  if (driver && std::string(driver) == "x11") SDL_EventState(SDL_SYSWMEVENT, SDL_ENABLE);
}

void track_raw_key_event(TapTracker& taps, const void* sdl_event) {
  const SDL_Event& e = *static_cast<const SDL_Event*>(sdl_event);
  if (e.type != SDL_SYSWMEVENT || !e.syswm.msg || e.syswm.msg->subsystem != SDL_SYSWM_X11) return;
  const XEvent& x = e.syswm.msg->msg.x11.event;
  if (x.type == KeyRelease) taps.x_release(x.xkey.keycode, x.xkey.time);
  if (x.type == KeyPress) taps.x_press(x.xkey.keycode, x.xkey.time);
}

const std::vector<MouseHelp>& mouse_help() {
  static const std::vector<MouseHelp> rows = {
      {"Wheel", "zoom at the cursor (3D view: towards the point under it)"},
      {"Right or middle drag", "pan the top view"},
      {"Left drag (inspect mode)", "pan; drag a door, blocker, spawn candidate or link end"},
      {"3D view: left or right drag", "turn the camera around the level"},
      {"3D view: middle drag, Shift+drag", "pan the camera"},
      {"Click (start / goal mode)", "place the start or the goal on the surface under the mouse"},
      {"Hover the path or the v(s) plot", "mark the same point in the other"},
      {"Drop a file on the window", "open it as a scene (asks first when there are unsaved changes)"},
  };
  return rows;
}

nlohmann::json key_state_json(const App& app, const KeyBinding* b, int scancode) {
  const LessonsView& l = app.lessons;
  return {{"key", SDL_GetScancodeName(SDL_Scancode(scancode))},
          {"id", b ? b->id : ""},
          {"step", app.playback.step},
          {"steps", app.plan.steps.size()},
          {"playing", app.playback.playing},
          {"lesson", l.lesson ? nlohmann::json{{"file", l.lesson->path}, {"slide", l.slide}, {"revealed", l.revealed}}
                              : nlohmann::json(nullptr)},
          {"presenting", app.presenting},
          {"panels_hidden", app.side_panels.hidden},
          {"side_tick", app.side.tick}};
}

namespace {

// Pushes a key press and its release as SDL events: both are handled in the next frame.
Result<void> push_tap(App& app, const nlohmann::json& a) {
  const std::string key = a["key_tap"].is_string() ? a["key_tap"].get<std::string>() : "";
  const SDL_Scancode sc = SDL_GetScancodeFromName(key.c_str());
  if (sc == SDL_SCANCODE_UNKNOWN) return Error{"key_tap needs a key as SDL names it (PageDown, Right, Space, F5 ...)"};
  SDL_Event e{};
  e.type = SDL_KEYDOWN;
  e.key.state = SDL_PRESSED;
  e.key.keysym.scancode = sc;
  e.key.keysym.sym = SDL_GetKeyFromScancode(sc);
  e.key.keysym.mod = Uint16((a.value("ctrl", false) ? KMOD_LCTRL : 0) | (a.value("shift", false) ? KMOD_LSHIFT : 0));
  e.key.windowID = SDL_GetWindowID(app.window.sdl());
  SDL_PushEvent(&e);
  e.type = SDL_KEYUP;
  e.key.state = SDL_RELEASED;
  SDL_PushEvent(&e);
  return {};
}

// Shows the window and reports every key press it gets from the X server (see keys_script_action).
Result<void> listen(App& app, const nlohmann::json& a) {
  const char* driver = SDL_GetCurrentVideoDriver();
  if (!driver || std::string(driver) != "x11")
    return Error{"listen_keys needs a real X window (SDL's x11 driver, e.g. under Xvfb), not '" +
                 std::string(driver ? driver : "none") + "'"};
  const int want = a["listen_keys"].get<int>();
  const double seconds = a.value("seconds", 30.0);
  SDL_Window* w = app.window.sdl();
  SDL_ShowWindow(w);
  SDL_RaiseWindow(w);
  SDL_SysWMinfo info;
  SDL_VERSION(&info.version);
  unsigned long xid = 0;
  if (SDL_GetWindowWMInfo(w, &info) && info.subsystem == SDL_SYSWM_X11) xid = (unsigned long)info.info.x11.window;
  for (int i = 0; i < 5; ++i) app.frame();  // mapped and drawn before the first key
  int got = 0;
  // Every raw and SDL key event and what was made of it, on stderr: what a lost tap needs explained.
  app.taps.on_log = [](const std::string& line) { std::fprintf(stderr, "keys: %s\n", line.c_str()); };
  app.key_observer = [&](const KeyBinding* b, int sc) {
    ++got;
    std::printf("%s\n", key_state_json(app, b, sc).dump().c_str());
    std::fflush(stdout);
  };
  std::printf("%s\n", nlohmann::json{{"listening", xid}}.dump().c_str());
  std::fflush(stdout);
  const Uint64 t0 = SDL_GetPerformanceCounter();
  while (got < want && double(SDL_GetPerformanceCounter() - t0) / double(SDL_GetPerformanceFrequency()) < seconds)
    if (!app.frame()) break;
  app.key_observer = nullptr;
  app.taps.on_log = nullptr;
  if (got < want)
    return Error{"listen_keys: " + std::to_string(got) + " of " + std::to_string(want) + " key presses came"};
  return {};
}

}  // namespace

std::optional<Result<void>> keys_script_action(App& app, const nlohmann::json& a) {
  if (a.contains("key_tap")) return push_tap(app, a);
  if (!a.contains("listen_keys")) return std::nullopt;
  if (!a["listen_keys"].is_number_integer()) return Error{"listen_keys needs a number of key presses"};
  return listen(app, a);
}

}  // namespace navlab::app
