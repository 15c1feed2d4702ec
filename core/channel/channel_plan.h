// The channel smoothing of a plan, beside the arcs of core/motion/motion.h: the channel array
// around the plan's funnel path, the circle-arc spline fitted in it and the speed profile along the
// spline (the same speed_profile() the arcs use, fed with the spline's segments and arcs).
#pragma once

#include <vector>

#include "channel.h"
#include "gates.h"
#include "navmesh.h"
#include "plan.h"
#include "profile.h"
#include "scene.h"
#include "spline.h"

namespace navlab {

struct ChannelPlan {
  ChannelArray channels;
  Spline spline;        // mode Failure when the plan has no funnel path
  SmoothPath smoothed;  // the spline as the profile reads it
  Profile profile;
};

struct ChannelPlanTrace {
  ChannelTrace channel;
  SplineTrace spline;
  ProfileTrace profile;
};

// Closed doors (after `doors`) and, with `blockers`, blockers (circles as circumscribed 16-gons, boxes
// as their corners) of a polygon scene, as obstacles that invalidate channel sections.
std::vector<Obstacle> scene_obstacles(const Scene& scene, const DoorOverrides& doors = {}, bool blockers = true);

// Whether a channel can be built around `plan`'s path: a polygon mesh and a complete funnel path of two
// points or more.
bool channel_applies(const NavMesh& mesh, const PlanResult& plan);

// Channels, spline and profile for the funnel path of `plan` on `mesh` (a polygon mesh). Where
// channel_applies() is false: no channel, the spline's mode Failure.
ChannelPlan plan_channel(const Scene& scene, const NavMesh& mesh, const PlanResult& plan,
                         const DoorOverrides& doors = {}, ChannelPlanTrace* trace = nullptr);

}  // namespace navlab
