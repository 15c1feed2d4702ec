#include "gui_side.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "gui_app.h"

namespace navlab::app {

namespace {

constexpr double kMarginM = 1.0;          // around the scene's bounds in the canvas, m
constexpr float kPlayerRadiusPx = 8.0f;   // the player's disc
constexpr float kGrabRadiusPx = 14.0f;    // a press this close to the player starts a drag
constexpr float kStallBarPx = 5.0f;       // height of the stall window bar above a body
constexpr double kSameTime = 1e-9;        // player events this close in time are one event, s

const ImU32 kPalette[] = {IM_COL32(90, 160, 250, 255), IM_COL32(250, 170, 60, 255), IM_COL32(120, 220, 120, 255),
                          IM_COL32(240, 90, 200, 255), IM_COL32(250, 230, 90, 255), IM_COL32(110, 220, 230, 255),
                          IM_COL32(200, 140, 250, 255), IM_COL32(240, 110, 100, 255)};
ImU32 enemy_colour(size_t i) { return kPalette[i % (sizeof kPalette / sizeof kPalette[0])]; }

const ImU32 kSolid = IM_COL32(120, 128, 140, 255), kSolidEdge = IM_COL32(190, 196, 206, 255);
const ImU32 kBlocked = IM_COL32(230, 70, 60, 255), kArrived = IM_COL32(70, 200, 100, 255),
            kMoving = IM_COL32(70, 130, 230, 255), kStill = IM_COL32(130, 130, 140, 255);
const ImU32 kPlayer = IM_COL32(60, 240, 120, 255), kText = IM_COL32(235, 238, 242, 255);

// The fill of a body: what its flags say (blocked, arrived, moving, still).
ImU32 flag_colour(const side::SideStep& s) {
  return s.blocked ? kBlocked : s.arrived ? kArrived : s.moving ? kMoving : kStill;
}

void grow(Vec2& lo, Vec2& hi, Vec2 p) {
  lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
  hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
}

// Bounds of solids, bodies, the player and the targets the scene names, m.
void scene_bounds(const SideScrollerDef& d, Vec2& lo, Vec2& hi) {
  lo = {1e18, 1e18};
  hi = {-1e18, -1e18};
  for (const SideBox& b : d.solids) grow(lo, hi, {b.x0, b.y0}), grow(lo, hi, {b.x1, b.y1});
  for (const SideEnemyDef& e : d.enemies) {
    grow(lo, hi, e.pos - Vec2{e.body.x / 2, 0});
    grow(lo, hi, e.pos + Vec2{e.body.x / 2, e.body.y});
    for (Vec2 p : e.strategy.points) grow(lo, hi, p);
  }
  if (d.has_player) grow(lo, hi, d.player);
  for (const SidePlayerEvent& ev : d.player_events) grow(lo, hi, ev.pos);
  lo = lo - Vec2{kMarginM, kMarginM};
  hi = hi + Vec2{kMarginM, kMarginM};
}

ImVec2 to_px(const SideView& v, Vec2 p) {
  return ImVec2(v.canvas_x + float((p.x - v.lo.x) * v.scale), v.canvas_y + v.canvas_h - float((p.y - v.lo.y) * v.scale));
}
Vec2 to_plane(const SideView& v, ImVec2 px) {
  return {v.lo.x + (px.x - v.canvas_x) / v.scale, v.lo.y + (v.canvas_y + v.canvas_h - px.y) / v.scale};
}

void set_tick(SideView& v, int tick) { v.tick = std::clamp(tick, 0, v.ticks()); }

void advance_play(SideView& v, float frame_seconds) {
  if (!v.playing || v.run.dt <= 0.0) return;
  v.play_clock += frame_seconds;
  while (v.play_clock >= v.run.dt && v.playing) {
    v.play_clock -= v.run.dt;
    if (v.tick >= v.ticks()) v.playing = false;
    else ++v.tick;
  }
}

void keys(SideView& v) {
  if (ImGui::GetIO().WantTextInput) return;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_SPACE, false)) {
    if (v.tick >= v.ticks()) v.tick = 0;
    v.playing = !v.playing;
    v.play_clock = 0.0;
  }
  if (ImGui::IsKeyPressed(SDL_SCANCODE_RIGHT, true)) v.playing = false, set_tick(v, v.tick + 1);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_LEFT, true)) v.playing = false, set_tick(v, v.tick - 1);
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
void enemy_list(const App& app) {
  const SideView& v = app.side;
  const auto& defs = app.doc.scene.sidescroller.enemies;
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

void draw_solids(const SideView& v, const SideScrollerDef& d, ImDrawList& dl) {
  for (const SideBox& b : d.solids) {
    const ImVec2 a = to_px(v, {b.x0, b.y1}), c = to_px(v, {b.x1, b.y0});
    dl.AddRectFilled(a, c, kSolid);
    dl.AddRect(a, c, kSolidEdge);
  }
}

// A body, its target, its stall window (a bar that shrinks as the window runs out) and its label.
void draw_enemy(const SideView& v, const SideEnemyDef& e, const side::SideStep& s, ImU32 colour, ImDrawList& dl) {
  const ImVec2 a = to_px(v, s.pos + Vec2{-e.body.x / 2, e.body.y}), c = to_px(v, s.pos + Vec2{e.body.x / 2, 0});
  if (s.has_target) {
    const ImVec2 t = to_px(v, s.target), mid = to_px(v, s.pos + Vec2{0, e.body.y / 2});
    dl.AddLine(mid, t, colour, 1.0f);
    dl.AddLine(ImVec2(t.x - 5, t.y - 5), ImVec2(t.x + 5, t.y + 5), colour, 2.0f);
    dl.AddLine(ImVec2(t.x - 5, t.y + 5), ImVec2(t.x + 5, t.y - 5), colour, 2.0f);
  }
  dl.AddRectFilled(a, c, flag_colour(s));
  dl.AddRect(a, c, colour, 0.0f, 0, 2.5f);
  if (s.stall_window > 0.0) {
    const float left = float(std::clamp(1.0 - s.stall_elapsed / s.stall_window, 0.0, 1.0));
    const ImVec2 b0(a.x, a.y - kStallBarPx - 3), b1(c.x, a.y - 3);
    dl.AddRect(b0, b1, IM_COL32(200, 200, 200, 160));
    dl.AddRectFilled(b0, ImVec2(b0.x + (b1.x - b0.x) * left, b1.y), IM_COL32(240, 200, 60, 255));
  }
  const std::string label = e.id + " · " + side::to_string(s.state);
  dl.AddText(ImVec2(a.x, a.y - kStallBarPx - 20), kText, label.c_str());
}

// Dragging the player: a press near it starts, the release drops it at the shown tick's time.
void player_drag(App& app, ImVec2 player_px, bool hovered) {
  SideView& v = app.side;
  const ImVec2 m = ImGui::GetIO().MousePos;
  const float dx = m.x - player_px.x, dy = m.y - player_px.y;
  if (hovered && ImGui::IsMouseClicked(0) && dx * dx + dy * dy <= kGrabRadiusPx * kGrabRadiusPx) v.dragging = true;
  if (!v.dragging) return;
  v.drag_pos = to_plane(v, m);
  if (!ImGui::IsMouseDown(0)) {
    v.dragging = false;
    side_move_player(app, v.drag_pos);
  }
}

void canvas(App& app) {
  SideView& v = app.side;
  const SideScrollerDef& d = app.doc.scene.sidescroller;
  const ImVec2 pos = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
  const float w = std::max(1.0f, avail.x), h = std::max(1.0f, avail.y);
  Vec2 lo, hi;
  scene_bounds(d, lo, hi);
  v.scale = std::min(w / (hi.x - lo.x), h / (hi.y - lo.y));
  v.lo = {lo.x - (w / v.scale - (hi.x - lo.x)) / 2, lo.y};  // centred across, standing on the bottom
  v.canvas_x = pos.x;
  v.canvas_y = pos.y;
  v.canvas_h = h;
  ImGui::InvisibleButton("side_canvas", ImVec2(w, h));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  dl.AddRectFilled(pos, ImVec2(pos.x + w, pos.y + h), IM_COL32(30, 33, 38, 255));
  draw_solids(v, d, dl);
  for (size_t i = 0; i < v.run.enemies.size() && i < d.enemies.size(); ++i)
    draw_enemy(v, d.enemies[i], v.run.enemies[i].steps[size_t(v.tick)], enemy_colour(i), dl);
  if (!d.has_player || v.run.enemies.empty()) return;
  const ImVec2 p = to_px(v, v.run.enemies[0].steps[size_t(v.tick)].player);
  player_drag(app, p, hovered);
  dl.AddCircleFilled(p, kPlayerRadiusPx, kPlayer);
  dl.AddText(ImVec2(p.x + 10, p.y - 20), kText, "player (drag)");
  if (v.dragging) dl.AddCircle(to_px(v, v.drag_pos), kPlayerRadiusPx, kPlayer, 0, 2.0f);
}

// x(t) of every enemy, with the shown tick as a vertical line.
void plot_xt(const App& app) {
  const SideView& v = app.side;
  const ImVec2 pos = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
  const float w = std::max(1.0f, avail.x), h = std::max(1.0f, avail.y - 4);
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  dl.AddRectFilled(pos, ImVec2(pos.x + w, pos.y + h), IM_COL32(24, 26, 30, 255));
  if (v.ticks() == 0) return;
  double x0 = 1e18, x1 = -1e18;
  for (const auto& e : v.run.enemies)
    for (const auto& s : e.steps) x0 = std::min(x0, s.pos.x), x1 = std::max(x1, s.pos.x);
  if (x1 - x0 < 1.0) x1 = x0 + 1.0;
  auto px = [&](double t, double x) {
    return ImVec2(pos.x + float(t / (v.ticks() * v.run.dt)) * w, pos.y + h - float((x - x0) / (x1 - x0)) * (h - 16) - 8);
  };
  for (size_t i = 0; i < v.run.enemies.size(); ++i) {
    std::vector<ImVec2> pts;
    for (const auto& s : v.run.enemies[i].steps) pts.push_back(px(s.t, s.pos.x));
    dl.AddPolyline(pts.data(), int(pts.size()), enemy_colour(i), 0, 2.0f);
  }
  const float cx = px(v.time(), x0).x;
  dl.AddLine(ImVec2(cx, pos.y), ImVec2(cx, pos.y + h), IM_COL32(255, 255, 255, 160));
  char buf[64];
  std::snprintf(buf, sizeof buf, "x from %.1f to %.1f m", x0, x1);
  dl.AddText(ImVec2(pos.x + 6, pos.y + 4), kText, buf);
  ImGui::Dummy(ImVec2(w, h));
}

}  // namespace

void side_rerun(App& app) {
  SideView& v = app.side;
  side::SideSimDef def;
  def.max_time = v.max_time;
  v.run = side::simulate(app.doc.scene.sidescroller, def);
  set_tick(v, v.tick);
}

Vec2 side_window_px(const App& app, Vec2 p) {
  const ImVec2 px = to_px(app.side, p);
  return {px.x, px.y};
}

void side_move_player(App& app, Vec2 pos) {
  auto& events = app.doc.scene.sidescroller.player_events;
  const double t = app.side.time();
  if (!app.doc.scene.sidescroller.has_player) return;
  auto it = std::find_if(events.begin(), events.end(), [&](const SidePlayerEvent& e) { return e.t > t - kSameTime; });
  if (it != events.end() && std::fabs(it->t - t) <= kSameTime) it->pos = pos;
  else events.insert(it, SidePlayerEvent{t, pos});
  side_rerun(app);
  app.status = "player moved at t " + std::to_string(t) + " s";
}

void side_ui(App& app) {
  SideView& v = app.side;
  advance_play(v, ImGui::GetIO().DeltaTime);
  keys(v);
  const ImGuiViewport* mv = ImGui::GetMainViewport();
  const ImVec2 o = mv->WorkPos, sz = mv->WorkSize;
  const float left_w = std::min(420.0f, sz.x * 0.4f), bottom_h = std::min(220.0f, sz.y * 0.35f);
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
  ImGui::SetNextWindowPos(o);
  ImGui::SetNextWindowSize(ImVec2(left_w, sz.y));
  if (ImGui::Begin("Side-scroller", nullptr, fixed)) {
    ImGui::TextWrapped("%s", app.doc.scene.name.c_str());
    transport(v);
    enemy_list(app);
  }
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(o.x + left_w, o.y + sz.y - bottom_h));
  ImGui::SetNextWindowSize(ImVec2(sz.x - left_w, bottom_h));
  if (ImGui::Begin("x(t) per enemy", nullptr, fixed)) plot_xt(app);
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(o.x + left_w, o.y));
  ImGui::SetNextWindowSize(ImVec2(sz.x - left_w, sz.y - bottom_h));
  if (ImGui::Begin("Side view", nullptr, fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse))
    canvas(app);
  ImGui::End();
}

bool side_script_action(App& app, const nlohmann::json& a, std::string* err) {
  SideView& v = app.side;
  const bool side = app.doc.scene.source == Scene::Source::SideScroller;
  if (!a.contains("side_tick") && !a.contains("side_play") && !a.contains("side_player")) return false;
  *err = side ? "" : "side_* actions need a side-scroller scene";
  if (!side) return true;
  if (a.contains("side_tick")) {
    const auto& t = a["side_tick"];
    if (t.is_string() && t.get<std::string>() == "end") set_tick(v, v.ticks());
    else if (t.is_number_integer() && t.get<int>() >= 0) set_tick(v, t.get<int>());
    else *err = "side_tick needs a tick >= 0 or \"end\"";
  } else if (a.contains("side_play")) {
    if (!a["side_play"].is_number() || a["side_play"].get<double>() < 0) *err = "side_play needs seconds >= 0";
    else set_tick(v, v.tick + int(std::lround(a["side_play"].get<double>() / v.run.dt)));
  } else {
    const auto& j = a["side_player"];
    if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number()) *err = "side_player needs [x, y]";
    else side_move_player(app, {j[0].get<double>(), j[1].get<double>()});
  }
  return true;
}

nlohmann::json side_state_json(const App& app) {
  if (app.doc.scene.source != Scene::Source::SideScroller) return nullptr;
  const SideView& v = app.side;
  nlohmann::json enemies = nlohmann::json::array();
  const auto& defs = app.doc.scene.sidescroller.enemies;
  for (size_t i = 0; i < v.run.enemies.size() && i < defs.size(); ++i) {
    const side::SideStep& s = v.run.enemies[i].steps[size_t(v.tick)];
    enemies.push_back({{"id", defs[i].id}, {"state", side::to_string(s.state)}, {"pos", {s.pos.x, s.pos.y}},
                       {"caption", side::describe(s, defs[i])}});
  }
  return {{"tick", v.tick},
          {"t", v.time()},
          {"enemies", enemies},
          {"canvas", {{"x", v.canvas_x}, {"y", v.canvas_y}, {"height", v.canvas_h}, {"lo", {v.lo.x, v.lo.y}},
                      {"scale", v.scale}}}};
}

}  // namespace navlab::app
