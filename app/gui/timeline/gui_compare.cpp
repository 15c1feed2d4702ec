#include "gui_compare.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "format.h"
#include "gui_theme.h"
#include "portals.h"

namespace navlab::app {

namespace {

// The scene's search with the method's algorithm and heuristic weight.
SearchDef method_search(const CompareMethod& m, SearchDef def) {
  def.algorithm = m.kind == CompareMethod::Kind::Dijkstra ? Algorithm::Dijkstra : Algorithm::AStar;
  if (m.weight) def.heuristic_scale = *m.weight;
  return def;
}

// What the label must not hide: the method's paths, start and goal (polylines in the plane, m).
std::vector<std::vector<Vec2>> label_avoids(const PlanView& plan) {
  std::vector<std::vector<Vec2>> out = {plan.funnel.points, plan.midpoints, plan.optimal, plan.smooth.points};
  if (plan.has_start) out.push_back({plan.start});
  if (plan.has_goal) out.push_back({plan.goal});
  return out;
}

// The label's box at the left of the half: at the bottom above the scale bar, or at the top when less of
// `avoid` (its points and its segments, sampled) falls under it there.
void draw_label(Viewport& view, const std::vector<std::string>& lines, const Theme& theme,
                const std::vector<std::vector<Vec2>>& avoid) {
  ImDrawList& dl = view.overlay();
  const float fs = ImGui::GetFontSize(), pad = fs * 0.5f;
  float w = 0.0f;
  for (const std::string& l : lines) w = std::max(w, ImGui::CalcTextSize(l.c_str()).x);
  const float h = fs * float(lines.size()) + pad * 2.0f;
  const float x = 8.0f, bottom = float(view.size().y) - h - fs * 3.2f, top = 8.0f;
  const auto under = [&](Vec2 q, float y0) {
    const Vec2 p = view.to_screen(q);
    return p.x >= x && p.x <= x + w + 2 * pad && p.y >= y0 && p.y <= y0 + h;
  };
  const auto hidden = [&](float y0) {
    constexpr int kSamples = 16;  // per path segment
    int n = 0;
    for (const std::vector<Vec2>& line : avoid) {
      if (line.size() == 1) n += under(line[0], y0);
      for (size_t i = 0; i + 1 < line.size(); ++i)
        for (int k = 0; k <= kSamples; ++k) n += under(lerp(line[i], line[i + 1], double(k) / kSamples), y0);
    }
    return n;
  };
  const float y = hidden(top) < hidden(bottom) ? top : bottom;
  dl.AddRectFilled(ImVec2(x, y), ImVec2(x + w + 2 * pad, y + h), IM_COL32(0, 0, 0, 190), 4.0f);
  for (size_t i = 0; i < lines.size(); ++i)
    dl.AddText(ImVec2(x + pad, y + pad + fs * float(i)), i == 0 ? to_imu32(theme.path) : to_imu32(theme.text),
               lines[i].c_str());
}

}  // namespace

Result<void> compare_build(const Document& doc, const PlanView& shared, const std::string& spec,
                           CompareHalf (&out)[2]) {
  const auto methods = parse_compare(spec);
  if (!methods) return Error{"--compare: " + methods.error()};
  if (!doc.start || !doc.goal) return Error{"the scene has no query to compare the methods on"};
  const CompareMethod ms[2] = {methods->first, methods->second};
  for (int i = 0; i < 2; ++i) {
    CompareHalf& h = out[i];
    h = CompareHalf{};
    h.method = ms[i];
    if (ms[i].needs_polygons() && doc.mesh.kind != NavMesh::Kind::Polygons)
      return Error{std::string(to_string(ms[i].kind)) +
                   " needs a navmesh's polygons; this scene is a graph (compare astar and dijkstra)"};
    if (!ms[i].searches()) continue;
    h.own = true;
    h.doc = doc;
    h.doc.scene.search = method_search(ms[i], doc.scene.search);
    h.plan.run(h.doc);
  }
  (void)shared;
  return {};
}

const Document& half_doc(const CompareHalf& h, const Document& shared_doc) { return h.own ? h.doc : shared_doc; }
const PlanView& half_plan(const CompareHalf& h, const PlanView& shared) { return h.own ? h.plan : shared; }

namespace {

// The plan's path length: the arcs' path, else the funnel's, else (a graph) the nodes' polyline.
double plan_length(const PlanView& p, const NavMesh& mesh) {
  if (p.profile.ran && p.profile.ok() && !p.smooth.pieces.empty()) return p.profile.length;
  if (!p.funnel.points.empty()) return p.funnel.length;
  std::vector<Vec2> pts;
  for (int n : p.search.corridor)
    if (n >= 0 && n < mesh.size()) pts.push_back(mesh.centroid(n));
  return path_length(pts);
}

std::string fixed(double v, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

LegendFlags method_legend(const CompareMethod& m) {
  LegendFlags f;
  f.midpoints = m.kind == CompareMethod::Kind::Midpoints;
  f.optimal = m.kind == CompareMethod::Kind::Polyanya;
  f.channel = m.kind == CompareMethod::Kind::Channel;
  f.funnel = m.kind != CompareMethod::Kind::Polyanya && m.kind != CompareMethod::Kind::Midpoints;
  f.arcs = m.searches() || m.kind == CompareMethod::Kind::Arcs;
  f.expanded = m.searches();
  return f;
}

MethodNumbers method_numbers(const CompareMethod& m, const PlanView& p, const NavMesh& mesh) {
  MethodNumbers n;
  n.status = p.ran ? to_string(p.status) : "none";
  if (!p.ran) return n;
  n.cost = p.search.cost;
  n.expanded = p.search.expanded;
  switch (m.kind) {
    case CompareMethod::Kind::AStar:
    case CompareMethod::Kind::Dijkstra:
      if (p.status != Status::Failed) n.length = plan_length(p, mesh);
      if (p.profile.ran && p.profile.ok()) n.walk_s = p.profile.total_time;
      n.compute_ms = p.plan_ms;
      break;
    case CompareMethod::Kind::Polyanya:
      n.status = p.optimal.empty() ? "no path" : "complete";
      if (!p.optimal.empty()) n.length = p.optimal_length, n.cost = p.optimal_length;
      n.expanded = p.optimal_expanded;
      n.compute_ms = p.optimal_ms;
      break;
    case CompareMethod::Kind::Midpoints:
      if (!p.midpoints.empty()) n.length = path_length(p.midpoints);
      n.compute_ms = p.plan_ms;
      break;
    case CompareMethod::Kind::Funnel:
      if (!p.funnel.points.empty()) n.length = p.funnel.length;
      n.compute_ms = p.plan_ms;
      break;
    case CompareMethod::Kind::Arcs:
      if (p.profile.ran && p.profile.ok()) n.length = p.profile.length, n.walk_s = p.profile.total_time;
      n.compute_ms = p.plan_ms;
      break;
    case CompareMethod::Kind::Channel:
      n.status = p.channel ? to_string(p.channel->spline.mode) : "no channel";
      if (p.channel) n.length = p.channel->spline.length, n.walk_s = p.channel->profile.total_time;
      n.compute_ms = p.channel_ms;
      break;
  }
  return n;
}

std::vector<std::string> method_label(const CompareMethod& m, const MethodNumbers& n) {
  std::string numbers = n.length >= 0.0 ? "length " + fixed(n.length, 2) + " m" : "no path (" + n.status + ")";
  if (n.cost >= 0.0) numbers += ", cost " + fixed(n.cost, 2);
  std::string work = n.expanded >= 0 ? std::to_string(n.expanded) + " nodes expanded" : "";
  if (n.compute_ms >= 0.0) work += (work.empty() ? "" : " in ") + fixed(n.compute_ms, 3) + " ms";
  std::vector<std::string> lines{method_title(m) + " (" + n.status + ")", numbers, work};
  if (n.walk_s >= 0.0) lines.push_back("the agent walks it in " + fixed(n.walk_s, 2) + " s");
  return lines;
}

int same_step(const PlanView& from, int step, const PlanView& to) {
  if (&from == &to) return step;
  if (step < 0 || step >= int(from.steps.size())) return int(to.steps.size());
  const TimelineStep& s = from.steps[size_t(step)];
  const int first = to.first_step(s.stage), count = to.count(s.stage);
  if (first < 0) return int(to.steps.size());
  return first + std::min(s.index, count - 1);
}

void draw_method(Viewport& view, const Document& doc, const PlanView& plan, const CompareMethod& m, int step,
                 const Theme& theme) {
  PlanLayers layers;
  const bool end = step >= int(plan.steps.size());
  switch (m.kind) {
    case CompareMethod::Kind::Polyanya:
      layers = {false, false, false};
      break;
    case CompareMethod::Kind::Midpoints:
      layers = {true, false, false};
      break;
    case CompareMethod::Kind::Funnel:
      layers.smooth = false;
      break;
    case CompareMethod::Kind::Channel:
      layers.smooth = false;
      break;
    default:
      break;
  }
  if (end && m.searches())  // what the search expanded: the difference between the searches
    for (int n : plan.search.popped)
      if (n >= 0 && n < doc.mesh.size()) {
        if (doc.mesh.kind == NavMesh::Kind::Graph)
          view.plan().point(doc.mesh.nodes[size_t(n)].pos, 26.0f, theme.closed_set);
        else {
          std::vector<Vec2> pts;
          for (int v : doc.mesh.polys[size_t(n)].verts) pts.push_back(doc.mesh.verts[size_t(v)]);
          view.plan().mesh_polygon(n, pts, theme.closed_set);
        }
      }
  draw_plan(view, doc, plan, step, theme, m.kind == CompareMethod::Kind::Midpoints, -1.0, layers);
  if (end && m.kind == CompareMethod::Kind::Polyanya) draw_optimal(view, plan, theme);
  if (end && m.kind == CompareMethod::Kind::Channel) draw_channel(view, plan, theme);
  if (!end) draw_caption(view, plan.describe(step, doc.mesh), theme);
  draw_label(view, method_label(m, method_numbers(m, plan, doc.mesh)), theme, label_avoids(plan));
}

std::vector<uint8_t> side_by_side(const std::vector<std::pair<std::vector<uint8_t>, int>>& parts, int h, int gap,
                                  gl::Rgba bg) {
  int w = 0;
  for (const auto& p : parts) w += p.second;
  w += gap * std::max(0, int(parts.size()) - 1);
  std::vector<uint8_t> out(size_t(w) * size_t(h) * 4);
  for (size_t i = 0; i < out.size(); i += 4) out[i] = bg.r, out[i + 1] = bg.g, out[i + 2] = bg.b, out[i + 3] = 255;
  int x0 = 0;
  for (const auto& [px, pw] : parts) {
    for (int y = 0; y < h; ++y)
      std::copy_n(px.begin() + ptrdiff_t(size_t(y) * size_t(pw) * 4), size_t(pw) * 4,
                  out.begin() + ptrdiff_t((size_t(y) * size_t(w) + size_t(x0)) * 4));
    x0 += pw + gap;
  }
  return out;
}

nlohmann::json half_json(const CompareMethod& m, const MethodNumbers& n, int step) {
  return {{"method", to_string(m)},     {"status", n.status}, {"length", n.length},         {"cost", n.cost},
          {"expanded", n.expanded},     {"walk_s", n.walk_s}, {"compute_ms", n.compute_ms}, {"step", step},
          {"label", method_label(m, n)}};
}

}  // namespace navlab::app
