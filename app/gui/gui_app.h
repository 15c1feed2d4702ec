// The interactive app: one window, a viewport, a timeline over every recorded step, panels and a
// velocity profile plot. It is the top of app/gui: the frame, the keys and the layout take the App and
// hand a room the Session (gui_session.h), the room's own state and the few other pieces it takes (the
// script dispatcher still takes the App).
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "gl_renderer.h"
#include "gl_window.h"
#include "gui_areas.h"
#include "gui_bake.h"
#include "gui_compare.h"
#include "gui_files.h"
#include "gui_check.h"
#include "gui_doc.h"
#include "gui_dispose.h"
#include "gui_export.h"
#include "gui_keys.h"
#include "gui_layout.h"
#include "gui_legend.h"
#include "gui_doors.h"
#include "gui_lessons.h"
#include "gui_links.h"
#include "gui_plan.h"
#include "gui_panels.h"
#include "gui_presenter.h"
#include "gui_session.h"
#include "gui_settings.h"
#include "gui_side.h"
#include "gui_theme.h"
#include "gui_tools.h"
#include "gui_viewport.h"
#include "gui_viewport_mouse.h"
#include "panel_spawn.h"
#include "result.h"

namespace navlab::app {

// A mouse the script drives (window pixels, left button), replacing the real one while set.
struct ScriptMouse {
  float x = 0, y = 0;
  bool down = false;
};

// The app: the Session every room shares (gui_session.h) and each room's own state. It is also the Baker
// the links and areas rooms, the editing tools and the Bake panel drive the bake through and the
// BakeShell the bake job asks what only the app does (gui_bake.h), the DoorControls of the Doors panel
// and the door handles and the DoorsShell of the doors' engine (gui_doors.h), the Exporter of the export
// dialog (gui_export.h), the FileShell of the file dialog and the unsaved-changes prompt (gui_files.h),
// the LessonControls of the Lessons menu and the slide column (gui_lessons.h) and the EndpointPlacer of
// the viewport's mouse (gui_viewport_mouse.h).
class App : public Session,
            public Baker,
            public BakeShell,
            public DoorControls,
            public DoorsShell,
            public Exporter,
            public FileShell,
            public LessonControls,
            public EndpointPlacer {
 public:
  struct Options {
    std::string scene;    // "" = the default scene
    bool hidden = false;  // scripted runs: no visible window
    int width = 1440, height = 900;
    bool use_settings = true;  // false: no settings or imgui.ini read or written (tests, scripts)
  };
  // Opens the window and the first scene; fails with an error (no window, shaders missing).
  Result<void> init(const Options& opt);
  void shutdown();
  // One frame: events, UI, viewport, export. Returns false when the user quit.
  bool frame();

  // ---- actions (menus, shortcuts, scripts) ----
  bool open_scene(const std::string& path) override;
  void open_document(Document next) override;
  bool reload() override;
  bool save_scene_as(const std::string& path) override;
  // Save: to the scene's own file, or (a shipped or lesson scene, read-only) the Save As dialog.
  void save();
  // File > Open / Save As: the file dialog in the open scene's folder (gui_files.h).
  void file_dialog_open(bool save_as);
  // Opens `path` once the unsaved changes are saved or discarded (the prompt asks first when there are).
  void request_open(const std::string& path) override;
  // Quits once the unsaved changes are saved or discarded (Ctrl+Q, File > Quit, the window's close).
  void request_quit();
  // Whether the scene differs from its file as opened or last saved (a lesson slide's toggles aside).
  bool unsaved() const override;
  // Presentation: presenter mode, the slide column beside the map and the lesson (the open one or the
  // first of the folder) from its first slide, or (from_current) from the slide shown.
  void start_presentation(bool from_current) override;
  void end_presentation();
  // The layout of the last frame (window pixels): where the map and each panel were.
  const Layout& layout() const { return layout_; }
  void replan(bool live = false) override;
  void finish_replan() override;
  void set_step(int step) override;
  void set_presenter(bool on);
  void request_export(const ExportRequest& req) override { pending_export_ = req; }
  void fit_view() override { want_fit_ = true; }
  // The top view or the 3D view (V, View menu). The 3D view needs a 3D scene (View3D::possible): on
  // another scene asking for it changes nothing but the status line. The top view is the default.
  void set_view(Viewport::Kind kind);
  bool showing_3d() const { return view.kind == Viewport::Kind::Orbit && View3D::possible(doc); }
  void show_error(const std::string& message) override;
  // SIGINT or SIGTERM arrived (gl/gl_stop.h): the app ends after this frame. The one place the quit on a
  // signal is decided: an interactive app may ask about unsaved edits here first; a scripted or hidden
  // run never asks.
  void on_stop_signal();
  // The bake as the links and areas rooms, the editing tools and the Bake panel see it (gui_bake.h).
  BakeInputs wanted_inputs() const override { return wanted_bake_inputs(*this, baking); }
  bool start_bake(const BakeInputs& inputs, const std::string& what) override {
    return bake_with(*this, bake_room(), inputs, what);
  }
  bool rebake_with(const BakeDef& bake) override { return rebake(*this, bake_room(), bake); }
  bool cancel_bake() override { return bake_cancel(*this, bake_room(), false); }
  std::optional<Result<void>> scripted_edit(const std::function<EditDone()>& act) override {
    return bake_edit_action(bake_room(), act);
  }
  // The bake job's state, the viewport, the disposer and this shell, as the bake room takes them, and
  // what only the shell does for it: the doors room's answer to a door's bake, a frame (gui_bake.h).
  BakeRoom bake_room() { return {baking, view, disposer, *this}; }
  void door_mesh_rebaked(const std::string& door, const std::string& what, double bake_ms) override {
    doors_mesh_rebaked(*this, doors, door, what, bake_ms);
  }
  void door_rebake_failed(const std::string& what, const std::string& error) override {
    doors_rebake_failed(doors, what, error);
  }
  bool run_frame() override { return frame(); }  // for the doors' engine too (DoorsShell)
  // The link tool's and the area tool's state and the click mode, as the editing tools take them (gui_tools.h).
  Tools tools() { return {links, areas, click_mode}; }
  // The doors' engine as the Doors panel and the door handles see it (gui_doors.h).
  Result<void> set_door_open(const std::string& door, bool open) override {
    return doors_set_open(*this, doors, door, open);
  }
  Result<void> move_door(const std::string& door, const std::vector<Vec2>& shape, bool final_move) override {
    return doors_move(doors_engine(), door, shape, final_move);
  }
  Result<void> move_blocker(const std::string& id, Vec2 center, bool final_move) override {
    return blockers_move(*this, doors, id, center, final_move);
  }
  Result<void> set_tile_cache(bool on) override { return doors_set_tile_cache(doors_engine(), on); }
  void restart_follower() override { sim_restart(*this, doors); }
  // What the doors' engine asks of the app (gui_doors.h), and its pieces as the engine takes them.
  void bake_door(const std::string& door, const std::string& what) override {
    bake_for_door(*this, baking, door, what);
  }
  bool bake_running() const override { return baking.job != nullptr; }
  DoorsEngine doors_engine() { return {*this, doors, view, disposer, *this}; }
  // The window as the export dialog sees it (gui_export.h); the file dialogs take their keys alike.
  void export_size(bool whole_window, int* w, int* h) const override;
  bool take_dialog_key(DialogKey k) override;
  // What only the shell does for the file dialog and the prompt (gui_files.h).
  bool open_lesson_file(const std::string& path) override { return open_lesson(*this, lesson_room(), path); }
  void quit_now() override { quit = true; }
  void press_dialog_key(DialogKey k) override { dialog_key = k; }
  // The lessons as the Lessons menu and the slide column see them (gui_lessons.h).
  void go_to_slide(int index) override { show_slide(*this, lesson_room(), index); }
  bool press_lesson_key(int sdl_scancode, bool ctrl) override {
    return lesson_key(*this, lesson_room(), sdl_scancode, ctrl);
  }
  void close_lesson() override;
  bool is_presenting() const override { return presenting; }
  // The lessons' state and the other rooms' a slide sets, as the lessons room takes them (gui_lessons.h).
  LessonRoom lesson_room() { return {lessons, files, compare, spawn, side}; }
  // The start or goal placed by a click in the viewport, top view or 3D (gui_viewport_mouse.h).
  bool place_endpoint(const SurfacePick& p) override;

  // ---- the shell's own state and each room's (what all rooms share is the Session's) ----
  Options options;
  std::string settings_path;
  ClickMode click_mode = ClickMode::Inspect;
  SidePanels side_panels;   // which side panels are shown (View menu, scripts' {"panel": NAME}; gui_layout.h)
  bool presenting = false;  // F5: presenter mode with the lesson beside the map
  DialogKey dialog_key = DialogKey::None;  // Enter / Esc while a dialog is open, taken by the dialog
  // Scripts' listen_keys: called after each key press the window handled (binding null: none bound).
  std::function<void(const KeyBinding*, int scancode)> key_observer;
  TapTracker taps;                      // quick second taps SDL flags as repeats (gui_taps.h)
  CompareView compare;                  // two methods side by side (gui_compare.h)
  std::function<void()> state_printer;  // scripts' {"print_state": true}: prints the state line (navlab's CLI)
  // Windows of the last frame whose content did not fit: wider than the window (a line cut at its
  // edge), or taller than a window that cannot scroll (the transport bar).
  std::vector<std::string> clipped_windows;
  FilesView files;             // the file dialog and the unsaved-changes prompt (gui_files.h)
  BakeView baking;             // the bake under way on its worker thread, how the last one ended, the
                               // Bake panel's edited parameters
  Disposer disposer;           // frees replaced meshes and finished bakes off the UI thread
  LinksView links;             // the link tool and the Links panel (gui_links.h)
  AreasView areas;             // the area tool and the Painted areas panel (gui_areas.h)
  DoorsView doors;             // doors panel: corridor version, re-plan log, dragging, follower (gui_doors.h)
  SpawnView spawn;             // spawn panel: toggles and verdicts (panel_spawn.h)
  SideView side;               // side-scroller scenes: the records and the tick shown (gui_side.h)
  LessonsView lessons;         // Lessons menu and slide panel (gui_lessons.h)
  CheckView check;             // File > Open check suite and the Check panel (gui_check.h)
  ExportDialog export_dialog;  // File → Export PNG… (gui_export.h)
  Fonts fonts;                 // normal and presenter fonts (gui_presenter.h)
  struct Pointer {
    std::optional<ScriptMouse> script_mouse;  // scripts: {"mouse": [x, y], "down": b}
    // The point of the scene under the mouse this frame, for every tool that takes a clicked point: in
    // the top view the plane point (with the surface height of its polygon on 3D scenes), in the 3D view
    // the navmesh's surface point under the cursor (Viewport::point_at). None when the mouse is not over
    // the viewport or, in 3D, its ray misses the navmesh.
    std::optional<SurfacePick> mouse_point;
    // Rectangle of the viewport image on screen (pixels) in the last frame.
    float vp_x = 0, vp_y = 0, vp_w = 1, vp_h = 1;
  } pointer;
  Viewport view;
  gl::Renderer renderer;
  gl::Window window;
  bool quit = false;
  struct FrameStats {  // filled by the script action {"measure": N}
    int frames = 0;
    double thread_cpu_ms = 0.0;   // main thread CPU per frame (UI, drawing, GL calls)
    double process_cpu_ms = 0.0;  // whole process CPU per frame (with a software GL's threads)
    double wall_ms = 0.0;         // wall time per frame
    double prep_cpu_ms = 0.0;     // main thread CPU per frame before GL draw calls (UI and shapes)
    long static_redraws = 0;      // frames that redrew the viewport's static layer (grid and mesh)
    long static_shifts = 0;       // of those, pans that moved it and drew only the uncovered strips
    long static_previews = 0;     // of those, zoom previews (the last full picture scaled)
    double full_draw_ms = 0.0;    // thread CPU of the last full draw of the static layer
    bool static_exact = true;     // after the last measured frame: the static layer is not a preview
    long spread_draws = 0;        // new meshes' full draws completed over several frames
    long spread_steps_left = 0;   // after the last measured frame: steps of such a draw still to draw
  };
  struct Timing {
    double first_frame_ms = -1.0;   // time from init() to the end of the first frame
    FrameStats measured;            // the last {"measure": N}
    double last_prep_cpu_ms = 0.0;  // the last frame's main thread CPU before its GL draw calls
  } timing;

 private:
  void handle_event(const void* sdl_event);
  void build_ui();
  void viewport_window();
  void main_menu();
  void layout_panels(const Layout& l);
  void draw_viewport_content();
  // Runs `draw` with the viewport drawn at w x h offscreen (the camera keeps its centre and scales with
  // the size), then draws it again as the screen shows it.
  void at_viewport_size(int w, int h, const std::function<void()>& draw);
  Result<void> export_gif(const ExportRequest& req, const std::string& path);
  void do_export();
  // The pending export's size when it is the whole window at another size than the screen (this frame
  // is then laid out and drawn at that size, offscreen); false otherwise.
  bool sized_window_export(int* w, int* h) const;
  void check_file_changed();
  void apply_theme_style();
  gl::Target window_target_;  // the whole window is drawn here, then shown (and read for exports)

  bool want_fit_ = true;
  float layout_w_ = 0.0f, layout_h_ = 0.0f;  // viewport size the camera was last framed for
  std::optional<ExportRequest> pending_export_;
  long long file_stamp_ = 0;
  double last_file_check_ = 0.0;
  unsigned long long start_ticks_ = 0;
  CameraDrag camera_drag_;  // the viewport's pan or orbit under way (gui_viewport_mouse.h)
  std::string ini_path_;
  Layout layout_;
  bool menu_cut_ = false;  // the menu bar's last item ran past the window's edge (last frame)
};

// The error window over the map.
void error_window(App& app, const Rect& map);
// Whether the map shows the compare view now (switched on, and its methods fit the scene).
bool compare_shown(const App& app);
// Builds the compare view's halves again when the plan or the methods changed since they were built.
void compare_refresh(App& app);
// Script action {"compare": "A:B" | false} (nullopt when `a` is not one; otherwise its outcome), and
// the compare view's halves for the printed state ({"spec", "halves": [{"method", "length", "cost",
// "expanded", "walk_s", "compute_ms", "step", "label"}]}, null when it is not shown).
std::optional<Result<void>> compare_script_action(App& app, const nlohmann::json& a);
nlohmann::json compare_state_json(const App& app);

}  // namespace navlab::app
