// Which recorded step decided a case: read from the plan's own records (its failure, its trace), as the
// app's timeline numbers them ("stage:N", N from 1), so the app opens the timeline there and decides
// nothing itself.
#include <algorithm>

#include "check_cases.h"
#include "corridor_version.h"
#include "plan_steps.h"

namespace navlab::check_detail {

namespace {

// The decision naming record `index` (0-based) of `stage`, with the sentence plan_steps() gives it.
Decision at(const PlanTrace& trace, const NavMesh& mesh, const char* stage, size_t index) {
  Decision d;
  d.step = StepRef{stage, int(index) + 1};
  for (const StepText& s : plan_steps(trace, mesh))
    if (s.stage == stage && s.index == int(index) + 1) {
      d.text = s.text;
      break;
    }
  return d;
}

// The last search record of `kind`, if any.
std::optional<size_t> last_of(const SearchTrace& t, SearchStep::Kind kind) {
  for (size_t i = t.steps.size(); i-- > 0;)
    if (t.steps[i].kind == kind) return i;
  return std::nullopt;
}

// The search record that decided a failed search: for agent_restricted the first blocked step of a door
// or area in blocked_by (the closed door the corridor would have taken); running out of nodes; the open
// list running empty; the retarget of nearest_reachable.
std::optional<size_t> search_decision(const Failure& f, const SearchTrace& t) {
  if (f.reason == Reason::AgentRestricted)
    for (size_t i = 0; i < t.steps.size(); ++i) {
      const SearchStep& s = t.steps[i];
      if (s.kind != SearchStep::Kind::Blocked || s.cause < 0 || size_t(s.cause) >= t.causes.size()) continue;
      const std::string& cause = t.causes[size_t(s.cause)];
      for (const std::string& id : f.blocked_by)
        if (cause == "door " + id || cause == "area " + id) return i;
    }
  if (const auto retarget = last_of(t, SearchStep::Kind::Retarget)) return retarget;
  if (f.reason == Reason::BudgetExhausted) return last_of(t, SearchStep::Kind::Exhausted);
  if (const auto empty = last_of(t, SearchStep::Kind::OpenEmpty)) return empty;
  if (t.steps.empty()) return std::nullopt;
  return t.steps.size() - 1;
}

}  // namespace

Decision plan_failure_step(const PlanResult& p, const PlanTrace& t, const NavMesh& mesh) {
  if (!p.failure) return corridor_step(t, mesh);
  const Failure& f = *p.failure;
  auto last = [&](const char* stage, size_t count) { return count == 0 ? Decision{} : at(t, mesh, stage, count - 1); };
  switch (f.stage) {
    case FailStage::Locate: {
      const Endpoint which = f.reason == Reason::StartOffMesh ? Endpoint::Start : Endpoint::Goal;
      for (size_t i = 0; i < t.locate.size(); ++i)
        if (t.locate[i].which == which) return at(t, mesh, "locate", i);
      return last("locate", t.locate.size());
    }
    case FailStage::Search: {
      const std::optional<size_t> i = search_decision(f, t.search);
      return i ? at(t, mesh, "search", *i) : Decision{};
    }
    case FailStage::Portals:
      return corridor_step(t, mesh);
    case FailStage::Funnel:
      return last("funnel", t.funnel.steps.size());
    case FailStage::Clearance:
      return last("clearance", t.motion.clearance.steps.size());
    case FailStage::Turns:
      return last("turns", t.motion.turns.steps.size());
    case FailStage::Profile:
      return last("profile", t.motion.profile.steps.size());
    case FailStage::Plan:
    case FailStage::Follow:
      break;
  }
  Decision d;
  d.text = f.message;
  return d;
}

Decision corridor_step(const PlanTrace& t, const NavMesh& mesh) {
  if (const auto i = last_of(t.search, SearchStep::Kind::Reached)) return at(t, mesh, "search", *i);
  return {};
}

Decision profile_total_step(const PlanTrace& t, const NavMesh& mesh) {
  const std::vector<ProfileStep>& steps = t.motion.profile.steps;
  for (size_t i = steps.size(); i-- > 0;)
    if (steps[i].kind == ProfileStep::Kind::Total) return at(t, mesh, "profile", i);
  return corridor_step(t, mesh);
}

Decision crossing_step(const Scene& scene, const NavMesh& mesh, const DoorOverrides& doors, const PlanResult& p,
                       const PlanTrace& t, const std::string& through) {
  const std::vector<int>& corridor = p.search.corridor;
  const std::vector<Connection> cover = cover_of(door_covers(scene, mesh, doors), through);
  auto enters = [&](size_t k) {
    const Connection c = Connection::of(corridor[k - 1], corridor[k]);
    if (std::binary_search(cover.begin(), cover.end(), c)) return true;
    if (mesh.kind != NavMesh::Kind::Polygons) return false;
    const NavPoly& poly = mesh.polys[size_t(corridor[k])];
    return mesh.area_names[size_t(poly.area)] == through;
  };
  for (size_t k = 1; k < corridor.size(); ++k) {
    if (!enters(k)) continue;
    // The relaxation that made corridor[k - 1] the parent of corridor[k] for good: the search's choice.
    for (size_t i = t.search.steps.size(); i-- > 0;) {
      const SearchStep& s = t.search.steps[i];
      if (s.kind == SearchStep::Kind::Relaxed && s.improved && s.node == corridor[k] && s.parent == corridor[k - 1])
        return at(t, mesh, "search", i);
    }
  }
  return corridor_step(t, mesh);
}

std::vector<std::string> doors_crossed(const Scene& scene, const NavMesh& mesh, const DoorOverrides& doors,
                                       const std::vector<int>& corridor) {
  if (corridor.empty()) return {};
  return make_read_set(corridor, door_covers(scene, mesh, doors)).doors;
}

std::vector<std::string> areas_crossed(const NavMesh& mesh, const std::vector<int>& corridor) {
  std::vector<std::string> out;
  if (mesh.kind != NavMesh::Kind::Polygons) return out;
  for (int p : corridor) out.push_back(mesh.area_names[size_t(mesh.polys[size_t(p)].area)]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace navlab::check_detail
