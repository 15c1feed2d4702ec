#include "gui_side_draw.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace navlab::app {

namespace {

constexpr double kMarginM = 1.0;         // around the scene's bounds in the canvas, m
constexpr float kPlayerRadiusPx = 8.0f;  // the player's disc
constexpr float kStallBarPx = 5.0f;      // height of the stall window bar above a body

const ImU32 kPalette[] = {IM_COL32(90, 160, 250, 255),  IM_COL32(250, 170, 60, 255), IM_COL32(120, 220, 120, 255),
                          IM_COL32(240, 90, 200, 255),  IM_COL32(250, 230, 90, 255), IM_COL32(110, 220, 230, 255),
                          IM_COL32(200, 140, 250, 255), IM_COL32(240, 110, 100, 255)};

const ImU32 kSolid = IM_COL32(120, 128, 140, 255), kSolidEdge = IM_COL32(190, 196, 206, 255);
const ImU32 kBlocked = IM_COL32(230, 70, 60, 255), kArrived = IM_COL32(70, 200, 100, 255),
            kMoving = IM_COL32(70, 130, 230, 255), kStill = IM_COL32(130, 130, 140, 255);
const ImU32 kPlayer = IM_COL32(60, 240, 120, 255);

// The fill of a body: what its flags say (blocked, arrived, moving, still).
ImU32 flag_colour(const side::SideStep& s) {
  return s.blocked ? kBlocked : s.arrived ? kArrived : s.moving ? kMoving : kStill;
}

void draw_solids(const SideFrame& f, const SideScrollerDef& d, ImDrawList& dl) {
  for (const SideBox& b : d.solids) {
    const ImVec2 a = f.to_px({b.x0, b.y1}), c = f.to_px({b.x1, b.y0});
    dl.AddRectFilled(a, c, kSolid);
    dl.AddRect(a, c, kSolidEdge);
  }
}

// Labels placed so far in one drawing: a new one that would overlap them moves up a line at a time.
class LabelStack {
 public:
  void add(ImDrawList& dl, ImVec2 at, const std::string& text) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    for (int tries = 0; tries < kMaxLift && overlaps(at, size); ++tries) at.y -= size.y + 1;
    placed_.push_back({at, ImVec2(at.x + size.x, at.y + size.y)});
    dl.AddText(at, kSideText, text.c_str());
  }

 private:
  static constexpr int kMaxLift = 8;  // lines a label may move up before it is drawn where it overlaps
  bool overlaps(ImVec2 a, ImVec2 size) const {
    for (const auto& [lo, hi] : placed_)
      if (a.x < hi.x && a.x + size.x > lo.x && a.y < hi.y && a.y + size.y > lo.y) return true;
    return false;
  }
  std::vector<std::pair<ImVec2, ImVec2>> placed_;
};

// A body, its target, its stall window (a bar that shrinks as the window runs out) and its label; the
// enemy a lesson slide reads (`focus`) gets a white frame.
void draw_enemy(const SideFrame& f, const SideEnemyDef& e, const side::SideStep& s, ImU32 colour, bool focus,
                LabelStack& labels, ImDrawList& dl) {
  const ImVec2 a = f.to_px(s.pos + Vec2{-e.body.x / 2, e.body.y}), c = f.to_px(s.pos + Vec2{e.body.x / 2, 0});
  if (s.has_target) {
    const ImVec2 t = f.to_px(s.target), mid = f.to_px(s.pos + Vec2{0, e.body.y / 2});
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
  if (focus) dl.AddRect(ImVec2(a.x - 4, a.y - 4), ImVec2(c.x + 4, c.y + 4), kSideText, 0.0f, 0, 2.0f);
  labels.add(dl, ImVec2(a.x, a.y - kStallBarPx - 20), e.id + ": " + side::to_string(s.state));
}

void grow(Vec2& lo, Vec2& hi, Vec2 p) {
  lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
  hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
}

}  // namespace

ImVec2 SideFrame::to_px(Vec2 p) const {
  return ImVec2(x + float((p.x - lo.x) * scale), y + h - float((p.y - lo.y) * scale));
}

Vec2 SideFrame::to_plane(ImVec2 px) const { return {lo.x + (px.x - x) / scale, lo.y + (y + h - px.y) / scale}; }

SideFrame fit_side_frame(const SideScrollerDef& d, float x, float y, float w, float h) {
  Vec2 lo{1e18, 1e18}, hi{-1e18, -1e18};
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
  SideFrame f;
  f.scale = std::min(w / (hi.x - lo.x), h / (hi.y - lo.y));
  f.lo = {lo.x - (w / f.scale - (hi.x - lo.x)) / 2, lo.y};  // centred across, standing on the bottom
  f.x = x;
  f.y = y;
  f.h = h;
  return f;
}

gl::Camera side_camera(const SideFrame& f, float w, float h) {
  gl::Camera cam;
  cam.scale = f.scale;
  cam.center = f.lo + Vec2{w / (2 * f.scale), h / (2 * f.scale)};
  return cam;
}

SideFrame side_frame(const gl::Camera& cam, float w, float h) {
  SideFrame f;
  f.scale = cam.scale;
  f.lo = cam.center - Vec2{w / (2 * cam.scale), h / (2 * cam.scale)};
  f.h = h;
  return f;
}

ImU32 enemy_colour(size_t i) { return kPalette[i % (sizeof kPalette / sizeof kPalette[0])]; }

void draw_player(ImDrawList& dl, const SideFrame& f, Vec2 p, bool outline_only) {
  if (outline_only)
    dl.AddCircle(f.to_px(p), kPlayerRadiusPx, kPlayer, 0, 2.0f);
  else
    dl.AddCircleFilled(f.to_px(p), kPlayerRadiusPx, kPlayer);
}

void draw_side_scene(ImDrawList& dl, const SideFrame& f, const SideScrollerDef& d, const side::SideRun& run, int tick,
                     const char* player_label, const std::string& focus) {
  draw_solids(f, d, dl);
  LabelStack labels;
  for (size_t i = 0; i < run.enemies.size() && i < d.enemies.size(); ++i)
    draw_enemy(f, d.enemies[i], run.enemies[i].steps[size_t(tick)], enemy_colour(i), d.enemies[i].id == focus, labels,
               dl);
  if (!d.has_player || run.enemies.empty()) return;
  const Vec2 p = run.enemies[0].steps[size_t(tick)].player;
  draw_player(dl, f, p, false);
  const ImVec2 px = f.to_px(p);
  if (*player_label) dl.AddText(ImVec2(px.x + 10, px.y - 20), kSideText, player_label);
}

}  // namespace navlab::app
