// Spawn and simulate cases: a spawn verdict with the scene's six checks, a follower run with door events.
#include "check_cases.h"
#include "format.h"

namespace navlab::check_detail {

void run_spawn_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r) {
  Result<SpawnValidator> validator = SpawnValidator::create(scene, mesh);
  if (!validator) {
    r.error = validator.error();
    return;
  }
  SpawnCandidate candidate;
  if (c.spawn_pos) {
    candidate = {c.name, *c.spawn_pos};
  } else {
    const auto& all = scene.spawn.candidates;
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const SpawnCandidate& k) { return k.name == c.candidate; });
    if (it == all.end()) {
      r.error = "the scene has no spawn candidate '" + c.candidate + "'";
      return;
    }
    candidate = *it;
  }
  const SpawnVerdict v = validator->validate(candidate, c.spawn_checks);
  r.accepted = v.accepted;
  r.spawn_reason = v.reason;
  r.path = {v.pos};
  const std::string figure = v.accepted ? "accepted" : std::string("rejected (") + to_string(*v.reason) + ")";
  if (c.spawn.accepted)
    add_check(r, "accepted", v.accepted == *c.spawn.accepted, figure, *c.spawn.accepted ? "accepted" : "rejected");
  if (c.spawn.reason)
    add_check(r, "reason", v.reason == c.spawn.reason, v.reason ? to_string(*v.reason) : "none",
              to_string(*c.spawn.reason));
  if (v.reason) r.decided_text = v.result(*v.reason).detail;
}

void run_simulate_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r) {
  Result<CaseState> st = case_state(c.query, scene, mesh);
  if (!st) {
    r.error = st.error();
    return;
  }
  // The case's doors are the scene's state at the start of the run.
  Scene start = st->scene;
  for (Door& d : start.doors) {
    if (std::find(st->doors.closed.begin(), st->doors.closed.end(), d.id) != st->doors.closed.end()) d.open = false;
    if (std::find(st->doors.opened.begin(), st->doors.opened.end(), d.id) != st->doors.opened.end()) d.open = true;
  }
  Query q;
  q.name = c.name;
  q.start = c.query.start;
  q.goal = c.query.goal;
  const FollowResult f = follow(start, mesh, q, c.events, c.follow);
  r.outcome = f.outcome;
  r.failure = f.failure;
  r.status = f.outcome == FollowOutcome::Arrived   ? Status::Complete
             : f.outcome == FollowOutcome::Partial ? Status::Partial
                                                   : Status::Failed;
  r.time = f.steps.empty() ? 0.0 : f.steps.back().t;
  r.replans = int(f.replans.size());
  for (const FollowStep& s : f.steps) r.path.push_back(s.pos);
  const SimulateExpect& e = c.sim;
  std::string figure = to_string(f.outcome);
  if (f.failure) figure += " (" + std::string(to_string(f.failure->reason)) + ")";
  figure += " at " + seconds(r.time) + ", " + std::to_string(r.replans) + (r.replans == 1 ? " re-plan" : " re-plans");
  if (e.outcome) add_check(r, "outcome", f.outcome == *e.outcome, figure, to_string(*e.outcome));
  if (e.reason)
    add_check(r, "reason", f.failure && f.failure->reason == *e.reason,
              f.failure ? to_string(f.failure->reason) : "none", to_string(*e.reason));
  if (e.time) add_check(r, "time", e.time->holds(r.time), seconds(r.time), expected_text(*e.time, "s"));
  if (e.replans)
    add_check(r, "replans", r.replans == *e.replans, std::to_string(r.replans), std::to_string(*e.replans));
  if (!f.replans.empty()) r.decided_text = f.replans.back().describe();
  if (f.failure) r.decided_text = f.failure->message;
}

}  // namespace navlab::check_detail
