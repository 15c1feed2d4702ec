// Corners and speed panel: every agent parameter, live (the plan re-runs on each change), and the
// DistanceToInnerCorner points.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "gui_panels.h"
#include "inner_corner.h"

namespace navlab::app {

namespace {

bool slider(const char* label, double* v, float lo, float hi, const char* fmt) {
  float f = float(*v);
  if (!ImGui::SliderFloat(label, &f, lo, hi, fmt)) return false;
  *v = f;
  return true;
}

// A small plot of DistanceToInnerCorner(width) over the points (dots), as the portals and the channel's
// pegs use it: the distance kept from a portal's or gate's inner end for its width.
void plot_inner_corner(const std::vector<Vec2>& points) {
  constexpr int kSamples = 120;
  constexpr float kHeightPx = 90.0f;
  double wmax = 1.0, dmax = 0.1;
  for (Vec2 p : points) wmax = std::max(wmax, 1.5 * p.x), dmax = std::max(dmax, 1.2 * p.y);
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 hi(lo.x + std::max(60.0f, ImGui::GetContentRegionAvail().x - 8), lo.y + kHeightPx);
  auto px = [&](double w, double d) {
    return ImVec2(float(lo.x + (hi.x - lo.x) * w / wmax), float(hi.y - (hi.y - lo.y) * std::min(d / dmax, 1.0)));
  };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(lo, hi, IM_COL32(20, 22, 26, 255));
  std::vector<ImVec2> curve;
  for (int i = 0; i <= kSamples; ++i) {
    const double w = wmax * i / kSamples;
    curve.push_back(px(w, distance_to_inner_corner(w, points)));
  }
  dl->AddPolyline(curve.data(), int(curve.size()), IM_COL32(60, 230, 250, 255), 0, 2.0f);
  for (Vec2 p : points) dl->AddCircleFilled(px(p.x, p.y), 3.5f, IM_COL32(250, 160, 90, 255));
  char buf[64];
  std::snprintf(buf, sizeof buf, "width 0..%.2f m, distance 0..%.2f m", wmax, dmax);
  dl->AddText(ImVec2(lo.x + 4, lo.y + 2), IM_COL32(200, 200, 200, 255), buf);
  ImGui::Dummy(ImVec2(hi.x - lo.x, kHeightPx + 4));
}

}  // namespace

void panel_agent(Session& app) {
  if (!ImGui::CollapsingHeader("Corners and speed", ImGuiTreeNodeFlags_DefaultOpen)) return;
  AgentDef& a = app.doc.scene.agent;
  bool changed = false;
  int mode = int(a.corner_mode);
  if (ImGui::Combo("corner mode", &mode, "stop\0arc\0auto\0")) {
    a.corner_mode = CornerMode(mode);
    changed = true;
  }
  changed |= slider("max speed", &a.max_speed, 0.1f, 20.0f, "%.2f m/s");
  changed |= slider("accel", &a.accel, 0.1f, 20.0f, "%.2f m/s²");
  changed |= slider("brake decel", &a.brake_decel, 0.1f, 20.0f, "%.2f m/s²");
  changed |= slider("reaction dt", &a.reaction_dt, 0.0f, 1.0f, "%.3f s");
  changed |= slider("lateral accel", &a.lateral_accel, 0.1f, 20.0f, "%.2f m/s²");
  changed |= slider("max accel (total)", &a.max_accel, 0.1f, 30.0f, "%.2f m/s²");
  changed |= slider("turn radius", &a.turn_radius, 0.01f, 10.0f, "%.2f m");
  changed |= slider("min turn radius", &a.min_turn_radius, 0.0f, 5.0f, "%.2f m");
  changed |= slider("max turn rate", &a.max_turn_rate, 0.1f, 12.0f, "%.2f rad/s");
  changed |= ImGui::Checkbox("can turn in place", &a.can_turn_in_place);
  changed |= slider("radius", &a.radius, 0.0f, 3.0f, "%.2f m");
  ImGui::TextUnformatted("DistanceToInnerCorner points (width, distance)");
  int remove = -1;
  for (size_t i = 0; i < a.inner_corner.size(); ++i) {
    ImGui::PushID(int(i));
    float pt[2] = {float(a.inner_corner[i].x), float(a.inner_corner[i].y)};
    ImGui::SetNextItemWidth(-30);
    if (ImGui::DragFloat2("##p", pt, 0.005f, 0.0f, 10.0f, "%.3f m")) {
      a.inner_corner[i] = {pt[0], pt[1]};
      changed = true;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) remove = int(i);
    ImGui::PopID();
  }
  if (remove >= 0) {
    a.inner_corner.erase(a.inner_corner.begin() + remove);
    changed = true;
  }
  if (ImGui::SmallButton("add point")) {
    const Vec2 last = a.inner_corner.empty() ? Vec2{0.0, 0.0} : a.inner_corner.back();
    a.inner_corner.push_back({last.x + 0.2, last.y + 0.05});
    changed = true;
  }
  const auto err = inner_corner_error(a.inner_corner);
  if (err)
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", err->c_str());
  else
    plot_inner_corner(a.inner_corner);
  if (changed) app.replan();
}

}  // namespace navlab::app
