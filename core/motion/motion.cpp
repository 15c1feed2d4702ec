#include "motion.h"
#include "thread_lent.h"

namespace navlab {

MotionResult plan_motion(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start,
                         const std::vector<Portal>& portals, const AgentDef& agent, MotionTrace* trace) {
  MotionResult r;
  plan_motion_into(mesh, corridor, start, portals, agent, trace, r);
  return r;
}

void plan_motion_into(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start,
                      const std::vector<Portal>& portals, const AgentDef& agent, MotionTrace* trace, MotionResult& r) {
  r.clear();
  clearance_path_into(start, portals, agent.inner_corner, trace ? &trace->clearance : nullptr, r.clearance);
  if (!r.clearance.ok()) {
    r.failure = r.clearance.failure;
    return;
  }
  // The corridor region, read in place from the mesh only if a corner tests an arc. The thread's own,
  // whose vectors keep their capacity: a plan allocates nothing for it once they have grown.
  const ThreadLent<CorridorRegion> region;
  CorridorShapeOnDemand shape(mesh, corridor, *region);
  // The agent stands at the ends of the off-mesh links it takes (to jump, and where it lands).
  thread_local std::vector<char> stand;  // kept per thread: no allocation once it has grown
  stand.clear();
  for (size_t i = 0; i < r.clearance.path.corners.size(); ++i)
    if (portals[size_t(r.clearance.path.corners[i].portal)].kind != PortalKind::Edge) {
      stand.resize(r.clearance.path.points.size(), 0);
      stand[i + 1] = 1;
    }
  fit_turns_into(r.clearance.path.points, shape, agent, trace ? &trace->turns : nullptr, stand, r.turns);
  if (!r.turns.ok()) {
    r.failure = r.turns.failure;
    return;
  }
  speed_profile_into(r.turns.path, agent, trace ? &trace->profile : nullptr, r.profile);
  if (!r.profile.ok()) r.failure = r.profile.failure;
}

}  // namespace navlab
