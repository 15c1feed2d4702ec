// The window layout (menu bar, left panel column, viewport, bottom timeline and plot), the viewport window
// that hands its mouse to the top view's or the 3D view's (gui_viewport_mouse.h, gui_view3d_input.h), and
// the start or goal a click places.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>

#include "detail_surface.h"
#include "gui_app.h"
#include "gui_files.h"
#include "gui_presenter.h"
#include "gui_bake.h"
#include "gui_tools.h"
#include "gui_view3d_input.h"
#include "gui_viewport_mouse.h"

namespace navlab::app {

Layout compute_layout(const LayoutInput& in) {
  Layout l;
  const Rect& w = in.work;
  const float k = in.scale;
  const bool left = in.left_panels && !in.presenting && !in.hidden;
  const bool slide = in.slide && !in.hidden;
  const bool details = !in.presenting && !in.hidden;
  const float left_w = left ? std::min(380.0f * k, w.w * 0.4f) : 0.0f;
  const float slide_w = slide ? std::min(std::max(w.w * (in.presenting ? 0.36f : 0.3f), 280.0f), 640.0f * k) : 0.0f;
  const float mid_x = w.x + left_w, mid_w = std::max(1.0f, w.w - left_w - slide_w);
  const float transport_h = std::min(in.transport_h, w.h * 0.3f);
  // The details and the transport bar together take the bottom strip the timeline always had.
  const float details_h = details ? std::max(0.0f, std::min(250.0f * k, w.h * 0.4f) - transport_h) : 0.0f;
  if (left) l.left = {w.x, w.y, left_w, w.h};
  if (slide) l.slide = {w.x + w.w - slide_w, w.y, slide_w, w.h};
  l.transport = {mid_x, w.y + w.h - transport_h, mid_w, transport_h};
  if (details) l.details = {mid_x, l.transport.y - details_h, mid_w, details_h};
  l.map = {mid_x, w.y, mid_w, std::max(1.0f, w.h - transport_h - details_h)};
  return l;
}

namespace {

// Each side panel: its name in scripts, its View menu item and the function that draws it (handing the
// panel the pieces of the app it takes), in the order of SidePanel (and of the column).
struct SidePanelRow {
  SidePanel panel;
  const char* name;
  const char* menu;
  void (*draw)(App&);
};
constexpr SidePanelRow kSidePanelTable[] = {
    {SidePanel::Scene, "scene", "Scene panel", [](App& app) { panel_scene(app); }},
    {SidePanel::Search, "search", "Search panel", [](App& app) { panel_search(app); }},
    {SidePanel::Funnel, "funnel", "Funnel panel", [](App& app) { panel_funnel(app); }},
    {SidePanel::Agent, "agent", "Corners and speed panel", [](App& app) { panel_agent(app); }},
    {SidePanel::Failure, "failure", "Failure panel", [](App& app) { panel_failure(app); }},
    {SidePanel::Spawn, "spawn", "Spawn panel", [](App& app) { panel_spawn(app, app.spawn, app.click_mode); }},
    {SidePanel::Doors, "doors", "Doors panel", [](App& app) { panel_doors(app, app.doors, app); }},
    {SidePanel::Bake, "bake", "Bake panel", [](App& app) { panel_bake(app, app.baking, app.view.bake_stage, app); }},
    {SidePanel::Links, "links", "Links panel",
     [](App& app) { panel_links(app, app.links, app.click_mode, app.spawn, app); }},
    {SidePanel::Areas, "areas", "Painted areas panel",
     [](App& app) { panel_areas(app, app.areas, app.click_mode, app); }},
};
constexpr bool side_panel_rows_in_order() {
  if (std::size(kSidePanelTable) != size_t(SidePanel::Count)) return false;
  for (size_t i = 0; i < std::size(kSidePanelTable); ++i)
    if (size_t(kSidePanelTable[i].panel) != i) return false;
  return true;
}
static_assert(side_panel_rows_in_order(), "kSidePanelTable has one row per SidePanel, in its order");

// The click modes: radio buttons in the menu bar, or a menu of them when the buttons do not fit (the
// presenter font, a narrow window).
void mode_controls(App& app) {
  const char* modes[] = {"Inspect (I)", "Set start (S)", "Set goal (G)"};
  const char* all[] = {"Inspect (I)", "Set start (S)", "Set goal (G)", "Add candidate (A)",
                       "Link (L)",    "Area (Z)",      "Top",          "3D (V)"};
  const ImGuiStyle& st = ImGui::GetStyle();
  float need = 0.0f;
  for (const char* label : all)
    need += ImGui::CalcTextSize(label).x + ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + st.ItemSpacing.x;
  const bool as_menu = need > ImGui::GetContentRegionAvail().x;
  if (as_menu) {
    if (!ImGui::BeginMenu("Mode")) return;
    for (int i = 0; i < 3; ++i)
      if (ImGui::MenuItem(modes[i], nullptr, int(app.click_mode) == i)) app.click_mode = ClickMode(i);
    ImGui::EndMenu();
    return;
  }
  ImGui::Separator();
  for (int i = 0; i < 3; ++i) {
    if (ImGui::RadioButton(modes[i], int(app.click_mode) == i)) app.click_mode = ClickMode(i);
    ImGui::SameLine();
  }
  spawn_mode_button(app.spawn.edit, app.click_mode);
  ImGui::SameLine();
  tools_mode_buttons(app, app.tools());
}

void panels_menu(App& app) {
  ImGui::MenuItem("Hide every side panel", "H", &app.side_panels.hidden);
  for (const SidePanelRow& row : kSidePanelTable) ImGui::MenuItem(row.menu, nullptr, &app.side_panels[row.panel]);
}

void compare_menu(App& app) {
  if (!ImGui::BeginMenu("Compare")) return;
  ImGui::MenuItem("Side by side", "C", &app.compare.on);
  const char* specs[] = {"astar:dijkstra",   "astar@1:astar@1.5", "astar@0:astar@1",
                         "midpoints:funnel", "funnel:polyanya",   "arcs:channel"};
  for (const char* s : specs)
    if (ImGui::MenuItem(s, nullptr, app.compare.on && app.compare.spec == s)) {
      app.compare.spec = s;
      app.compare.on = true;
    }
  ImGui::EndMenu();
}

}  // namespace

bool SidePanels::any() const {
  for (bool on : shown)
    if (on) return true;
  return false;
}

std::optional<SidePanel> side_panel_named(std::string_view name) {
  for (const SidePanelRow& row : kSidePanelTable)
    if (name == row.name) return row.panel;
  return std::nullopt;
}

void App::main_menu() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) file_dialog_open(false);
    if (ImGui::MenuItem("Save", "Ctrl+S", false, doc.loaded())) save();
    if (ImGui::MenuItem("Save as...", "Ctrl+Shift+S", false, doc.loaded())) file_dialog_open(true);
    if (ImGui::MenuItem("Reload", "Ctrl+R")) reload();
    check_menu(*this, check);
    if (ImGui::BeginMenu("Recent", !settings.recent.empty())) {
      for (const std::string& r : std::vector<std::string>(settings.recent))
        if (ImGui::MenuItem(r.c_str())) request_open(r);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Export PNG...")) export_dialog_open(export_dialog, settings, *this);
    if (ImGui::MenuItem("Export viewport now", "F12")) request_export({});
    const std::string gif_label = "Export GIF of this stage (" + stage_at(plan, playback.step) + ")";
    if (ImGui::MenuItem(gif_label.c_str(), nullptr, false, doc.loaded() && !plan.steps.empty())) {
      ExportRequest req;
      req.gif_stage = stage_at(plan, playback.step);
      req.next_frame = true;  // the menu is gone from the next frame's picture
      request_export(req);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) request_quit();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Fit", "F")) fit_view();
    const bool can_3d = View3D::possible(doc);
    if (ImGui::MenuItem("Top view (2D)", can_3d ? "V" : nullptr, !showing_3d())) set_view(Viewport::Kind::Top);
    if (ImGui::MenuItem("3D view", "V", showing_3d(), can_3d)) set_view(Viewport::Kind::Orbit);
    if (ImGui::MenuItem("Presenter mode", "P", settings.presenter)) set_presenter(!settings.presenter);
    ImGui::MenuItem("Midpoint path", "M", &settings.show_midpoints);
    ImGui::MenuItem("Legend", "K", &settings.show_legend);
    ImGui::Separator();
    panels_menu(*this);
    ImGui::EndMenu();
  }
  compare_menu(*this);
  lessons_menu(lessons, *this);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keys and mouse", "F1", &settings.show_help);
    ImGui::EndMenu();
  }
  mode_controls(*this);
  if (View3D::possible(doc)) {  // the view switch, on 3D scenes
    ImGui::SameLine();
    ImGui::Separator();
    if (ImGui::RadioButton("Top", !showing_3d())) set_view(Viewport::Kind::Top);
    ImGui::SameLine();
    if (ImGui::RadioButton("3D (V)", showing_3d())) set_view(Viewport::Kind::Orbit);
  }
  menu_cut_ = ImGui::GetItemRectMax().x > ImGui::GetWindowPos().x + ImGui::GetWindowWidth() + 1.0f;
  ImGui::EndMainMenuBar();
}

// The transport bar's height: a row of buttons and the scrubber, then the step's sentence wrapped to
// the bar (at most four lines).
float transport_height(const App& app, float width) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const std::string sentence = step_sentence(app);
  const float wrap = std::max(50.0f, width - 2 * st.WindowPadding.x);
  const float text_h =
      std::min(ImGui::CalcTextSize(sentence.c_str(), nullptr, false, wrap).y, ImGui::GetTextLineHeight() * 4);
  return 2 * st.WindowPadding.y + ImGui::GetFrameHeightWithSpacing() + text_h + st.ItemSpacing.y + 2;
}

void App::layout_panels(const Layout& l) {
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
  auto place = [](const Rect& r) {
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  };
  if (!l.left.empty()) {
    place(l.left);
    if (ImGui::Begin("Panels", nullptr, fixed | ImGuiWindowFlags_NoTitleBar)) {
      ImGui::PushTextWrapPos(0.0f);  // every line of text wraps at the column's edge, none is cut
      // Inputs end where the longest label ("max accel (total)") still fits beside them; ImGui's default
      // (65% of the window) left that label 19 px past the column's edge.
      ImGui::PushItemWidth(-(ImGui::CalcTextSize("max accel (total)").x + ImGui::GetStyle().ItemInnerSpacing.x + 2.0f));
      panel_check(*this, check);
      for (const SidePanelRow& row : kSidePanelTable)
        if (side_panels[row.panel]) row.draw(*this);
      ImGui::PopItemWidth();
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
  }
  if (!l.details.empty()) {  // the timeline's details on the left, the velocity profile on the right
    const float tl_w = l.details.w * 0.55f;
    place({l.details.x, l.details.y, tl_w, l.details.h});
    if (ImGui::Begin("Timeline", nullptr, fixed)) {
      ImGui::PushTextWrapPos(0.0f);
      panel_timeline(*this);
      panel_step(*this);
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
    place({l.details.x + tl_w, l.details.y, l.details.w - tl_w, l.details.h});
    if (ImGui::Begin("Velocity profile", nullptr, fixed)) {
      ImGui::PushTextWrapPos(0.0f);
      plot_profile(*this);
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
  }
  place(l.transport);
  if (ImGui::Begin("Transport", nullptr, fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
    panel_transport(*this);
  ImGui::End();
  place(l.map);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  if (ImGui::Begin("Viewport", nullptr,
                   fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                       ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBringToFrontOnFocus))
    viewport_window();
  ImGui::End();
  ImGui::PopStyleVar();
  panel_bake_progress(baking, *this, l.map.x + 10, l.map.y + 10,
                      std::min(l.map.w - 20, 460.0f * (theme.presenter ? 1.75f : 1.0f)));
}

void error_window(App& app, const Rect& map) {
  ImGui::SetNextWindowPos(ImVec2(map.x + 20, map.y + 20), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(300, 0), ImVec2(std::max(320.0f, map.w - 40), 400));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.08f, 0.08f, 0.95f));
  if (ImGui::Begin("Error", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::max(300.0f, map.w - 80));
    ImGui::TextUnformatted(app.error.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Dismiss")) app.error.clear();
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

void App::build_ui() {
  main_menu();
  const ImGuiViewport* mv = ImGui::GetMainViewport();
  LayoutInput in;
  in.work = {mv->WorkPos.x, mv->WorkPos.y, mv->WorkSize.x, mv->WorkSize.y};
  in.scale = theme.presenter ? kPresenterScale : 1.0f;
  in.left_panels = side_panels.any();
  in.slide = lessons.lesson.has_value();
  in.presenting = presenting;
  in.hidden = side_panels.hidden;
  in.transport_h = 0.0f;
  const Layout probe = compute_layout(in);  // the transport bar's width, for its sentence's height
  in.transport_h = transport_height(*this, probe.transport.w);
  layout_ = compute_layout(in);
  if (compare.on) compare_refresh(*this);
  if (traits(doc.scene.kind()).side_view) {
    Rect area = in.work;
    area.w -= layout_.slide.w;
    // A side view: its own windows, no navmesh panels (gui_side.h).
    side_ui(*this, side, lessons, !presenting && !side_panels.hidden, area);
  } else {
    layout_panels(layout_);
  }
  if (!layout_.slide.empty())
    panel_lesson(*this, lessons, *this, layout_.slide.x, layout_.slide.y, layout_.slide.w, layout_.slide.h);
  if (settings.show_help) panel_help(*this);
  panel_export(export_dialog, settings, *this);
  files_ui(*this, files, *this);
  if (!error.empty()) error_window(*this, layout_.map);
}

bool App::place_endpoint(const SurfacePick& at) {
  ScenePoint p;
  if (doc.mesh.kind == NavMesh::Kind::Graph) {
    const int node = pick_at(doc.mesh, at.plane, 20.0 / view.px_per_m()).poly;
    if (node < 0) return false;
    p.node = doc.mesh.nodes[size_t(node)].id;
  }
  p.plane = at.plane;
  p.is3d = doc.mesh.is3d;
  if (p.is3d) p.height = at.height;
  (click_mode == ClickMode::SetStart ? doc.start : doc.goal) = p;
  doc.query_index = -1;
  replan();
  if (click_mode == ClickMode::SetGoal) doors_goal_moved(*this, doors);
  return true;
}

void App::viewport_window() {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  pointer.vp_x = pos.x;
  pointer.vp_y = pos.y;
  const bool split = compare_shown(*this);  // two halves, one camera
  const float gap = split ? 4.0f : 0.0f;
  pointer.vp_w = std::max(1.0f, split ? (avail.x - gap) * 0.5f : avail.x);
  pointer.vp_h = std::max(1.0f, avail.y);
  // A resized viewport (window, panels, presenter mode's larger panels) keeps showing the same region:
  // same centre, zoom scaled with the size.
  if (layout_w_ > 0.0f && (pointer.vp_w != layout_w_ || pointer.vp_h != layout_h_))
    view.camera.scale *= std::min(double(pointer.vp_w) / layout_w_, double(pointer.vp_h) / layout_h_);
  layout_w_ = pointer.vp_w;
  layout_h_ = pointer.vp_h;
  view.resize_target(int(pointer.vp_w), int(pointer.vp_h));
  ImGui::Image((ImTextureID)(intptr_t)view.target().texture(), ImVec2(pointer.vp_w, pointer.vp_h), ImVec2(0, 1),
               ImVec2(1, 0));
  bool hovered = ImGui::IsItemHovered();
  float mouse_x0 = pointer.vp_x;  // the left edge of the half under the mouse
  if (split) {
    compare.right.resize_target(int(pointer.vp_w), int(pointer.vp_h));
    ImGui::SameLine(0, gap);
    ImGui::Image((ImTextureID)(intptr_t)compare.right.target().texture(), ImVec2(pointer.vp_w, pointer.vp_h),
                 ImVec2(0, 1), ImVec2(1, 0));
    if (ImGui::IsItemHovered()) hovered = true, mouse_x0 = pointer.vp_x + pointer.vp_w + gap;
  }
  ImGuiIO& io = ImGui::GetIO();
  const Vec2 size{pointer.vp_w, pointer.vp_h};
  const Vec2 mouse{io.MousePos.x - mouse_x0, io.MousePos.y - pointer.vp_y};
  view.hover_poly = -1;
  pointer.mouse_point = hovered && doc.loaded() ? view.point_at(mouse, doc) : std::nullopt;
  const ViewportMouse m{view,    size,  mouse, pointer.mouse_point, camera_drag_, doors, *this, spawn,
                        tools(), *this, *this};
  if (view.in_3d())
    viewport_mouse_3d(*this, m, hovered);
  else
    viewport_mouse_2d(*this, m, hovered);
  // Status line in the viewport's corner, wrapped where it is wider than the view (half of it when two
  // methods are side by side) so no word of it is cut off at the left.
  if (!status.empty()) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float wrap = std::max(40.0f, pointer.vp_w - 20.0f);
    const ImVec2 ts = ImGui::CalcTextSize(status.c_str(), nullptr, false, wrap);
    const ImVec2 p(pointer.vp_x + pointer.vp_w - ts.x - 10, pointer.vp_y + pointer.vp_h - ts.y - 6);
    dl->AddRectFilled(ImVec2(p.x - 4, p.y - 2), ImVec2(p.x + ts.x + 4, p.y + ts.y + 2), IM_COL32(0, 0, 0, 140));
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), p, IM_COL32(220, 220, 220, 255), status.c_str(), nullptr, wrap);
  }
}

}  // namespace navlab::app
