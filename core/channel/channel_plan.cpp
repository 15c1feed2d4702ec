#include "channel_plan.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "coverage.h"

namespace navlab {

namespace {

constexpr int kCircleSides = 16;  // a circular blocker is taken as this many-sided circumscribed polygon

std::vector<Vec2> blocker_outline(const Blocker& b) {
  std::vector<Vec2> out;
  const Vec2 c = b.center.plane;
  if (b.radius > 0.0) {
    const double r = b.radius / std::cos(std::numbers::pi / kCircleSides);
    for (int i = 0; i < kCircleSides; ++i) {
      const double a = 2.0 * std::numbers::pi * i / kCircleSides;
      out.push_back(c + Vec2{std::cos(a), std::sin(a)} * r);
    }
    return out;
  }
  const Vec2 ax{std::cos(b.angle), std::sin(b.angle)}, ay = perp_left(ax);
  const double hx = b.half_extents.x, hy = b.half_extents.y;
  for (const Vec2 k : {Vec2{-1, -1}, Vec2{1, -1}, Vec2{1, 1}, Vec2{-1, 1}})
    out.push_back(c + ax * (k.x * hx) + ay * (k.y * hy));
  return out;
}

bool named(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

std::vector<Obstacle> scene_obstacles(const Scene& scene, const DoorOverrides& doors, bool blockers) {
  std::vector<Obstacle> out;
  for (const Door& d : scene.doors) {
    const bool open = named(doors.closed, d.id) ? false : (named(doors.opened, d.id) ? true : d.open);
    if (open) continue;
    Obstacle o{d.id, {}};
    for (const ScenePoint& p : d.shape) o.outline.push_back(p.plane);
    out.push_back(std::move(o));
  }
  if (blockers)
    for (const Blocker& b : scene.blockers) out.push_back({b.id, blocker_outline(b)});
  return out;
}

bool channel_applies(const NavMesh& mesh, const PlanResult& plan) {
  return mesh.kind == NavMesh::Kind::Polygons && plan.funnel.points.size() >= 2 && plan.funnel.ok();
}

ChannelPlan plan_channel(const Scene& scene, const NavMesh& mesh, const PlanResult& plan, const DoorOverrides& doors,
                         ChannelPlanTrace* trace) {
  ChannelPlan out;
  if (!channel_applies(mesh, plan)) return out;
  const CorridorShape shape = corridor_shape(mesh, plan.search.corridor);
  out.channels = build_channels(plan.funnel.points, shape, scene_obstacles(scene, doors), ChannelDef{},
                                trace ? &trace->channel : nullptr);
  out.spline = fit_spline(out.channels, spline_def(scene.agent), trace ? &trace->spline : nullptr);
  out.smoothed = to_smooth_path(out.spline);
  if (!out.smoothed.pieces.empty())
    out.profile = speed_profile(out.smoothed, scene.agent, trace ? &trace->profile : nullptr);
  return out;
}

}  // namespace navlab
