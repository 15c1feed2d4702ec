#include "gui_legend.h"

#include <imgui.h>

#include <algorithm>
#include <set>

#include "gui_doc.h"
#include "gui_plan.h"
#include "gui_settings.h"
#include "gui_theme.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

using Mark = LegendEntry::Mark;

void areas(const Document& doc, const Theme& th, std::vector<LegendEntry>& out) {
  const NavMesh& m = doc.mesh;
  if (m.kind != NavMesh::Kind::Polygons) return;
  std::set<int> used;
  for (const NavPoly& p : m.polys) used.insert(p.area);
  if (used.size() < 2 && (used.empty() || area_name(m.area_names, *used.begin()) == "default")) return;
  for (int a : used) {
    const std::string name = area_name(m.area_names, a);
    out.push_back({area_color(name, 1.0, th), "area: " + name, Mark::Fill});
  }
}

void stage_entries(const PlanView& plan, Stage stage, const Theme& th, std::vector<LegendEntry>& out) {
  switch (stage) {
    case Stage::Locate:
      out.push_back({th.start, "polygon the point is located in", Mark::Fill});
      break;
    case Stage::Search:
      out.push_back({th.open_set, "open set", Mark::Fill});
      out.push_back({th.closed_set, "closed set", Mark::Fill});
      out.push_back({th.current, "node taken", Mark::Fill});
      out.push_back({th.left, "edge relaxed (improved)", Mark::Line});
      out.push_back({th.text.with_alpha(150), "search tree", Mark::Line});
      break;
    case Stage::Funnel:
      out.push_back({th.corridor, "corridor", Mark::Fill});
      out.push_back({th.apex, "apex, portal tested", Mark::Dot});
      out.push_back({th.left, "left ray, left ends", Mark::Line});
      out.push_back({th.right, "right ray, right ends", Mark::Line});
      out.push_back({th.path, "path so far", Mark::Line});
      break;
    case Stage::Clearance:
      out.push_back({th.path, "funnel path", Mark::Line});
      out.push_back({th.apex, "portal part kept", Mark::Line});
      out.push_back({th.stop, "cut off (clearance)", Mark::Line});
      break;
    case Stage::Turns:
      out.push_back({th.path, "funnel path", Mark::Line});
      out.push_back({th.smooth, "arc tried, arcs decided", Mark::Line});
      out.push_back({th.door_closed, "arc outside the corridor", Mark::Line});
      out.push_back({th.stop, "stop-turn", Mark::Ring});
      break;
    case Stage::Profile:
      out.push_back({th.smooth, "path with arcs", Mark::Line});
      out.push_back({th.apex, "stretch of this step", Mark::Line});
      break;
    case Stage::Channel:
    case Stage::Spline:
      out.push_back({th.gate, "channel gates", Mark::Line});
      out.push_back({th.spline, "spline straights", Mark::Line});
      out.push_back({th.spline_arc, "spline arcs", Mark::Line});
      break;
    case Stage::Polyanya:
      out.push_back({th.closed_set, "interval popped", Mark::Line});
      out.push_back({th.open_set, "interval open", Mark::Line});
      out.push_back({th.optimal, "shortest path", Mark::Line});
      break;
    case Stage::Bake:
      break;
  }
  (void)plan;
}

void plan_entries(const PlanView& plan, const LegendFlags& flags, const Theme& th, std::vector<LegendEntry>& out) {
  if (flags.expanded) out.push_back({th.closed_set, "expanded (closed)", Mark::Fill});
  if (!plan.search.corridor.empty()) out.push_back({th.corridor, "corridor", Mark::Fill});
  if (!plan.portals.empty()) {
    out.push_back({th.left, "portal left end", Mark::Dot});
    out.push_back({th.right, "portal right end", Mark::Dot});
  }
  if (flags.funnel && !plan.funnel.points.empty()) out.push_back({th.path, "funnel path (corners)", Mark::Line});
  if (flags.arcs && !plan.smooth.pieces.empty()) out.push_back({th.smooth, "path with arcs", Mark::Line});
  const bool stops = std::any_of(plan.smooth.turns.begin(), plan.smooth.turns.end(),
                                 [](const Turn& t) { return t.kind == TurnKind::Stop; });
  if (stops && flags.arcs) out.push_back({th.stop, "stop-turn", Mark::Ring});
}

float entry_width(const LegendEntry& e, float fs) { return fs * 2.2f + ImGui::CalcTextSize(e.label.c_str()).x; }

}  // namespace

LegendFlags legend_flags(const Settings& settings) {
  return {settings.show_midpoints, settings.show_optimal, settings.show_channel};
}

std::vector<LegendEntry> legend_for(const Document& doc, const PlanView& plan, int step, const LegendFlags& flags,
                                    const Theme& th) {
  std::vector<LegendEntry> out;
  areas(doc, th, out);
  if (!doc.scene.doors.empty()) {
    out.push_back({th.door_open, "door open", Mark::Line});
    out.push_back({th.door_closed, "door closed", Mark::Line});
  }
  if (plan.has_start) out.push_back({th.start, "start", Mark::Dot});
  if (plan.has_goal) out.push_back({th.goal, "goal", Mark::Dot});
  if (!doc.scene.spawn.candidates.empty()) out.push_back({th.spawn, "spawn candidate", Mark::Dot});
  if (step >= 0 && step < int(plan.steps.size()))
    stage_entries(plan, plan.steps[size_t(step)].stage, th, out);
  else
    plan_entries(plan, flags, th, out);
  if (flags.midpoints && !plan.midpoints.empty()) out.push_back({th.midpoint, "midpoint path", Mark::Line});
  if (flags.optimal && !plan.optimal.empty()) out.push_back({th.optimal, "shortest path (Polyanya)", Mark::Line});
  if (flags.channel && plan.channel) {
    out.push_back({th.gate, "channel gates", Mark::Line});
    out.push_back({th.spline, "spline", Mark::Line});
  }
  return out;
}

void legend_size(const std::vector<LegendEntry>& entries, float max_h, float* w, float* h) {
  const float fs = ImGui::GetFontSize(), pad = fs * 0.4f, row = fs * 1.25f;
  const int per_col = std::max(1, int((max_h - 2 * pad) / row));
  const int cols = (int(entries.size()) + per_col - 1) / per_col;
  float total = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float cw = 0.0f;
    for (int i = c * per_col; i < std::min(int(entries.size()), (c + 1) * per_col); ++i)
      cw = std::max(cw, entry_width(entries[size_t(i)], fs));
    total += cw + pad;
  }
  *w = entries.empty() ? 0.0f : total + pad;
  *h = entries.empty() ? 0.0f : 2 * pad + row * float(std::min(int(entries.size()), per_col));
}

void draw_legend_box(ImDrawList& dl, float right, float top, float max_h, const std::vector<LegendEntry>& entries,
                     const Theme& th, float* w_out, float* h_out) {
  float w = 0, h = 0;
  legend_size(entries, max_h, &w, &h);
  if (w_out) *w_out = w;
  if (h_out) *h_out = h;
  if (entries.empty()) return;
  const float fs = ImGui::GetFontSize(), pad = fs * 0.4f, row = fs * 1.25f;
  const int per_col = std::max(1, int((max_h - 2 * pad) / row));
  const float x0 = right - w;
  dl.AddRectFilled(ImVec2(x0, top), ImVec2(right, top + h), IM_COL32(0, 0, 0, 185), 4.0f);
  float cx = x0 + pad;
  for (size_t c0 = 0; c0 < entries.size(); c0 += size_t(per_col)) {
    float cw = 0.0f;
    for (size_t i = c0; i < std::min(entries.size(), c0 + size_t(per_col)); ++i) {
      const LegendEntry& e = entries[i];
      const float y = top + pad + row * float(i - c0), mid = y + fs * 0.55f;
      const ImU32 col = to_imu32(e.colour.with_alpha(std::max<uint8_t>(e.colour.a, 160)));
      const ImVec2 a(cx, mid), b(cx + fs * 1.6f, mid);
      switch (e.mark) {
        case Mark::Line:
          dl.AddLine(a, b, col, 3.0f * th.line_scale);
          break;
        case Mark::Fill:
          dl.AddRectFilled(ImVec2(a.x, y + 1), ImVec2(b.x, y + fs), col, 2.0f);
          break;
        case Mark::Dot:
          dl.AddCircleFilled(ImVec2(cx + fs * 0.8f, mid), fs * 0.35f, col);
          break;
        case Mark::Ring:
          dl.AddCircle(ImVec2(cx + fs * 0.8f, mid), fs * 0.4f, col, 0, 2.5f);
          break;
      }
      dl.AddText(ImVec2(cx + fs * 2.0f, y), to_imu32(th.text), e.label.c_str());
      cw = std::max(cw, entry_width(e, fs));
    }
    cx += cw + pad;
  }
}

void draw_legend(Viewport& view, const std::vector<LegendEntry>& entries, const Theme& theme) {
  // Bottom right, above the app's status line (the caption runs along the top, the scale bar bottom left).
  const float margin = 8.0f, max_h = float(view.size().y) * 0.5f;
  float w = 0, h = 0;
  legend_size(entries, max_h, &w, &h);
  const float top = float(view.size().y) - h - ImGui::GetFontSize() * 2.0f;
  draw_legend_box(view.overlay(), float(view.size().x) - margin, top, max_h, entries, theme);
}

}  // namespace navlab::app
