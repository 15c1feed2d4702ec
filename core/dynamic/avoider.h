// Local avoidance around the scene's moving blockers: Detour's dtObstacleAvoidanceQuery with
// DetourCrowd's adaptive sampling, as the follower steers with it.
#pragma once

#include <DetourObstacleAvoidance.h>

#include <memory>

#include "geom.h"
#include "scene.h"

namespace navlab {

class Avoider {
 public:
  // Room for every blocker of the scene: Detour's query drops circles beyond its capacity silently.
  explicit Avoider(size_t blockers);
  // The sampled velocity near `desired` for an agent at `pos` moving at `vel` at time `t`, or `desired`
  // itself when no blocker is within reach; `used` says whether avoidance changed it.
  Vec2 sample(const Scene& scene, double t, Vec2 pos, Vec2 vel, Vec2 desired, double vmax, bool& used);

 private:
  std::unique_ptr<dtObstacleAvoidanceQuery, void (*)(dtObstacleAvoidanceQuery*)> q_{dtAllocObstacleAvoidanceQuery(),
                                                                                    dtFreeObstacleAvoidanceQuery};
  dtObstacleAvoidanceParams params_{};
};

}  // namespace navlab
