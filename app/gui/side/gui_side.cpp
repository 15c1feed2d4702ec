#include "gui_side.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "gui_lessons.h"
#include "gui_viewport.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

constexpr float kGrabRadiusPx = 14.0f;  // a press this close to the player starts a drag
constexpr double kSameTime = 1e-9;      // player events this close in time are one event, s

// The open scene's side-scroller block: this file's windows and actions are reached from side-scroller
// scenes only (side_ui, side_rerun and the side_* actions are asked for after traits().side_view).
const SideScrollerDef& side_def(const Session& app) { return std::get<SideScrollerDef>(app.doc.scene.source); }
SideScrollerDef& side_def(Session& app) { return std::get<SideScrollerDef>(app.doc.scene.source); }

void set_tick(SideView& v, int tick) { v.tick = std::clamp(tick, 0, v.ticks()); }

void advance_play(SideView& v, float frame_seconds) {
  if (!v.playing || v.run.dt <= 0.0) return;
  v.play_clock += frame_seconds;
  while (v.play_clock >= v.run.dt && v.playing) {
    v.play_clock -= v.run.dt;
    if (v.tick >= v.ticks())
      v.playing = false;
    else
      ++v.tick;
  }
}

void transport(SideView& v) {
  if (ImGui::Button("|<")) v.playing = false, set_tick(v, 0);
  ImGui::SameLine();
  if (ImGui::Button("<")) v.playing = false, set_tick(v, v.tick - 1);
  ImGui::SameLine();
  if (ImGui::Button(v.playing ? "Pause" : "Play")) {
    if (v.tick >= v.ticks()) v.tick = 0;
    v.playing = !v.playing;
  }
  ImGui::SameLine();
  if (ImGui::Button(">")) v.playing = false, set_tick(v, v.tick + 1);
  ImGui::SameLine();
  if (ImGui::Button(">|")) v.playing = false, set_tick(v, v.ticks());
  int t = v.tick;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##tick", &t, 0, v.ticks(), "tick %d")) v.playing = false, set_tick(v, t);
  ImGui::Text("t = %.2f s of %.2f s (dt %.3f s)", v.time(), v.ticks() * v.run.dt, v.run.dt);
}

// Each enemy: colour, id, state and flags, then the tick's sentence.
void enemy_list(const Session& app, const SideView& v) {
  const auto& defs = side_def(app).enemies;
  for (size_t i = 0; i < v.run.enemies.size() && i < defs.size(); ++i) {
    const side::SideStep& s = v.run.enemies[i].steps[size_t(v.tick)];
    ImGui::Separator();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(enemy_colour(i)), "%s", defs[i].id.c_str());
    ImGui::SameLine();
    ImGui::Text("%s / %s  %s%s%s", to_string(defs[i].strategy.kind), side::to_string(s.state),
                s.moving ? "moving " : "", s.arrived ? "arrived " : "", s.blocked ? "blocked" : "");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(side::describe(s, defs[i]).c_str());
    ImGui::PopTextWrapPos();
  }
}

// Dragging the player: a press near it starts, the release drops it at the shown tick's time.
void player_drag(Session& app, SideView& v, ImVec2 player_px, bool hovered) {
  const ImVec2 m = ImGui::GetIO().MousePos;
  const float dx = m.x - player_px.x, dy = m.y - player_px.y;
  if (hovered && ImGui::IsMouseClicked(0) && dx * dx + dy * dy <= kGrabRadiusPx * kGrabRadiusPx) v.dragging = true;
  if (!v.dragging) return;
  v.drag_pos = v.frame.to_plane(m);
  if (!ImGui::IsMouseDown(0)) {
    v.dragging = false;
    side_move_player(app, v, v.drag_pos);
  }
}

// The enemy the shown lesson slide reads aloud ("" when no side-scroller slide is shown).
std::string lesson_enemy(const LessonsView& l) {
  if (!l.lesson) return "";
  const LessonSlide& slide = l.lesson->slides[size_t(l.slide)];
  return slide.side ? slide.enemy : "";
}

void canvas(Session& app, SideView& v, const LessonsView& lessons) {
  const SideScrollerDef& d = side_def(app);
  const ImVec2 pos = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
  const float w = std::max(1.0f, avail.x), h = std::max(1.0f, avail.y);
  v.frame = fit_side_frame(d, pos.x, pos.y, w, h);
  ImGui::InvisibleButton("side_canvas", ImVec2(w, h));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  dl.AddRectFilled(pos, ImVec2(pos.x + w, pos.y + h), IM_COL32(30, 33, 38, 255));
  if (d.has_player && !v.run.enemies.empty())
    player_drag(app, v, v.frame.to_px(v.run.enemies[0].steps[size_t(v.tick)].player), hovered);
  draw_side_scene(dl, v.frame, d, v.run, v.tick, "player (drag)", lesson_enemy(lessons));
  if (v.dragging) draw_player(dl, v.frame, v.drag_pos, true);
}

// x(t) of every enemy, with the shown tick as a vertical line, on axes: t in s along the bottom, x in m
// up the left, with ticks at round values.
void plot_xt(const SideView& v) {
  const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
  const float fs = ImGui::GetFontSize();
  const float w = std::max(1.0f, avail.x), h = std::max(1.0f, avail.y - 4);
  const ImVec2 lo(origin.x + fs * 3.0f, origin.y + 4), hi(origin.x + w - fs * 1.2f, origin.y + h - fs * 1.6f);
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  ImGui::Dummy(ImVec2(w, h));
  if (v.ticks() == 0 || hi.x - lo.x < 20 || hi.y - lo.y < 20) return;
  dl.AddRectFilled(lo, hi, IM_COL32(24, 26, 30, 255));
  double x0 = 1e18, x1 = -1e18;
  for (const auto& e : v.run.enemies)
    for (const auto& s : e.steps) x0 = std::min(x0, s.pos.x), x1 = std::max(x1, s.pos.x);
  if (x1 - x0 < 1.0) x1 = x0 + 1.0;
  const double tmax = v.ticks() * v.run.dt;
  auto px = [&](double t, double x) {
    return ImVec2(lo.x + float(t / tmax) * (hi.x - lo.x), hi.y - float((x - x0) / (x1 - x0)) * (hi.y - lo.y));
  };
  char buf[32];
  const double tstep = nice_step(tmax / 8.0), xstep = nice_step((x1 - x0) / 4.0);
  for (double t = 0.0; t <= tmax + 1e-9; t += tstep) {
    dl.AddLine(px(t, x0), px(t, x1), IM_COL32(50, 54, 60, 255));
    std::snprintf(buf, sizeof buf, "%g", t);
    dl.AddText(ImVec2(px(t, x0).x - 4, hi.y + 2), kSideText, buf);
  }
  for (double x = std::ceil(x0 / xstep) * xstep; x <= x1 + 1e-9; x += xstep) {
    dl.AddLine(px(0, x), px(tmax, x), IM_COL32(50, 54, 60, 255));
    std::snprintf(buf, sizeof buf, "%g", x);
    dl.AddText(ImVec2(origin.x + 2, px(0, x).y - fs * 0.5f), kSideText, buf);
  }
  dl.AddRect(lo, hi, IM_COL32(120, 120, 120, 255));
  for (size_t i = 0; i < v.run.enemies.size(); ++i) {
    std::vector<ImVec2> pts;
    for (const auto& s : v.run.enemies[i].steps) pts.push_back(px(s.t, s.pos.x));
    dl.AddPolyline(pts.data(), int(pts.size()), enemy_colour(i), 0, 2.0f);
  }
  const float cx = px(v.time(), x0).x;
  dl.AddLine(ImVec2(cx, lo.y), ImVec2(cx, hi.y), IM_COL32(255, 255, 255, 160));
  dl.AddText(ImVec2(hi.x - fs * 3.0f, hi.y + 2), kSideText, "t (s)");
  dl.AddText(ImVec2(lo.x + 4, lo.y + 2), kSideText, "x (m)");
}

}  // namespace

void side_rerun(const Session& app, SideView& v) {
  side::SideSimDef def;
  def.max_time = side::kLabSeconds;
  v.run = side::simulate(side_def(app), def);
  set_tick(v, v.tick);
}

Vec2 side_window_px(const SideView& v, Vec2 p) {
  const ImVec2 px = v.frame.to_px(p);
  return {px.x, px.y};
}

void side_move_player(Session& app, SideView& v, Vec2 pos) {
  SideScrollerDef& d = side_def(app);
  auto& events = d.player_events;
  const double t = v.time();
  if (!d.has_player) return;
  auto it = std::find_if(events.begin(), events.end(), [&](const SidePlayerEvent& e) { return e.t > t - kSameTime; });
  if (it != events.end() && std::fabs(it->t - t) <= kSameTime)
    it->pos = pos;
  else
    events.insert(it, SidePlayerEvent{t, pos});
  side_rerun(app, v);
  app.status = "player moved at t " + std::to_string(t) + " s";
}

float side_left_width(float work_width) { return std::min(420.0f, work_width * 0.4f); }

void side_key_step(SideView& v, int delta) {
  v.playing = false;
  set_tick(v, v.tick + delta);
}

void side_key_play(SideView& v) {
  if (v.tick >= v.ticks()) v.tick = 0;
  v.playing = !v.playing;
  v.play_clock = 0.0;
}

void side_key_jump(SideView& v, bool end) {
  v.playing = false;
  set_tick(v, end ? v.ticks() : 0);
}

void side_ui(Session& app, SideView& v, const LessonsView& lessons, bool column, const Rect& area) {
  advance_play(v, ImGui::GetIO().DeltaTime);
  const ImVec2 o(area.x, area.y), sz(area.w, area.h);
  // In a presentation (and with H) the column of sentences gives way: the transport stands over the x(t)
  // plot and the slide reads the enemy's sentence.
  const float k = ImGui::GetFontSize() / 13.0f;
  const float left_w = column ? side_left_width(sz.x) : 0.0f;
  const float bottom_h = std::min(220.0f * k, sz.y * 0.38f);
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
  if (column) {
    ImGui::SetNextWindowPos(o);
    ImGui::SetNextWindowSize(ImVec2(left_w, sz.y));
    if (ImGui::Begin("Side-scroller", nullptr, fixed)) {
      ImGui::PushTextWrapPos(0.0f);  // every line wraps at the column's edge, none is cut
      ImGui::TextUnformatted(app.doc.scene.name.c_str());
      transport(v);
      enemy_list(app, v);
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
  }
  ImGui::SetNextWindowPos(ImVec2(o.x + left_w, o.y + sz.y - bottom_h));
  ImGui::SetNextWindowSize(ImVec2(sz.x - left_w, bottom_h));
  if (ImGui::Begin("x(t) per enemy", nullptr, fixed)) {
    if (!column) transport(v);
    plot_xt(v);
  }
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(o.x + left_w, o.y));
  ImGui::SetNextWindowSize(ImVec2(sz.x - left_w, sz.y - bottom_h));
  if (ImGui::Begin("Side view", nullptr, fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse))
    canvas(app, v, lessons);
  ImGui::End();
}

std::optional<Result<void>> side_script_action(Session& app, SideView& v, const nlohmann::json& a) {
  if (!a.contains("side_tick") && !a.contains("side_play") && !a.contains("side_player")) return std::nullopt;
  if (!traits(app.doc.scene.kind()).side_view) return Error{"side_* actions need a side-scroller scene"};
  if (a.contains("side_tick")) {
    const auto& t = a["side_tick"];
    if (t.is_string() && t.get<std::string>() == "end")
      set_tick(v, v.ticks());
    else if (t.is_number_integer() && t.get<int>() >= 0)
      set_tick(v, t.get<int>());
    else
      return Error{"side_tick needs a tick >= 0 or \"end\""};
  } else if (a.contains("side_play")) {
    if (!a["side_play"].is_number() || a["side_play"].get<double>() < 0) return Error{"side_play needs seconds >= 0"};
    set_tick(v, v.tick + int(std::lround(a["side_play"].get<double>() / v.run.dt)));
  } else {
    const auto& j = a["side_player"];
    if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number())
      return Error{"side_player needs [x, y]"};
    side_move_player(app, v, {j[0].get<double>(), j[1].get<double>()});
  }
  return Result<void>();
}

nlohmann::json side_state_json(const Session& app, const SideView& v) {
  if (!traits(app.doc.scene.kind()).side_view) return nullptr;
  nlohmann::json enemies = nlohmann::json::array();
  const auto& defs = side_def(app).enemies;
  for (size_t i = 0; i < v.run.enemies.size() && i < defs.size(); ++i) {
    const side::SideStep& s = v.run.enemies[i].steps[size_t(v.tick)];
    enemies.push_back({{"id", defs[i].id},
                       {"state", side::to_string(s.state)},
                       {"pos", {s.pos.x, s.pos.y}},
                       {"caption", side::describe(s, defs[i])}});
  }
  return {{"tick", v.tick},
          {"t", v.time()},
          {"enemies", enemies},
          {"canvas",
           {{"x", v.frame.x},
            {"y", v.frame.y},
            {"height", v.frame.h},
            {"lo", {v.frame.lo.x, v.frame.lo.y}},
            {"scale", v.frame.scale}}}};
}

}  // namespace navlab::app
