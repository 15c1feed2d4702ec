#include "motion.h"

namespace navlab {

MotionResult plan_motion(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start,
                         const std::vector<Portal>& portals, const AgentDef& agent, MotionTrace* trace) {
  MotionResult r;
  r.clearance = clearance_path(start, portals, agent.inner_corner, trace ? &trace->clearance : nullptr);
  if (!r.clearance.ok()) {
    r.failure = r.clearance.failure;
    return r;
  }
  r.shape = corridor_shape(mesh, corridor);
  r.turns = fit_turns(r.clearance.path.points, r.shape, agent, trace ? &trace->turns : nullptr);
  if (!r.turns.ok()) {
    r.failure = r.turns.failure;
    return r;
  }
  r.profile = speed_profile(r.turns.path, agent, trace ? &trace->profile : nullptr);
  if (!r.profile.ok()) r.failure = r.profile.failure;
  return r;
}

}  // namespace navlab
