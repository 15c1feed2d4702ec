// The window layout (menu bar, left panel column, viewport, bottom timeline and plot) and the viewport's
// mouse handling: pan, zoom at the cursor, hover, click to place start and goal.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "gui_app.h"
#include "gui_bake.h"
#include "gui_tools.h"

namespace navlab::app {

void App::main_menu() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Reload", "F5")) reload();
    check_menu(*this);
    if (ImGui::BeginMenu("Recent", !settings.recent.empty())) {
      for (const std::string& r : std::vector<std::string>(settings.recent))
        if (ImGui::MenuItem(r.c_str())) open_scene(r);
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Export PNG...")) export_dialog_open(*this);
    if (ImGui::MenuItem("Export viewport now", "F12")) request_export({});
    const std::string gif_label = "Export GIF of this stage (" + stage_at(plan, step) + ")";
    if (ImGui::MenuItem(gif_label.c_str(), nullptr, false, doc.loaded() && !plan.steps.empty())) {
      ExportRequest req;
      req.gif_stage = stage_at(plan, step);
      req.next_frame = true;  // the menu is gone from the next frame's picture
      request_export(req);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Fit", "F")) fit_view();
    const bool can_3d = View3D::possible(doc);
    if (ImGui::MenuItem("Top view (2D)", can_3d ? "V" : nullptr, !showing_3d())) set_view(Viewport::Kind::Top);
    if (ImGui::MenuItem("3D view", "V", showing_3d(), can_3d)) set_view(Viewport::Kind::Orbit);
    if (ImGui::MenuItem("Presenter mode", "P", settings.presenter)) set_presenter(!settings.presenter);
    ImGui::MenuItem("Midpoint path", "M", &settings.show_midpoints);
    ImGui::Separator();
    ImGui::MenuItem("Scene panel", nullptr, &show_panel_scene);
    ImGui::MenuItem("Search panel", nullptr, &show_panel_search);
    ImGui::MenuItem("Funnel panel", nullptr, &show_panel_funnel);
    ImGui::MenuItem("Corners and speed panel", nullptr, &show_panel_agent);
    ImGui::MenuItem("Failure panel", nullptr, &show_panel_failure);
    ImGui::MenuItem("Spawn panel", nullptr, &show_panel_spawn);
    ImGui::MenuItem("Doors panel", nullptr, &show_panel_doors);
    ImGui::MenuItem("Bake panel", nullptr, &show_panel_bake);
    ImGui::MenuItem("Links panel", nullptr, &show_panel_links);
    ImGui::MenuItem("Painted areas panel", nullptr, &show_panel_areas);
    ImGui::EndMenu();
  }
  lessons_menu(*this);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Shortcuts", "F1", &settings.show_help);
    ImGui::EndMenu();
  }
  const char* modes[] = {"Inspect (I)", "Set start (S)", "Set goal (G)"};
  ImGui::Separator();
  for (int i = 0; i < 3; ++i) {
    if (ImGui::RadioButton(modes[i], int(click_mode) == i)) click_mode = ClickMode(i);
    ImGui::SameLine();
  }
  spawn_mode_button(*this);
  ImGui::SameLine();
  tools_mode_buttons(*this);
  if (View3D::possible(doc)) {  // the view switch, on 3D scenes
    ImGui::SameLine();
    ImGui::Separator();
    if (ImGui::RadioButton("Top", !showing_3d())) set_view(Viewport::Kind::Top);
    ImGui::SameLine();
    if (ImGui::RadioButton("3D (V)", showing_3d())) set_view(Viewport::Kind::Orbit);
  }
  ImGui::EndMainMenuBar();
}

void App::build_ui() {
  shortcuts();
  if (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(SDL_SCANCODE_Q, false)) quit = true;
  main_menu();
  const ImGuiViewport* mv = ImGui::GetMainViewport();
  const float k = theme.presenter ? 1.75f : 1.0f;
  const float left_w = std::min(380.0f * k, mv->WorkSize.x * 0.4f);
  const float bottom_h = std::min(250.0f * k, mv->WorkSize.y * 0.4f);
  const ImVec2 o = mv->WorkPos, sz = mv->WorkSize;
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
  const float bx = o.x + left_w, bw = sz.x - left_w;

  if (doc.scene.source == Scene::Source::SideScroller) {
    side_ui(*this);  // a side view: its own windows, no navmesh panels (gui_side.h)
  } else {
    // Left column: the panels.
    ImGui::SetNextWindowPos(o);
    ImGui::SetNextWindowSize(ImVec2(left_w, sz.y));
    if (ImGui::Begin("Panels", nullptr, fixed | ImGuiWindowFlags_NoTitleBar)) {
      panel_check(*this);
      if (show_panel_scene) panel_scene(*this);
      if (show_panel_search) panel_search(*this);
      if (show_panel_funnel) panel_funnel(*this);
      if (show_panel_agent) panel_agent(*this);
      if (show_panel_failure) panel_failure(*this);
      if (show_panel_spawn) panel_spawn(*this);
      if (show_panel_doors) panel_doors(*this);
      if (show_panel_bake) panel_bake(*this);
      if (show_panel_links) panel_links(*this);
      if (show_panel_areas) panel_areas(*this);
    }
    ImGui::End();

    // Bottom strip: timeline + step details on the left, the velocity profile on the right.
    const float tl_w = bw * 0.55f;
    ImGui::SetNextWindowPos(ImVec2(bx, o.y + sz.y - bottom_h));
    ImGui::SetNextWindowSize(ImVec2(tl_w, bottom_h));
    if (ImGui::Begin("Timeline", nullptr, fixed)) {
      panel_timeline(*this);
      panel_step(*this);
    }
    ImGui::End();
    ImGui::SetNextWindowPos(ImVec2(bx + tl_w, o.y + sz.y - bottom_h));
    ImGui::SetNextWindowSize(ImVec2(bw - tl_w, bottom_h));
    if (ImGui::Begin("Velocity profile", nullptr, fixed)) plot_profile(*this);
    ImGui::End();

    // The viewport fills the rest.
    ImGui::SetNextWindowPos(ImVec2(bx, o.y));
    ImGui::SetNextWindowSize(ImVec2(bw, sz.y - bottom_h));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    if (ImGui::Begin("Viewport", nullptr,
                     fixed | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                         ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBringToFrontOnFocus))
      viewport_window();
    ImGui::End();
    ImGui::PopStyleVar();
    panel_bake_progress(*this, bx + 10, o.y + 10, std::min(bw - 20, 460.0f * k));
  }

  if (doc.scene.source == Scene::Source::SideScroller)  // over the x(t) plot, so the side view stays in sight
    panel_lesson(*this, o.x + side_left_width(sz.x) + 10, o.y + sz.y - 10,
                 std::min(sz.x - side_left_width(sz.x) - 20, 620.0f * k));
  else
    panel_lesson(*this, bx + 10, o.y + sz.y - bottom_h - 10, std::min(bw - 20, 620.0f * k));
  if (settings.show_help) panel_help(*this);
  panel_export(*this);
  if (!error.empty()) {
    ImGui::SetNextWindowPos(ImVec2(bx + 20, o.y + 20), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(300, 0), ImVec2(std::max(320.0f, bw - 40), 400));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.08f, 0.08f, 0.95f));
    if (ImGui::Begin("Error", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
      ImGui::PushTextWrapPos(std::max(320.0f, bw - 60));
      ImGui::TextUnformatted(error.c_str());
      ImGui::PopTextWrapPos();
      if (ImGui::Button("Dismiss")) error.clear();
    }
    ImGui::End();
    ImGui::PopStyleColor();
  }
}

bool App::place_endpoint(const SurfacePick& at) {
  ScenePoint p;
  if (doc.mesh.kind == NavMesh::Kind::Graph) {
    const int node = pick_polygon(doc.mesh, at.plane, 20.0 / view.px_per_m());
    if (node < 0) return false;
    p.node = doc.mesh.nodes[size_t(node)].id;
  }
  p.plane = at.plane;
  p.is3d = doc.mesh.is3d;
  if (p.is3d) p.height = at.height;
  (click_mode == ClickMode::SetStart ? doc.start : doc.goal) = p;
  doc.query_index = -1;
  replan();
  if (click_mode == ClickMode::SetGoal) doors_goal_moved(*this);
  return true;
}

void App::viewport_window() {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  vp_x = pos.x;
  vp_y = pos.y;
  vp_w = std::max(1.0f, avail.x);
  vp_h = std::max(1.0f, avail.y);
  // A resized viewport (window, panels, presenter mode's larger panels) keeps showing the same region:
  // same centre, zoom scaled with the size.
  if (layout_w_ > 0.0f && (vp_w != layout_w_ || vp_h != layout_h_))
    view.camera.scale *= std::min(double(vp_w) / layout_w_, double(vp_h) / layout_h_);
  layout_w_ = vp_w;
  layout_h_ = vp_h;
  view.resize_target(int(vp_w), int(vp_h));
  ImGui::Image((ImTextureID)(intptr_t)view.target().texture(), ImVec2(vp_w, vp_h), ImVec2(0, 1), ImVec2(1, 0));
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  const Vec2 size{vp_w, vp_h};
  const Vec2 mouse{io.MousePos.x - vp_x, io.MousePos.y - vp_y};
  view.hover_poly = -1;
  mouse_point = hovered && doc.loaded() ? view.point_at(mouse, doc) : std::nullopt;
  if (view.in_3d()) {
    viewport_mouse_3d(hovered);
  } else {
    // Doors and blockers take a left drag in inspect mode (the plan re-runs live); no panning then.
    const bool grabbed = doc.loaded() && doors_viewport_mouse(*this, view.camera.to_world(mouse, size),
                                                              10.0 / view.camera.scale, hovered);
    // Spawn candidates: left drag moves one, add mode places a new one (gui_spawn_edit.h).
    const bool spawn_grabbed = !grabbed && doc.loaded() &&
                               spawn_viewport_mouse(*this, view.camera.to_world(mouse, size),
                                                    kCandidateGrabPx / view.camera.scale, hovered);
    // The editing tools (link ends, the link tool, the area tool) take the point under the mouse.
    const bool tool_grabbed = !grabbed && !spawn_grabbed && doc.loaded() &&
                              tools_mouse(*this, point_under_mouse(doc, view.camera.to_world(mouse, size)),
                                          10.0 / view.camera.scale, hovered);
    if (!hovered) {
      if (!ImGui::IsMouseDown(0) && !ImGui::IsMouseDown(1) && !ImGui::IsMouseDown(2)) drag_pan_ = false;
    }
    if (hovered && doc.loaded()) {
      const Vec2 world = view.camera.to_world(mouse, size);
      view.hover_poly = pick_polygon(doc.mesh, world, 20.0 / view.camera.scale);
      if (io.MouseWheel != 0.0f) view.camera.zoom_at(mouse, size, std::pow(1.2, io.MouseWheel));
      // Right/middle drag pans anywhere; left drag pans in Inspect mode.
      if (ImGui::IsMouseClicked(1) || ImGui::IsMouseClicked(2) ||
          (ImGui::IsMouseClicked(0) && click_mode == ClickMode::Inspect && !grabbed && !spawn_grabbed && !tool_grabbed))
        drag_pan_ = true;
      if (ImGui::IsMouseClicked(0) && places_endpoint(click_mode) && mouse_point) place_endpoint(*mouse_point);
      hover_next = plan.nearest_s(world, 12.0 / view.camera.scale);
    }
    if (drag_pan_) {
      if (ImGui::IsMouseDown(0) || ImGui::IsMouseDown(1) || ImGui::IsMouseDown(2)) {
        view.camera.center = view.camera.center - Vec2{io.MouseDelta.x / view.camera.scale, -io.MouseDelta.y / view.camera.scale};
      } else {
        drag_pan_ = false;
      }
    }
  }
  // Status line in the viewport's corner.
  if (!status.empty()) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 ts = ImGui::CalcTextSize(status.c_str());
    const ImVec2 p(vp_x + vp_w - ts.x - 10, vp_y + vp_h - ts.y - 6);
    dl->AddRectFilled(ImVec2(p.x - 4, p.y - 2), ImVec2(p.x + ts.x + 4, p.y + ts.y + 2), IM_COL32(0, 0, 0, 140));
    dl->AddText(p, IM_COL32(220, 220, 220, 255), status.c_str());
  }
}

}  // namespace navlab::app
