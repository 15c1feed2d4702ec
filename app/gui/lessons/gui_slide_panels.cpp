#include "gui_slide_panels.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "gui_doc.h"
#include "gui_plan.h"
#include "format.h"
#include "gui_theme.h"

namespace navlab::app {

namespace {

constexpr ImU32 kHeading = IM_COL32(255, 214, 120, 255);
constexpr ImU32 kBody = IM_COL32(230, 232, 236, 255);
constexpr ImU32 kPanelBg = IM_COL32(16, 18, 22, 255);

// Wrapped text at (x, y); returns its height.
float text(ImDrawList& dl, float x, float y, float w, ImU32 col, const std::string& s) {
  ImFont* font = ImGui::GetFont();
  const float fs = ImGui::GetFontSize();
  dl.AddText(font, fs, ImVec2(x, y), col, s.c_str(), nullptr, w);
  return font->CalcTextSizeA(fs, w, w, s.c_str()).y;
}

float profile_panel(ImDrawList& dl, float x, float y, float w, const SlidePanelInput& in) {
  const PlanView& p = in.plan;
  const float fs = ImGui::GetFontSize();
  if (!p.ran || p.profile_samples.size() < 2)
    return text(dl, x, y, w, kBody, "No speed profile: the plan has no path.");
  char head[128];
  std::snprintf(head, sizeof head, "Velocity profile: total time %s s over %s m", num(p.profile.total_time).c_str(),
                num(p.profile.length).c_str());
  float h = text(dl, x, y, w, kHeading, head);
  profile_key(dl, ImVec2(x, y + h + 2), w);
  h += fs * (w < fs * 22 ? 2.6f : 1.4f);
  const float plot_h = std::max(fs * 8.0f, w * 0.5f);
  const Profile* spline =
      in.flags.channel && p.channel && p.channel_samples.size() >= 2 ? &p.channel->profile : nullptr;
  draw_profile_plot(dl, ImVec2(x, y + h), ImVec2(w, plot_h), p, in.step, in.theme, spline, in.doc.scene.agent.max_speed,
                    -1.0);
  return h + plot_h;
}

float gfh_panel(ImDrawList& dl, float x, float y, float w, const SlidePanelInput& in) {
  const PlanView& p = in.plan;
  const float fs = ImGui::GetFontSize(), row = fs * 1.25f;
  const bool search = in.step < int(p.steps.size()) && p.steps[size_t(in.step)].stage == Stage::Search;
  const int index = search ? p.steps[size_t(in.step)].index : int(p.trace.search.steps.size()) - 1;
  if (index < 0) return text(dl, x, y, w, kBody, "G/H/F: the search recorded no step.");
  std::vector<GfhRow> rows = gfh_rows(p, index);
  std::stable_sort(rows.begin(), rows.end(), [](const GfhRow& a, const GfhRow& b) { return a.f < b.f; });
  float h =
      text(dl, x, y, w, kHeading, search ? "G/H/F as of this step (lowest F first)" : "G/H/F at the search's end");
  h += 4;
  const char* heads[] = {"node", "G", "H", "F", "parent", ""};
  const float cols[] = {0.0f, 0.30f, 0.44f, 0.58f, 0.72f, 0.90f};
  for (int c = 0; c < 5; ++c) dl.AddText(ImVec2(x + w * cols[c], y + h), kHeading, heads[c]);
  h += row;
  const int current = p.trace.search.steps[size_t(index)].node;
  for (const GfhRow& r : rows) {
    if (r.node == current)
      dl.AddRectFilled(ImVec2(x, y + h - 1), ImVec2(x + w, y + h + row - 1), IM_COL32(90, 90, 40, 200));
    const ImU32 col = r.closed ? IM_COL32(190, 160, 240, 255) : IM_COL32(150, 235, 160, 255);
    dl.AddText(ImVec2(x, y + h), col, node_label(in.doc.mesh, r.node).c_str());
    const CostDigits n = cost_digits(r.g, r.h);  // as the step's sentence writes them
    for (int c = 0; c < 3; ++c)
      dl.AddText(ImVec2(x + w * cols[c + 1], y + h), kBody, n(c == 0 ? r.g : c == 1 ? r.h : r.g + r.h).c_str());
    dl.AddText(ImVec2(x + w * cols[4], y + h), kBody, r.parent >= 0 ? node_label(in.doc.mesh, r.parent).c_str() : "-");
    dl.AddText(ImVec2(x + w * cols[5], y + h), col, r.closed ? "c" : "o");
    h += row;
  }
  return h + text(dl, x, y + h, w, IM_COL32(170, 170, 170, 255),
                  "o: open, c: closed; the highlighted row is the step's node");
}

float failure_panel(ImDrawList& dl, float x, float y, float w, const SlidePanelInput& in) {
  const PlanView& p = in.plan;
  if (!p.ran) return text(dl, x, y, w, kBody, "No query.");
  std::string head = std::string("Plan: ") + to_string(p.status);
  float h = text(dl, x, y, w, kHeading, head) + 2;
  std::string body;
  if (p.failure) {
    body = std::string("stage: ") + to_string(p.failure->stage) + "\nreason: " + to_string(p.failure->reason) +
           "\nmessage: " + p.failure->message;
    if (!p.failure->blocked_by.empty()) {
      body += "\nblocked by:";
      for (const std::string& b : p.failure->blocked_by) body += " " + b;
    }
  }
  if (p.status != Status::Failed) {
    body += std::string(body.empty() ? "" : "\n") + "corridor " + std::to_string(p.search.corridor.size()) +
            " nodes, cost " + num(p.search.cost) + ", " + std::to_string(p.search.expanded) + " nodes expanded";
    if (!p.funnel.points.empty()) body += ", path " + num(p.funnel.length) + " m";
  }
  return h + text(dl, x, y + h, w, kBody, body);
}

}  // namespace

std::vector<GfhRow> gfh_rows(const PlanView& plan, int index) {
  const auto& steps = plan.trace.search.steps;
  std::map<int, GfhRow> rows;
  for (int i = 0; i <= index && i < int(steps.size()); ++i) {
    const SearchStep& s = steps[size_t(i)];
    if (s.kind == SearchStep::Kind::Relaxed && s.improved)
      rows[s.node] = {s.node, s.g, s.h, s.f, s.parent, false};
    else if (s.kind == SearchStep::Kind::Popped)
      rows[s.node] = {s.node, s.g, s.h, s.f, s.parent, true};
  }
  std::vector<GfhRow> out;
  for (const auto& kv : rows) out.push_back(kv.second);
  return out;
}

float draw_slide_panel(ImDrawList& dl, const std::string& name, float x, float y, float w, const SlidePanelInput& in) {
  const float pad = ImGui::GetFontSize() * 0.4f;
  const int first = dl.VtxBuffer.Size;
  (void)first;
  dl.ChannelsSplit(2);  // the background under the panel, drawn once its height is known
  dl.ChannelsSetCurrent(1);
  float h = 0.0f;
  if (name == "profile")
    h = profile_panel(dl, x + pad, y + pad, w - 2 * pad, in);
  else if (name == "gfh")
    h = gfh_panel(dl, x + pad, y + pad, w - 2 * pad, in);
  else if (name == "failure")
    h = failure_panel(dl, x + pad, y + pad, w - 2 * pad, in);
  else if (name == "legend") {
    float lw = 0, lh = 0;
    const std::vector<LegendEntry> e = legend_for(in.doc, in.plan, in.step, in.flags, in.theme);
    h = text(dl, x + pad, y + pad, w - 2 * pad, kHeading, "Colours") + 2;
    legend_size(e, 1e6f, &lw, &lh);
    draw_legend_box(dl, x + pad + lw, y + pad + h, 1e6f, e, in.theme);
    h += lh;
  }
  dl.ChannelsSetCurrent(0);
  dl.AddRectFilled(ImVec2(x, y), ImVec2(x + w, y + h + 2 * pad), kPanelBg, 4.0f);
  dl.ChannelsMerge();
  return h + 2 * pad;
}

}  // namespace navlab::app
