// The velocity profile beside the path, on ImDrawList: v(s) coloured by the limit that binds it, the
// per-piece speed limits (max speed, arc limits), arcs and stop-turns as bands, axes with units and the
// total time. Hovering the plot marks the path point; hovering the path marks the plot.
#include <imgui.h>
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gui_app.h"

namespace navlab::app {

namespace {

ImU32 limit_color(ProfileLimit limit, const Theme& th) {
  switch (limit) {
    case ProfileLimit::Braking: return IM_COL32(245, 90, 90, 255);
    case ProfileLimit::Accel: return IM_COL32(110, 220, 120, 255);
    case ProfileLimit::Lateral: return to_imu32(th.smooth);
    case ProfileLimit::MaxSpeed: return IM_COL32(235, 235, 235, 255);
    case ProfileLimit::Reaction: return IM_COL32(245, 170, 70, 255);  // held before a braking
    default: return to_imu32(th.stop);  // start, goal, stop_turn
  }
}

}  // namespace

void plot_profile(App& app) {
  const PlanView& p = app.plan;
  const Theme& th = app.theme;
  const auto& samples = p.profile_samples;
  if (!p.ran || samples.size() < 2) {
    ImGui::TextDisabled("no speed profile (no complete path)");
    return;
  }
  // The channel spline's profile beside the arcs' when the channel is shown (seed 003).
  const Profile* spline =
      app.settings.show_channel && p.channel && p.channel_samples.size() >= 2 ? &p.channel->profile : nullptr;
  ImGui::Text("total time %.2f s, length %.2f m", p.profile.total_time, p.profile.length);
  if (spline) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(to_imu32(th.spline)), "  spline: %.2f s, %.2f m",
                       spline->total_time, spline->length);
  }
  ImGui::TextColored(ImVec4(0.92f, 0.92f, 0.92f, 1), "max speed");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.24f, 0.9f, 0.98f, 1), " arc");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.96f, 0.35f, 0.35f, 1), " braking");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.43f, 0.86f, 0.47f, 1), " accel");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(1.0f, 0.27f, 0.78f, 1), " stop");

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float fs = ImGui::GetFontSize();
  const float left = fs * 3.2f, bottom = fs * 2.2f;
  const ImVec2 lo(origin.x + left, origin.y + 4), hi(origin.x + avail.x - 8, origin.y + avail.y - bottom);
  if (hi.x - lo.x < 20 || hi.y - lo.y < 20) return;
  ImGui::InvisibleButton("plot", avail);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();

  double vmax = 0.0;
  for (const auto& s : samples) vmax = std::max(vmax, s.v);
  if (spline)
    for (const auto& s : p.channel_samples) vmax = std::max(vmax, s.v);
  for (const auto& st : p.trace.motion.profile.steps)
    if (st.kind == ProfileStep::Kind::PieceLimit) vmax = std::max(vmax, std::min(st.v0, app.doc.scene.agent.max_speed * 1.5));
  vmax = std::max(vmax * 1.1, 0.1);
  const double smax = std::max({p.profile.length, samples.back().s, spline ? spline->length : 0.0});
  auto X = [&](double s) { return float(lo.x + (hi.x - lo.x) * (smax > 0 ? s / smax : 0)); };
  auto Y = [&](double v) { return float(hi.y - (hi.y - lo.y) * std::clamp(v / vmax, 0.0, 1.0)); };

  dl->AddRectFilled(lo, hi, IM_COL32(20, 22, 26, 255));
  // Bands: arcs and stop-turns (from the profile's records), and the current profile step.
  for (const auto& st : p.trace.motion.profile.steps) {
    if (st.kind == ProfileStep::Kind::PieceLimit && st.arc)
      dl->AddRectFilled(ImVec2(X(st.s0), lo.y), ImVec2(X(st.s1), hi.y), IM_COL32(60, 230, 250, 40));
    if (st.kind == ProfileStep::Kind::StopTurn)
      dl->AddRectFilled(ImVec2(X(st.s0) - 2, lo.y), ImVec2(X(st.s0) + 2, hi.y), IM_COL32(255, 70, 200, 120));
  }
  if (app.step < int(p.steps.size()) && p.steps[app.step].stage == Stage::Profile) {
    const ProfileStep& st = p.trace.motion.profile.steps[p.steps[app.step].index];
    if (st.kind != ProfileStep::Kind::Total)
      dl->AddRectFilled(ImVec2(X(st.s0) - 1, lo.y), ImVec2(X(std::max(st.s0, st.s1)) + 1, hi.y), IM_COL32(255, 255, 255, 40));
  }
  // Axes, ticks and units.
  const double sstep = nice_step(std::max(smax, 1e-3) / 6.0), vstep = nice_step(vmax / 4.0);
  char buf[32];
  for (double s = 0; s <= smax * (1.0 + tol::kWhole); s += sstep) {
    dl->AddLine(ImVec2(X(s), lo.y), ImVec2(X(s), hi.y), IM_COL32(50, 54, 60, 255));
    std::snprintf(buf, sizeof buf, "%g", s);
    dl->AddText(ImVec2(X(s) - 6, hi.y + 2), IM_COL32(190, 190, 190, 255), buf);
  }
  for (double v = 0; v <= vmax * (1.0 + tol::kWhole); v += vstep) {
    dl->AddLine(ImVec2(lo.x, Y(v)), ImVec2(hi.x, Y(v)), IM_COL32(50, 54, 60, 255));
    std::snprintf(buf, sizeof buf, "%g", v);
    dl->AddText(ImVec2(origin.x + 2, Y(v) - fs * 0.5f), IM_COL32(190, 190, 190, 255), buf);
  }
  dl->AddText(ImVec2(hi.x - fs * 5, hi.y + fs * 1.05f), IM_COL32(220, 220, 220, 255), "s (m)");
  dl->AddText(ImVec2(lo.x + 4, lo.y + 2), IM_COL32(220, 220, 220, 255), "v (m/s)");
  dl->AddRect(lo, hi, IM_COL32(120, 120, 120, 255));
  // Per-piece limits: max speed on segments, sqrt(a_lat·R) on arcs.
  for (const auto& st : p.trace.motion.profile.steps)
    if (st.kind == ProfileStep::Kind::PieceLimit && std::isfinite(st.v0))
      dl->AddLine(ImVec2(X(st.s0), Y(st.v0)), ImVec2(X(st.s1), Y(st.v0)),
                  st.arc ? IM_COL32(60, 230, 250, 200) : IM_COL32(160, 160, 160, 200), 1.5f);
  // v(s), each piece coloured by the limit that binds at its start, over the spline's v(s) (wider, so
  // both show where they agree).
  const float lw = 2.0f * th.line_scale;
  if (spline)
    for (size_t i = 0; i + 1 < p.channel_samples.size(); ++i) {
      const ProfileSample &a = p.channel_samples[i], &b = p.channel_samples[i + 1];
      dl->AddLine(ImVec2(X(a.s), Y(a.v)), ImVec2(X(b.s), Y(b.v)), to_imu32(th.spline), 2.5f * lw);
    }
  for (size_t i = 0; i + 1 < samples.size(); ++i)
    dl->AddLine(ImVec2(X(samples[i].s), Y(samples[i].v)), ImVec2(X(samples[i + 1].s), Y(samples[i + 1].v)),
                limit_color(samples[i].limit, th), lw);

  if (hovered) {
    const double s = std::clamp((ImGui::GetIO().MousePos.x - lo.x) / (hi.x - lo.x) * smax, 0.0, smax);
    app.hover_next = s;
  }
  if (app.hover_s >= 0.0) {
    const double s = app.hover_s;
    auto it = std::lower_bound(samples.begin(), samples.end(), s,
                               [](const ProfileSample& a, double x) { return a.s < x; });
    const ProfileSample& near = it == samples.end() ? samples.back() : *it;
    dl->AddLine(ImVec2(X(s), lo.y), ImVec2(X(s), hi.y), IM_COL32(255, 255, 255, 160));
    dl->AddCircleFilled(ImVec2(X(near.s), Y(near.v)), 4.0f * th.line_scale, IM_COL32(255, 255, 255, 255));
    std::snprintf(buf, sizeof buf, "s %.2f m  v %.2f m/s  (%s)", near.s, near.v, to_string(near.limit));
    dl->AddText(ImVec2(std::min(X(s) + 6, hi.x - ImGui::CalcTextSize(buf).x), lo.y + fs * 1.2f),
                IM_COL32(255, 255, 255, 255), buf);
  }
}

}  // namespace navlab::app
