// Doors and blockers in the viewport: grabbing (a door by its segment or an end handle, a blocker by
// its body), dragging with the plan re-run live, and the simulated agent drawn from the follower's
// step records (position, velocity arrow, state, the path it follows, where it re-planned).
#include <imgui.h>
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gui_viewport.h"
#include "gui_doors.h"

namespace navlab::app {

namespace {

const gl::Rgba kAgent{90, 170, 255, 255};
const gl::Rgba kRebuilt{120, 255, 200, 170};  // outline of the tiles the last change rebuilt
constexpr double kRebuiltShown = 1.0;         // s the outline stays

Vec2 u_of(Vec2 v) {
  const double l = length(v);
  return l > 0.0 ? v / l : Vec2{};
}

double segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = dot(ab, ab);
  const double u = len2 > 0.0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  return distance(p, a + ab * u);
}

std::vector<Vec2> door_points(const Door& d) {
  std::vector<Vec2> pts;
  for (const ScenePoint& p : d.shape) pts.push_back(p.plane);
  return pts;
}

bool on_blocker(const Blocker& b, Vec2 p, double pick) {
  const Vec2 d = p - b.center.plane;
  if (b.radius > 0.0) return length(d) <= b.radius + pick;
  const Vec2 u{std::cos(b.angle), std::sin(b.angle)};
  const Vec2 local{dot(d, u), dot(d, perp_left(u))};
  return std::abs(local.x) <= b.half_extents.x + pick && std::abs(local.y) <= b.half_extents.y + pick;
}

// What is under the mouse: a door end handle first, then a door's segment or area, then a blocker.
struct Pick {
  DoorsView::Grab grab = DoorsView::Grab::None;
  std::string id;
  int end = -1;
};

Pick pick_at(const Scene& scene, Vec2 p, double pick) {
  for (const Door& d : scene.doors) {
    if (d.is_polygon) continue;
    const auto pts = door_points(d);
    for (size_t i = 0; i < pts.size(); ++i)
      if (distance(pts[i], p) <= pick) return {DoorsView::Grab::DoorEnd, d.id, int(i)};
  }
  for (const Door& d : scene.doors) {
    const auto pts = door_points(d);
    if (pts.size() < 2) continue;
    bool hit = d.is_polygon && point_in_ring(p, pts);
    const size_t n = d.is_polygon ? pts.size() : pts.size() - 1;
    for (size_t i = 0; i < n && !hit; ++i) hit = segment_distance(p, pts[i], pts[(i + 1) % pts.size()]) <= pick;
    if (hit) return {DoorsView::Grab::DoorBody, d.id, -1};
  }
  for (const Blocker& b : scene.blockers)
    if (on_blocker(b, p, pick)) return {DoorsView::Grab::Blocker, b.id, -1};
  return {};
}

// Applies the drag for the mouse at `world` (once per frame); `final_move` on release.
void drag_to(Session& app, DoorsView& d, DoorControls& controls, Vec2 world, bool final_move) {
  const Vec2 delta = world - d.grab_at;
  if (d.grab == DoorsView::Grab::Blocker) {
    show_failure(app, controls.move_blocker(d.grab_id, d.grab_shape[0] + delta, final_move));
    return;
  }
  std::vector<Vec2> shape = d.grab_shape;
  if (d.grab == DoorsView::Grab::DoorEnd)
    shape[size_t(d.grab_end)] = shape[size_t(d.grab_end)] + delta;
  else
    for (Vec2& p : shape) p = p + delta;
  show_failure(app, controls.move_door(d.grab_id, shape, final_move));
}

// A label beside plane point `world`, offset (dx, dy) px and centred on the line's height.
void label_at(Viewport& view, Vec2 world, const char* text, gl::Rgba c, float dx, float dy) {
  const Vec2 p = view.to_screen(world);
  view.label(float(p.x) + dx, float(p.y) + dy - ImGui::GetFontSize() * 0.5f, text, to_imu32(c));
}

}  // namespace

bool doors_viewport_mouse(Session& app, DoorsView& d, ClickMode mode, DoorControls& controls, Vec2 world, double pick,
                          bool hovered) {
  if (d.grab != DoorsView::Grab::None) {
    const bool down = ImGui::IsMouseDown(0);
    drag_to(app, d, controls, world, !down);
    if (!down) {
      d.grab = DoorsView::Grab::None;
      app.status = d.grab_replanned ? "dragged " + d.grab_id + ": re-planned" : "dragged " + d.grab_id + ": plan kept";
    }
    return true;
  }
  d.hover_id.clear();
  if (!hovered || mode != ClickMode::Inspect) return false;
  const Pick p = pick_at(app.doc.scene, world, pick);
  if (p.grab == DoorsView::Grab::None) return false;
  d.hover_id = p.id;
  ImGui::SetMouseCursor(p.grab == DoorsView::Grab::DoorEnd ? ImGuiMouseCursor_ResizeAll : ImGuiMouseCursor_Hand);
  if (!ImGui::IsMouseClicked(0)) return false;
  d.grab = p.grab;
  d.grab_id = p.id;
  d.grab_end = p.end;
  d.grab_at = world;
  d.grab_replanned = false;
  d.grab_shape.clear();
  if (p.grab == DoorsView::Grab::Blocker) {
    for (const Blocker& b : app.doc.scene.blockers)
      if (b.id == p.id) d.grab_shape.push_back(b.center.plane);
  } else {
    for (const Door& door : app.doc.scene.doors)
      if (door.id == p.id) d.grab_shape = door_points(door);
  }
  return true;
}

namespace {

// The simulated agent at the time shown: the plan it follows, its trail, its re-plans and spline
// updates so far, its disc and velocity arrow, and its state line.
void draw_sim(const Session& app, Viewport& view, const SimView& s) {
  const Theme& th = app.theme;
  gl::Batch& b = view.plan();
  auto text = [&](Vec2 world, const char* what, gl::Rgba c, float dx, float dy) {
    label_at(view, world, what, c, dx, dy);
  };
  if (!s.valid || s.result.steps.empty()) return;
  const int k = s.step_index();
  const FollowStep& st = k >= 0 ? s.result.steps[size_t(k)] : s.result.steps.front();
  const Vec2 pos = k >= 0 ? st.pos : s.query.start.plane;
  const Vec2 vel = k >= 0 ? st.vel : Vec2{};
  const int version = k >= 0 ? st.corridor_version : 1;
  // The path the follower follows now (its plan of that version), dashed.
  for (const FollowPlan& p : s.result.plans)
    if (p.version == version)
      for (const PathPiece& pc : p.path.pieces) {
        if (pc.kind == PathPiece::Kind::Segment)
          b.segment(pc.a, pc.b, kAgent.with_alpha(200), {2.5f, 6.0f, 10.0f});
        else
          b.arc(pc.arc.center, pc.arc.radius, pc.arc.start, pc.arc.start + pc.arc.sweep, kAgent.with_alpha(200),
                {2.5f, 6.0f, 10.0f});
      }
  std::vector<Vec2> trail{s.query.start.plane};
  for (int i = 0; i <= k; ++i) trail.push_back(s.result.steps[size_t(i)].pos);
  if (trail.size() >= 2) b.polyline(trail, kAgent.with_alpha(120), {2.0f});
  for (const Replan& r : s.result.replans) {
    if (r.t > s.t + tol::kSameTime) continue;
    for (const FollowStep& fs : s.result.steps)
      if (fs.t + tol::kSameTime >= r.t) {
        b.point(fs.pos, 6.0f, th.stop, 1.5f, {0, 0, 0, 255});
        char buf[48];
        std::snprintf(buf, sizeof buf, "agent re-plan v%d", r.version);
        text(fs.pos, buf, th.stop, 10, 12);
        break;
      }
  }
  // The spline updates that changed what the agent follows (a stable tail kept, Frozen, the way back,
  // Failure), where the agent was when they were made.
  for (const SplineChange& c : s.result.spline_updates) {
    const bool plain = c.kept <= 0.0 && !c.recompute_needed;
    if (plain || c.t > s.t + tol::kSameTime) continue;
    for (const FollowStep& fs : s.result.steps)
      if (fs.t + tol::kSameTime >= c.t) {
        char buf[64];
        if (c.kept > 0.0)
          std::snprintf(buf, sizeof buf, "spline %s, %.2f m kept", to_string(c.mode), c.kept);
        else
          std::snprintf(buf, sizeof buf, "spline %s", to_string(c.mode));
        b.point(fs.pos, 5.0f, th.apex, 1.5f, {0, 0, 0, 255});
        text(fs.pos, buf, th.apex, 10, 26);
        break;
      }
  }
  const double r = std::max(app.doc.scene.agent.radius, 4.0 / view.px_per_m());
  // A point (drawn with the lines, in order) so the disc stays above the paths under it.
  b.point(pos, float(r * view.px_per_m()), kAgent, 1.5f, {0, 0, 0, 255});
  const double speed = length(vel);
  if (speed > 1e-6) {
    const Vec2 tip = pos + vel + u_of(vel) * r;  // 1 s of travel from the disc's edge
    const Vec2 u = vel / speed, n = perp_left(u);
    const double head = std::min(0.35 * speed, 12.0 / view.px_per_m());
    b.segment(pos + u * r, tip - u * head * 0.5, th.apex, {3.0f});
    b.triangle(tip, tip - u * head + n * head * 0.5, tip - u * head - n * head * 0.5, th.apex);
  }
  char buf[128];
  std::snprintf(buf, sizeof buf, "%s  agent v%d  %.2f m/s  t %.2f s%s%s", k >= 0 ? to_string(st.state) : "ready",
                version, speed, s.t, k >= 0 && st.spline_mode ? "  spline " : "",
                k >= 0 && st.spline_mode ? to_string(*st.spline_mode) : "");
  text(pos, buf, kAgent, 12, -14);
}

}  // namespace

void draw_doors(const Session& app, Viewport& view, const DoorsView& d) {
  if (!app.doc.loaded()) return;
  const Theme& th = app.theme;
  gl::Batch& b = view.plan();
  auto text = [&](Vec2 world, const char* s, gl::Rgba c, float dx, float dy) { label_at(view, world, s, c, dx, dy); };

  // Door handles; the hovered or grabbed door and the doors the plan read are outlined.
  for (const Door& door : app.doc.scene.doors) {
    const auto pts = door_points(door);
    if (pts.size() < 2) continue;
    const bool active = door.id == d.hover_id || (d.grab != DoorsView::Grab::None && door.id == d.grab_id);
    const bool read = std::binary_search(d.reads.doors.begin(), d.reads.doors.end(), door.id);
    if (active) b.polyline(pts, th.apex.with_alpha(150), {10.0f}, door.is_polygon);
    if (!door.is_polygon)
      for (const Vec2& p : pts) b.point(p, active ? 6.0f : 4.0f, th.apex, 1.5f, {0, 0, 0, 255});
    if (read) {
      Vec2 mid{};
      for (const Vec2& p : pts) mid = mid + p;
      text(mid / double(pts.size()), "read by the plan", th.text, 8, 10);
    }
  }
  for (const Blocker& bl : app.doc.scene.blockers)
    if (bl.id == d.hover_id || (d.grab == DoorsView::Grab::Blocker && bl.id == d.grab_id))
      b.circle(bl.center.plane, (bl.radius > 0.0 ? bl.radius : length(bl.half_extents)) + 0.15, th.apex, {2.5f});

  // The tiles the last tile cache change rebuilt, outlined for about a second.
  const TilesView& tv = d.tiles;
  if (tv.on() && !tv.rebuilt.empty() && ImGui::GetTime() - tv.changed_at < kRebuiltShown)
    for (int tile : tv.rebuilt) {
      const auto [lo, hi] = tv.cache->tile_bounds(tile);
      b.polyline({lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}, kRebuilt, {2.0f}, true);
      text({lo.x, hi.y}, "rebuilt", kRebuilt, 4, 10);
    }

  draw_sim(app, view, d.sim);
}

}  // namespace navlab::app
