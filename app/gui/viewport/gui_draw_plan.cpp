// Draws a plan's records as of one timeline step: the search's open/closed sets and tree, the funnel's
// apex and rays, the corridor and portals, corners, the clearance path, arcs and stop-turns, and the
// scene's doors, blockers, spawn candidates, start and goal. Only records and results are read.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "gui_doc.h"
#include "gui_plan.h"
#include "gui_theme.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

constexpr double kLinkArcBulge = 0.25;  // an off-mesh link's arc rises this fraction of its length
constexpr int kLinkArcPieces = 24;      // segments of the drawn arc

struct Painter {
  Viewport& view;
  const Document& doc;
  const PlanView& plan;
  const Theme& th;
  gl::Batch& b;
  ImDrawList& dl;

  std::vector<Vec2> poly_points(int p) const {
    std::vector<Vec2> pts;
    for (int v : doc.mesh.polys[p].verts) pts.push_back(doc.mesh.verts[v]);
    return pts;
  }
  Vec2 node_pos(int n) const { return doc.mesh.centroid(n); }
  // A record's node may be -1 (a polygon of a tile rebuilt since the plan ran).
  bool on_mesh(int n) const { return n >= 0 && n < doc.mesh.size(); }
  void fill_node(int n, gl::Rgba c) {
    if (n < 0 || n >= doc.mesh.size()) return;
    if (doc.mesh.kind == NavMesh::Kind::Graph)
      b.point(doc.mesh.nodes[n].pos, 20.0f, c);
    else
      b.mesh_polygon(n, poly_points(n), c);
  }
  // `declutter`: left out when it would overlap a label placed before (zoomed out over many turns).
  void text(Vec2 world, const char* s, gl::Rgba c, float dx = 8, float dy = -8, bool declutter = false) {
    text_at(view.to_screen(world), s, c, dx, dy, declutter);
  }
  void text_at(Vec2 p, const char* s, gl::Rgba c, float dx = 8, float dy = -8, bool declutter = false) {
    view.label(float(p.x) + dx, float(p.y) + dy - ImGui::GetFontSize() * 0.5f, s, to_imu32(c), declutter);
  }
  // A ray from `from` through `to`, extended a little past it.
  void ray(Vec2 from, Vec2 to, gl::Rgba c) {
    const Vec2 d = to - from;
    const double len = length(d);
    if (len <= 0.0) return;
    b.segment(from, to, c, {2.5f});
    b.segment(to, to + d * (std::max(1.0, 60.0 / view.px_per_m()) / len), c.with_alpha(140), {2.0f, 6.0f, 10.0f});
  }

  void scene_objects() {
    const Scene& sc = doc.scene;
    for (const Blocker& bl : sc.blockers) {
      const Vec2 c = bl.center.plane;
      if (bl.radius > 0.0) {
        std::vector<Vec2> pts;
        for (int i = 0; i < 48; ++i)
          pts.push_back(c + Vec2{std::cos(i * std::numbers::pi / 24), std::sin(i * std::numbers::pi / 24)} * bl.radius);
        b.polygon(pts, th.blocker.with_alpha(110));
        b.polyline(pts, th.blocker, {2.0f}, true);
      } else {
        const Vec2 u{std::cos(bl.angle), std::sin(bl.angle)}, v = perp_left(u);
        const Vec2 ex = u * bl.half_extents.x, ey = v * bl.half_extents.y;
        const std::vector<Vec2> pts{c - ex - ey, c + ex - ey, c + ex + ey, c - ex + ey};
        b.polygon(pts, th.blocker.with_alpha(110));
        b.polyline(pts, th.blocker, {2.0f}, true);
      }
      if (length(bl.velocity) > 0.0) b.segment(c, c + bl.velocity, th.blocker, {2.0f, 5.0f, 8.0f});
      text(c, bl.id.c_str(), th.blocker);
    }
    for (const Door& d : sc.doors) {
      if (d.shape.empty()) continue;
      const gl::Rgba c = d.open ? th.door_open : th.door_closed;
      std::vector<Vec2> pts;
      for (const ScenePoint& p : d.shape) pts.push_back(p.plane);
      if (d.is_polygon) {
        b.polygon(pts, c.with_alpha(70));
        b.polyline(pts, c, {2.5f}, true);
      } else {
        b.polyline(pts, c, d.open ? gl::Stroke{4.0f, 8.0f, 14.0f} : gl::Stroke{6.0f});
      }
      Vec2 mid{};
      for (const Vec2& p : pts) mid = mid + p;
      mid = mid / double(pts.size());
      text(mid, (d.id + (d.open ? " (open)" : " (closed)")).c_str(), c);
    }
    links();
    for (const SpawnCandidate& s : sc.spawn.candidates) {
      const Vec2 p = s.pos.plane;
      const double r = 7.0 / view.px_per_m();
      b.quad(p + Vec2{0, r}, p + Vec2{-r, 0}, p + Vec2{0, -r}, p + Vec2{r, 0}, th.spawn);
      text(p, s.name.c_str(), th.spawn);
    }
  }

  // Off-mesh links as the mesh has them (ends where the bake attached them): an arc over the jump, the
  // radius within which each end attaches, an arrowhead at the landing of a one-way link. The top view
  // bows the arc sideways in the plane; the 3D view raises it from the takeoff to the landing.
  void links() {
    const Scene& sc = doc.scene;
    for (size_t i = 0; i < doc.mesh.links.size(); ++i) {
      const NavLink& l = doc.mesh.links[i];
      const std::vector<Vec2> plane_arc = view.in_3d() ? std::vector<Vec2>{} : link_arc_plane(l);
      const std::vector<Vec3> world_arc = view.in_3d() ? link_arc_3d(l) : std::vector<Vec3>{};
      if (i < sc.links.size()) {
        const double r = sc.links[i].radius_or(sc.bake);
        b.circle(l.from, r, th.link.with_alpha(150), {1.5f});
        b.circle(l.to, r, th.link.with_alpha(150), {1.5f});
      }
      b.point(l.from, 5.0f, th.link);
      b.point(l.to, 5.0f, th.link);
      const std::string name = "link " + std::to_string(i);
      if (view.in_3d()) {
        if (!l.bidirectional) arrow_3d(world_arc);
        text_at(view.to_screen(world_arc[world_arc.size() / 2]), name.c_str(), th.link);
      } else {
        if (!l.bidirectional) arrow_plane(plane_arc);
        text(plane_arc[plane_arc.size() / 2], name.c_str(), th.link);
      }
    }
  }

  std::vector<Vec2> link_arc_plane(const NavLink& l) {
    const Vec2 d = l.to - l.from;
    const Vec2 lift = perp_left(d) * kLinkArcBulge;
    std::vector<Vec2> arc;
    for (int k = 0; k <= kLinkArcPieces; ++k) {
      const double t = double(k) / kLinkArcPieces;
      arc.push_back(l.from + d * t + lift * (4.0 * t * (1.0 - t)));  // a parabola through both ends
    }
    b.polyline(arc, th.link, {2.5f});
    return arc;
  }

  void arrow_plane(const std::vector<Vec2>& arc) {
    const Vec2 tip = arc.back(), back = arc[arc.size() - 2];
    const double len = length(tip - back);
    if (len <= 0.0) return;
    const Vec2 u = (tip - back) / len, side = perp_left(u);
    const double head = 12.0 / view.px_per_m();
    b.segment(tip, tip - u * head + side * (head * 0.5), th.link, {2.5f});
    b.segment(tip, tip - u * head - side * (head * 0.5), th.link, {2.5f});
  }

  // In the world: from the takeoff at its height to the landing at its, its top a quarter of the
  // length above the higher end (a parabola through both ends).
  std::vector<Vec3> link_arc_3d(const NavLink& l) {
    const Vec3 a = to_world(l.from, l.from_height), z = to_world(l.to, l.to_height);
    const double top = std::max(a.y, z.y) + kLinkArcBulge * std::max(distance(a, z), 0.5);
    const double bump = top - 0.5 * (a.y + z.y);
    std::vector<Vec3> arc;
    for (int k = 0; k <= kLinkArcPieces; ++k) {
      const double t = double(k) / kLinkArcPieces;
      const Vec3 on = a + (z - a) * t;
      arc.push_back({on.x, on.y + bump * 4.0 * t * (1.0 - t), on.z});
    }
    for (size_t k = 0; k + 1 < arc.size(); ++k) b.segment_world(arc[k], arc[k + 1], th.link, {2.5f});
    return arc;
  }

  // The arrowhead at the landing, in the arc's vertical plane.
  void arrow_3d(const std::vector<Vec3>& arc) {
    const Vec3 tip = arc.back(), back = arc[arc.size() - 2];
    const double len = length(tip - back);
    if (len <= 0.0) return;
    const Vec3 u = (tip - back) * (1.0 / len);
    const Vec3 up{0.0, 1.0, 0.0};
    const double head = 12.0 / view.px_per_m();
    b.segment_world(tip, tip - u * head + up * (head * 0.5), th.link, {2.5f});
    b.segment_world(tip, tip - u * head - up * (head * 0.5), th.link, {2.5f});
  }

  void endpoints() {
    // On a graph the words go under the node's disc, which would hide them beside the point.
    const bool graph = doc.mesh.kind == NavMesh::Kind::Graph;
    const float dx = graph ? -12.0f : 10.0f, dy = graph ? kNodeRadiusPx * th.line_scale + 10.0f : -10.0f;
    if (plan.has_start) {
      const double r = doc.scene.agent.radius;
      if (r > 0.0 && !graph) b.circle(plan.start, r, th.start.with_alpha(160), {1.5f});
      b.point(plan.start, 7.0f, th.start, 2.0f, {0, 0, 0, 255});
      text(plan.start, "start", th.start, dx, dy);
    }
    if (plan.has_goal) {
      b.point(plan.goal, 7.0f, th.goal, 2.0f, {0, 0, 0, 255});
      text(plan.goal, "goal", th.goal, dx, dy);
    }
  }

  void corridor(bool portals_too, int highlight_portal) {
    corridor_through(portals_too ? &plan.portals : nullptr, highlight_portal);
  }

  // The corridor's polygons and, when given, `portals` (the funnel's, or the clearance's shrunk ones).
  void corridor_through(const std::vector<Portal>* portals, int highlight_portal) {
    for (int n : plan.search.corridor) fill_node(n, th.corridor);
    if (!portals) return;
    for (size_t i = 0; i < portals->size(); ++i) {
      const Portal& p = (*portals)[i];
      const bool hl = int(i) == highlight_portal;
      if (!(p.left == p.right)) b.segment(p.left, p.right, hl ? th.apex : th.portal, {hl ? 3.0f : 1.5f});
      b.point(p.left, hl ? 6.0f : 4.0f, th.left);
      b.point(p.right, hl ? 6.0f : 4.0f, th.right);
    }
  }

  void funnel_path(const std::vector<Vec2>& pts, float width = 3.0f) {
    b.polyline(pts, th.path, {width});
    for (size_t i = 1; i + 1 < pts.size(); ++i) b.point(pts[i], 5.0f, th.path, 1.5f, {0, 0, 0, 255});
  }

  void smooth_path(bool with_turns) {
    if (!plan.clearance.empty()) b.polyline(plan.clearance, th.smooth.with_alpha(150), {1.5f, 5.0f, 8.0f});
    for (const PathPiece& pc : plan.smooth.pieces) {
      if (pc.kind == PathPiece::Kind::Segment)
        b.segment(pc.a, pc.b, th.smooth, {6.0f});
      else
        b.arc(pc.arc.center, pc.arc.radius, pc.arc.start, pc.arc.start + pc.arc.sweep, th.smooth, {6.0f});
    }
    if (!with_turns) return;
    char buf[64];
    for (const Turn& t : plan.smooth.turns) {
      if (t.kind != TurnKind::Arc) {  // a stop-turn, or a corner without any turn (the plan failed)
        const gl::Rgba c = t.kind == TurnKind::Stop ? th.stop : th.door_closed;
        b.point(t.at, 9.0f, c.with_alpha(0), 0.0f);
        b.circle(t.at, 11.0 / view.px_per_m(), c, {3.0f});
        std::snprintf(buf, sizeof buf, "%s %.0f°", t.kind == TurnKind::Stop ? "stop" : "no arc",
                      t.theta * 180.0 / std::numbers::pi);
        text(t.at, buf, c, 12, 10, true);
      } else {
        b.point(t.entry, 3.5f, th.smooth);
        b.point(t.exit, 3.5f, th.smooth);
        b.point(t.arc.center, 2.5f, th.smooth.with_alpha(160));
        std::snprintf(buf, sizeof buf, "R %.2f m", t.radius);
        text(t.arc.center, buf, th.smooth, 6, 0, true);
      }
    }
  }

  // ---- per stage ----

  void search_step(int index) {
    const auto& steps = plan.trace.search.steps;
    int popped = -1;
    for (int i = index; i >= 0; --i)
      if (steps[i].kind == SearchStep::Kind::Popped) {
        popped = i;
        break;
      }
    if (popped >= 0) {
      const SearchSets sets = search_sets_at(steps, size_t(popped));
      for (int n : sets.closed) fill_node(n, th.closed_set);
      for (int n : sets.open) fill_node(n, th.open_set);
      fill_node(steps[popped].node, th.current);
    }
    // The search tree: each popped node to its parent.
    for (int i = 0; i <= index; ++i) {
      const SearchStep& s = steps[i];
      if (s.kind == SearchStep::Kind::Popped && on_mesh(s.parent) && on_mesh(s.node))
        b.segment(node_pos(s.parent), node_pos(s.node), th.text.with_alpha(150), {1.5f});
    }
    const SearchStep& cur = steps[index];
    if ((cur.kind == SearchStep::Kind::Relaxed || cur.kind == SearchStep::Kind::Blocked) && on_mesh(cur.parent) &&
        on_mesh(cur.node)) {
      const gl::Rgba c = cur.kind == SearchStep::Kind::Blocked ? th.door_closed : cur.improved ? th.left : th.portal;
      b.segment(node_pos(cur.parent), node_pos(cur.node), c,
                cur.kind == SearchStep::Kind::Blocked ? gl::Stroke{3.0f, 6.0f, 10.0f} : gl::Stroke{3.0f});
      b.point(node_pos(cur.node), 5.0f, c);
    }
    if (on_mesh(cur.node) && cur.kind != SearchStep::Kind::Exhausted) {
      const CostDigits n = cost_digits(cur.g, cur.h);  // as the step's sentence writes them
      const std::string label = "G " + n(cur.g) + "  H " + n(cur.h) + "  F " + n(cur.g + cur.h);
      text(node_pos(cur.node), label.c_str(), th.text, 10, 12);
    }
  }

  // Step `index` of a funnel run through `portals`: the plan's funnel, or the clearance's through the
  // shrunk portals.
  void funnel_step(const std::vector<FunnelStep>& steps, const std::vector<Portal>& portals, int index) {
    const FunnelStep& s = steps[size_t(index)];
    corridor_through(&portals, s.portal);
    // Corners found so far: start, every Corner before this step, then the apex.
    std::vector<Vec2> pts{plan.start};
    for (int i = 0; i <= index; ++i) {
      const FunnelStep& f = steps[size_t(i)];
      if (f.action == FunnelAction::Corner && !(pts.back() == f.point)) pts.push_back(f.point);
      if (f.action == FunnelAction::Jump) {  // the path ends at the takeoff and goes on from the landing
        if (!(pts.back() == f.point)) pts.push_back(f.point);
        pts.push_back(f.after.apex);
      }
    }
    if (!(pts.back() == s.after.apex)) pts.push_back(s.after.apex);
    funnel_path(pts);
    ray(s.after.apex, s.after.left, th.left);
    ray(s.after.apex, s.after.right, th.right);
    b.point(s.after.apex, 7.0f, th.apex, 2.0f, {0, 0, 0, 255});
    text(s.after.apex, "apex", th.apex, 10, 10);
    const gl::Rgba tested = s.side == FunnelSide::Left ? th.left : th.right;
    b.circle(s.point, 10.0 / view.px_per_m(), tested, {2.5f});
  }

  // Where the start or goal was asked for, where it landed, and the polygon (node) it was located in.
  void locate_step(int index) {
    const LocateStep& s = plan.trace.locate[size_t(index)];
    const gl::Rgba c = s.which == Endpoint::Start ? th.start : th.goal;
    fill_node(s.poly, c.with_alpha(90));
    b.circle(s.query, 10.0 / view.px_per_m(), c, {2.0f});
    if (s.poly >= 0 && !(s.point == s.query)) {
      b.segment(s.query, s.point, c, {2.0f, 4.0f, 6.0f});
      b.point(s.point, 6.0f, c, 2.0f, {0, 0, 0, 255});
    }
    text(s.query, s.poly >= 0 ? to_string(s.method) : "off the mesh", c, 12, 12);
  }

  // One step of the clearance stage: a portal, its full width and the part kept after the inner-corner
  // distance is cut off each end; or, after the last portal, the funnel's iteration through them.
  void clearance_step(int index) {
    if (const int f = clearance_funnel_index(plan.trace, index); f >= 0)
      return funnel_step(plan.trace.motion.clearance.funnel.steps, plan.clearance_portals, f);
    corridor(false, -1);
    funnel_path(plan.funnel.points, 2.0f);
    const ClearanceStep& s = plan.trace.motion.clearance.steps[size_t(index)];
    for (int i = 0; i < index; ++i) {
      const ClearanceStep& done = plan.trace.motion.clearance.steps[size_t(i)];
      b.segment(done.left, done.right, th.smooth.with_alpha(150), {2.0f});
    }
    if (s.portal >= 0 && size_t(s.portal) < plan.portals.size()) {
      const Portal& p = plan.portals[size_t(s.portal)];
      b.segment(p.left, p.right, th.portal, {1.5f, 4.0f, 6.0f});
      b.segment(p.left, s.left, th.stop, {3.0f});
      b.segment(p.right, s.right, th.stop, {3.0f});
    }
    b.segment(s.left, s.right, th.apex, {3.5f});
    b.point(s.left, 6.0f, th.left);
    b.point(s.right, 6.0f, th.right);
    char buf[64];
    std::snprintf(buf, sizeof buf, "w %.2f m, keep %.2f m", s.width, s.distance);
    text((s.left + s.right) * 0.5, buf, th.apex, 10, 12);
  }

  void turns_step(int index) {
    corridor(false, -1);
    funnel_path(plan.funnel.points, 2.0f);
    if (!plan.clearance.empty()) b.polyline(plan.clearance, th.smooth.with_alpha(170), {2.0f, 5.0f, 8.0f});
    const TurnStep& s = plan.trace.motion.turns.steps[index];
    // Turns already decided: those of earlier corners in the result.
    for (const Turn& t : plan.smooth.turns) {
      if (t.corner >= s.corner) continue;
      if (t.kind == TurnKind::Arc)
        b.arc(t.arc.center, t.arc.radius, t.arc.start, t.arc.start + t.arc.sweep, th.smooth, {5.0f});
      else
        b.circle(t.at, 11.0 / view.px_per_m(), th.stop, {3.0f});
    }
    b.circle(s.at, 14.0 / view.px_per_m(), th.apex, {2.0f});
    // The arc this step tried, as its record keeps it.
    if (s.arc) {
      const Turn& t = *s.arc;
      const gl::Rgba c = s.kind == TurnStep::Kind::CoverageFailed ? th.door_closed : th.smooth;
      b.circle(t.arc.center, t.arc.radius, c.with_alpha(90), {1.5f, 4.0f, 7.0f});
      b.arc(t.arc.center, t.arc.radius, t.arc.start, t.arc.start + t.arc.sweep, c, {5.0f});
      b.point(t.entry, 4.0f, c);
      b.point(t.exit, 4.0f, c);
    }
    if (s.kind == TurnStep::Kind::CoverageFailed) {
      b.point(s.hit, 6.0f, th.door_closed, 2.0f, {0, 0, 0, 255});
      b.point(s.point, 5.0f, th.stop, 2.0f, {0, 0, 0, 255});
      text(s.point, "outside", th.stop);
    }
    if (s.kind == TurnStep::Kind::FellBackToStop) {
      b.circle(s.at, 11.0 / view.px_per_m(), th.stop, {3.0f});
      text(s.at, "stop-turn", th.stop, 12, 10);
    }
    if (s.kind == TurnStep::Kind::Failed) {
      b.circle(s.at, 11.0 / view.px_per_m(), th.door_closed, {3.0f});
      text(s.at, "no arc", th.door_closed, 12, 10);
    }
  }

  // The channel smoothing's records over the corridor and the funnel path it is built around.
  void channel_step(Stage stage, int index) {
    corridor(false, -1);
    funnel_path(plan.funnel.points, 2.0f);
    draw_channel_step(view, plan, stage, index, th);
  }

  // The exact shortest path's search over the corridor's funnel path (the path it is compared with).
  void polyanya_step(int index) {
    funnel_path(plan.funnel.points, 2.0f);
    draw_polyanya_step(view, plan, index, th);
  }

  void profile_step(int index) {
    corridor(false, -1);
    smooth_path(true);
    funnel_path(plan.funnel.points, 2.0f);
    const ProfileStep& s = plan.trace.motion.profile.steps[index];
    if (s.kind == ProfileStep::Kind::Total) return;
    const double s1 = s.kind == ProfileStep::Kind::StopTurn ? s.s0 : s.s1;
    std::vector<Vec2> pts;
    const int n = std::max(2, int((s1 - s.s0) / 0.05));
    for (int i = 0; i <= n; ++i) pts.push_back(plan.point_at(s.s0 + (s1 - s.s0) * i / n));
    b.polyline(pts, th.apex, {8.0f});
    if (s.kind == ProfileStep::Kind::StopTurn) b.circle(pts[0], 14.0 / view.px_per_m(), th.stop, {4.0f});
  }
};

}  // namespace

void draw_plan(Viewport& view, const Document& doc, const PlanView& plan, int step, const Theme& theme,
               bool show_midpoints, double hover_s, const PlanLayers& layers) {
  Painter p{view, doc, plan, theme, view.plan(), view.overlay()};
  p.scene_objects();
  if (plan.ran) {
    if (step >= 0 && step < int(plan.steps.size())) {
      const TimelineStep& ts = plan.steps[step];
      switch (ts.stage) {
        case Stage::Locate:
          p.locate_step(ts.index);
          break;
        case Stage::Search:
          p.search_step(ts.index);
          break;
        case Stage::Funnel:
          p.funnel_step(plan.trace.funnel.steps, plan.portals, ts.index);
          break;
        case Stage::Clearance:
          p.clearance_step(ts.index);
          break;
        case Stage::Turns:
          p.turns_step(ts.index);
          break;
        case Stage::Profile:
          p.profile_step(ts.index);
          break;
        case Stage::Channel:
        case Stage::Spline:
          p.channel_step(ts.stage, ts.index);
          break;
        case Stage::Polyanya:
          p.polyanya_step(ts.index);
          break;
        // The Recast stage in place of the navmesh (the viewport's static layer), nothing of the plan yet.
        case Stage::Bake:
          view.step_bake_stage = plan.bake_trace[size_t(ts.index)].stage;
          break;
      }
    } else {
      if (layers.corridor) p.corridor(true, -1);
      if (layers.smooth) p.smooth_path(true);
      if (layers.funnel && !plan.funnel.points.empty()) p.funnel_path(plan.funnel.points);
    }
    if (show_midpoints && !plan.midpoints.empty()) {
      p.b.polyline(plan.midpoints, theme.midpoint, {2.0f, 7.0f, 11.0f});
      for (const Vec2& m : plan.midpoints) p.b.point(m, 3.5f, theme.midpoint);
    }
    if (hover_s >= 0.0 && !plan.smooth.pieces.empty())
      p.b.point(plan.point_at(hover_s), 7.0f, theme.apex, 2.0f, {0, 0, 0, 255});
  }
  p.endpoints();
}

void draw_optimal(Viewport& view, const PlanView& plan, const Theme& theme) {
  if (plan.optimal.size() < 2) return;
  gl::Batch& b = view.plan();
  b.polyline(plan.optimal, theme.optimal, {3.0f});
  for (size_t i = 1; i + 1 < plan.optimal.size(); ++i) b.point(plan.optimal[i], 5.0f, theme.optimal);
}

void draw_caption(Viewport& view, const std::string& text, const Theme& theme) {
  if (text.empty()) return;
  ImDrawList& dl = view.overlay();
  ImFont* font = ImGui::GetFont();
  const float fs = ImGui::GetFontSize();
  const float wrap = float(view.size().x) - 24.0f;
  const ImVec2 sz = font->CalcTextSizeA(fs, wrap, wrap, text.c_str());
  dl.AddRectFilled(ImVec2(6, 6), ImVec2(18 + sz.x, 14 + sz.y), IM_COL32(0, 0, 0, 170), 4.0f);
  dl.AddText(font, fs, ImVec2(12, 10), to_imu32(theme.text), text.c_str(), nullptr, wrap);
}

}  // namespace navlab::app
