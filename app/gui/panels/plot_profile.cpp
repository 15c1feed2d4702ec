// The velocity profile beside the path, on ImDrawList: v(s) coloured by the limit that binds it, the
// per-piece speed limits (max speed, arc limits), arcs and stop-turns as bands, axes with units and the
// total time. Hovering the plot marks the path point; hovering the path marks the plot.
#include <imgui.h>
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gui_panels.h"
#include "gui_slide_panels.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

ImU32 limit_color(ProfileLimit limit, const Theme& th) {
  switch (limit) {
    case ProfileLimit::Braking:
      return IM_COL32(245, 90, 90, 255);
    case ProfileLimit::Accel:
      return IM_COL32(110, 220, 120, 255);
    case ProfileLimit::Lateral:
      return to_imu32(th.smooth);
    case ProfileLimit::MaxSpeed:
      return IM_COL32(235, 235, 235, 255);
    case ProfileLimit::Reaction:
      return IM_COL32(245, 170, 70, 255);  // held before a braking
    default:
      return to_imu32(th.stop);  // start, goal, stop_turn
  }
}

// Samples closer than this on screen to the last point drawn, under the same limit, are passed over:
// a 1 km route has 20,000 samples (5 cm apart) on a plot a few hundred pixels wide.
constexpr float kPlotStepPx = 0.5f;

// v(s) of `samples` as polylines through their screen points (`at`), each stretch in the colour `color`
// gives the sample it starts from (one polyline per run of one colour). A sample is drawn when it lies
// kPlotStepPx or more from the last point drawn, when its colour differs from the stretch's (so every
// change of colour is drawn where it is), and always the last one: the line differs from one through
// every sample by less than kPlotStepPx.
template <class At, class Color>
void plot_samples(ImDrawList& dl, const std::vector<ProfileSample>& samples, At at, Color color, float width) {
  if (samples.size() < 2) return;
  thread_local std::vector<ImVec2> run;  // the points of the colour run being drawn
  run.assign(1, at(samples[0]));
  ImU32 col = color(samples[0]);
  for (size_t i = 1; i < samples.size(); ++i) {
    const ImVec2 to = at(samples[i]), from = run.back();
    const ImU32 next = color(samples[i]);
    const bool last = i + 1 == samples.size();
    const float dx = to.x - from.x, dy = to.y - from.y;
    if (!last && next == col && dx * dx + dy * dy < kPlotStepPx * kPlotStepPx) continue;
    run.push_back(to);
    if (next == col && !last) continue;
    dl.AddPolyline(run.data(), int(run.size()), col, ImDrawFlags_None, width);
    run.assign(1, to);
    col = next;
  }
}

}  // namespace

void draw_profile_plot(ImDrawList& dl_ref, ImVec2 origin, ImVec2 avail, const PlanView& p, int step, const Theme& th,
                       const Profile* spline, double max_speed, double hover_s) {
  ImDrawList* dl = &dl_ref;
  const auto& samples = p.profile_samples;
  const float fs = ImGui::GetFontSize();
  const float left = fs * 3.2f, bottom = fs * 2.2f;
  const ImVec2 lo(origin.x + left, origin.y + 4), hi(origin.x + avail.x - 8, origin.y + avail.y - bottom);
  if (hi.x - lo.x < 20 || hi.y - lo.y < 20 || samples.size() < 2) return;
  double vmax = 0.0;
  for (const auto& s : samples) vmax = std::max(vmax, s.v);
  if (spline)
    for (const auto& s : p.channel_samples) vmax = std::max(vmax, s.v);
  for (const auto& st : p.trace.motion.profile.steps)
    if (st.kind == ProfileStep::Kind::PieceLimit) vmax = std::max(vmax, std::min(st.v0, max_speed * 1.5));
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
  if (step < int(p.steps.size()) && p.steps[size_t(step)].stage == Stage::Profile) {
    const ProfileStep& st = p.trace.motion.profile.steps[size_t(p.steps[size_t(step)].index)];
    if (st.kind != ProfileStep::Kind::Total)
      dl->AddRectFilled(ImVec2(X(st.s0) - 1, lo.y), ImVec2(X(std::max(st.s0, st.s1)) + 1, hi.y),
                        IM_COL32(255, 255, 255, 40));
  }
  // Axes, ticks and units.
  const double sstep = nice_step(std::max(smax, 1e-3) / 6.0), vstep = nice_step(vmax / 4.0);
  char buf[64];
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
  const auto at = [&](const ProfileSample& q) { return ImVec2(X(q.s), Y(q.v)); };
  if (spline)
    plot_samples(
        *dl, p.channel_samples, at, [&](const ProfileSample&) { return to_imu32(th.spline); }, 2.5f * lw);
  plot_samples(
      *dl, samples, at, [&](const ProfileSample& q) { return limit_color(q.limit, th); }, lw);
  if (hover_s < 0.0) return;
  auto it = std::lower_bound(samples.begin(), samples.end(), hover_s,
                             [](const ProfileSample& a, double x) { return a.s < x; });
  const ProfileSample& near = it == samples.end() ? samples.back() : *it;
  dl->AddLine(ImVec2(X(hover_s), lo.y), ImVec2(X(hover_s), hi.y), IM_COL32(255, 255, 255, 160));
  dl->AddCircleFilled(ImVec2(X(near.s), Y(near.v)), 4.0f * th.line_scale, IM_COL32(255, 255, 255, 255));
  std::snprintf(buf, sizeof buf, "s %.2f m  v %.2f m/s  (%s)", near.s, near.v, to_string(near.limit));
  dl->AddText(ImVec2(std::min(X(hover_s) + 6, hi.x - ImGui::CalcTextSize(buf).x), lo.y + fs * 1.2f),
              IM_COL32(255, 255, 255, 255), buf);
}

void profile_key(ImDrawList& dl, ImVec2 at, float width) {
  const std::pair<const char*, ImU32> keys[] = {{"max speed", IM_COL32(235, 235, 235, 255)},
                                                {"arc", IM_COL32(60, 230, 250, 255)},
                                                {"braking", IM_COL32(245, 90, 90, 255)},
                                                {"accel", IM_COL32(110, 220, 120, 255)},
                                                {"stop", IM_COL32(255, 70, 200, 255)}};
  float x = at.x, y = at.y;
  for (const auto& [label, col] : keys) {
    const float w = ImGui::CalcTextSize(label).x + ImGui::GetFontSize();
    if (x + w > at.x + width) x = at.x, y += ImGui::GetFontSize() * 1.2f;
    dl.AddText(ImVec2(x, y), col, label);
    x += w;
  }
}

void plot_profile(Session& app) {
  const PlanView& p = app.plan;
  const Theme& th = app.theme;
  if (!p.ran || p.profile_samples.size() < 2) {
    ImGui::TextDisabled("no speed profile (no complete path)");
    return;
  }
  // The channel spline's profile beside the arcs' when the channel is shown.
  const Profile* spline =
      app.settings.show_channel && p.channel && p.channel_samples.size() >= 2 ? &p.channel->profile : nullptr;
  ImGui::TextWrapped("total time %.2f s, length %.2f m", p.profile.total_time, p.profile.length);
  if (spline)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(to_imu32(th.spline)), "spline: %.2f s, %.2f m",
                       spline->total_time, spline->length);
  const ImVec2 key_at = ImGui::GetCursorScreenPos();
  profile_key(*ImGui::GetWindowDrawList(), key_at, ImGui::GetContentRegionAvail().x);
  ImGui::Dummy(
      ImVec2(1, ImGui::GetFontSize() * (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 22 ? 2.4f : 1.2f)));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (avail.x < 40 || avail.y < 40) return;
  ImGui::InvisibleButton("plot", avail);
  const bool hovered = ImGui::IsItemHovered();
  draw_profile_plot(*ImGui::GetWindowDrawList(), origin, avail, p, app.playback.step, th, spline,
                    app.doc.scene.agent.max_speed, app.playback.hover_s);
  if (hovered) {
    const float fs = ImGui::GetFontSize();
    const float lo_x = origin.x + fs * 3.2f, hi_x = origin.x + avail.x - 8;
    const double smax = std::max({p.profile.length, p.profile_samples.back().s, spline ? spline->length : 0.0});
    app.playback.hover_next = std::clamp((ImGui::GetIO().MousePos.x - lo_x) / (hi_x - lo_x) * smax, 0.0, smax);
  }
}

}  // namespace navlab::app
