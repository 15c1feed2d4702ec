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
  // The agent stands at the ends of the off-mesh links it takes (to jump, and where it lands).
  std::vector<char> stand;
  for (size_t i = 0; i < r.clearance.path.corners.size(); ++i)
    if (portals[size_t(r.clearance.path.corners[i].portal)].kind != PortalKind::Edge) {
      stand.resize(r.clearance.path.points.size(), 0);
      stand[i + 1] = 1;
    }
  r.turns = fit_turns(r.clearance.path.points, r.shape, agent, trace ? &trace->turns : nullptr, stand);
  if (!r.turns.ok()) {
    r.failure = r.turns.failure;
    return r;
  }
  r.profile = speed_profile(r.turns.path, agent, trace ? &trace->profile : nullptr);
  if (!r.profile.ok()) r.failure = r.profile.failure;
  return r;
}

}  // namespace navlab
