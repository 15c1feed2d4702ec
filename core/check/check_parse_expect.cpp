// navlab check files: each case's expectations and a simulate case's door events and time step.
#include <algorithm>

#include "check_parser.h"
#include "format.h"
#include "input_limits.h"

namespace navlab::check_parse {

namespace {

// s: the longest follower step a case may ask for (navlab simulate's limit too): a longer step jumps
// through walls and makes the run meaningless.
constexpr double kMaxStep = 1.0;

}  // namespace

bool Parser::expect(const Json& v, P ptr, CheckCase& c) {
  if (!v.is_object() || v.empty())
    return r_.fail(ptr, "the case's expectations (an object with at least one)", SceneReader::describe(&v));
  switch (c.kind) {
    case CaseKind::Plan:
      return expect_plan(v, ptr, c.plan);
    case CaseKind::Raycast:
      return expect_ray(v, ptr, c.ray);
    case CaseKind::Spawn:
      return expect_spawn(v, ptr, c.spawn);
    case CaseKind::Simulate:
      return expect_sim(v, ptr, c.sim);
  }
  return false;
}

bool Parser::expect_plan(const Json& v, P ptr, PlanExpect& out) {
  if (!r_.object(v, ptr, {"status", "reason", "length", "max_length_ratio", "through", "not_through", "time"},
                 "plan expectation"))
    return false;
  if (const Json* s = SceneReader::member(v, "status")) {
    Status status{};
    if (!r_.choice(*s, at(ptr, "status"), kStatusNames, status)) return false;
    out.status = status;
  }
  if (const Json* r = SceneReader::member(v, "reason")) {
    Reason reason{};
    if (!this->reason(*r, at(ptr, "reason"), reason)) return false;
    out.reason = reason;
  }
  if (const Json* l = SceneReader::member(v, "length")) {
    Expected e;
    if (!figure(*l, at(ptr, "length"), tol_.length, "m", e)) return false;
    out.length = e;
  }
  if (const Json* q = SceneReader::member(v, "max_length_ratio")) {
    double ratio = 0.0;
    if (!r_.number(*q, at(ptr, "max_length_ratio"), ratio, {"a ratio to the shortest path's length, >= 1"}))
      return false;
    if (ratio < 1.0)
      return r_.fail(at(ptr, "max_length_ratio"), "a ratio >= 1 (no path is shorter than the shortest)",
                     SceneReader::describe(q));
    out.max_length_ratio = ratio;
  }
  std::vector<std::string> ids = doors_;
  ids.insert(ids.end(), areas_.begin(), areas_.end());
  const char* what = "a door id or an area name of the scene";
  if (const Json* t = SceneReader::member(v, "through"); t && !names(*t, at(ptr, "through"), ids, what, out.through))
    return false;
  if (const Json* t = SceneReader::member(v, "not_through");
      t && !names(*t, at(ptr, "not_through"), ids, what, out.not_through))
    return false;
  for (size_t i = 0; i < out.not_through.size(); ++i)
    if (std::find(out.through.begin(), out.through.end(), out.not_through[i]) != out.through.end())
      return r_.fail(at(at(ptr, "not_through"), i), "a name not also in \"through\"", quoted_name(out.not_through[i]));
  if (const Json* t = SceneReader::member(v, "time")) {
    Expected e;
    if (!figure(*t, at(ptr, "time"), tol_.time, "s", e)) return false;
    out.time = e;
  }
  return true;
}

bool Parser::expect_ray(const Json& v, P ptr, RaycastExpect& out) {
  if (!r_.object(v, ptr, {"start_on_mesh", "hit", "distance"}, "raycast expectation")) return false;
  if (const Json* s = SceneReader::member(v, "start_on_mesh")) {
    bool on = false;
    if (!r_.boolean(*s, at(ptr, "start_on_mesh"), on)) return false;
    out.start_on_mesh = on;
  }
  if (const Json* h = SceneReader::member(v, "hit")) {
    bool hit = false;
    if (!r_.boolean(*h, at(ptr, "hit"), hit)) return false;
    out.hit = hit;
  }
  if (const Json* d = SceneReader::member(v, "distance")) {
    Expected e;
    if (!figure(*d, at(ptr, "distance"), tol_.length, "m", e)) return false;
    out.distance = e;
  }
  return true;
}

bool Parser::expect_spawn(const Json& v, P ptr, SpawnExpect& out) {
  if (!r_.object(v, ptr, {"accepted", "reason"}, "spawn expectation")) return false;
  if (const Json* a = SceneReader::member(v, "accepted")) {
    bool accepted = false;
    if (!r_.boolean(*a, at(ptr, "accepted"), accepted)) return false;
    out.accepted = accepted;
  }
  if (const Json* r = SceneReader::member(v, "reason")) {
    std::vector<std::string> checks;
    for (int k = 0; k < kSpawnCheckCount; ++k) checks.push_back(to_string(SpawnCheck(k)));
    int k = 0;
    if (!r_.choice(*r, at(ptr, "reason"), checks, k)) return false;
    out.reason = SpawnCheck(k);
  }
  return true;
}

bool Parser::expect_sim(const Json& v, P ptr, SimulateExpect& out) {
  if (!r_.object(v, ptr, {"outcome", "reason", "time", "replans"}, "simulate expectation")) return false;
  if (const Json* o = SceneReader::member(v, "outcome")) {
    if (!r_.choice(*o, at(ptr, "outcome"), kFollowOutcomeNames, out.outcome)) return false;
  }
  if (const Json* r = SceneReader::member(v, "reason")) {
    Reason reason{};
    if (!this->reason(*r, at(ptr, "reason"), reason)) return false;
    out.reason = reason;
  }
  if (const Json* t = SceneReader::member(v, "time")) {
    Expected e;
    if (!figure(*t, at(ptr, "time"), tol_.time, "s", e)) return false;
    out.time = e;
  }
  if (const Json* n = SceneReader::member(v, "replans")) {
    int replans = 0;
    if (!r_.integer(*n, at(ptr, "replans"), replans, 0, 1000000, "a number of re-plans")) return false;
    out.replans = replans;
  }
  return true;
}

bool Parser::figure(const Json& v, P ptr, double default_tolerance, const char* unit, Expected& out) {
  const std::string what = std::string("a figure in ") + unit;
  out.tolerance = default_tolerance;
  if (v.is_number()) return r_.number(v, ptr, out.value, {what.c_str(), NumberRule::NonNegative});
  if (!v.is_object())
    return r_.fail(ptr, what + " (a number, or {\"value\", \"tolerance\"})", SceneReader::describe(&v));
  if (!r_.object(v, ptr, {"value", "tolerance"}, "figure")) return false;
  const Json* value = r_.require(v, ptr, "value", what);
  const std::string tol = std::string("a tolerance in ") + unit;
  return value && r_.number(*value, at(ptr, "value"), out.value, {what.c_str(), NumberRule::NonNegative}) &&
         r_.opt_number(v, ptr, "tolerance", out.tolerance, {tol.c_str(), NumberRule::NonNegative});
}

bool Parser::reason(const Json& v, P ptr, Reason& out) { return r_.choice(v, ptr, kReasonNames, out); }

bool Parser::events(const Json& v, P ptr, std::vector<FollowEvent>& out) {
  if (!r_.array(v, ptr, "an array of events")) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    FollowEvent e;
    if (!event(v[i], at(ptr, i), e)) return false;
    out.push_back(std::move(e));
  }
  return true;
}

bool Parser::event(const Json& v, P ptr, FollowEvent& out) {
  if (!r_.object(v, ptr, {"t", "close", "open", "move", "to", "goal"}, "event")) return false;
  const Json* t = r_.require(v, ptr, "t", "the event's time in s");
  if (!t || !r_.number(*t, at(ptr, "t"), out.t, {"a time in s", NumberRule::NonNegative})) return false;
  int kinds = 0;
  const char* keys[] = {"close", "open", "move", "goal"};
  for (int k = 0; k < 4; ++k) {
    const Json* d = SceneReader::member(v, keys[k]);
    if (!d) continue;
    if (++kinds > 1)
      return r_.fail(at(ptr, keys[k]), "one of \"close\", \"open\", \"move\", \"goal\" per event", "a second one",
                     true);
    out.kind = FollowEvent::Kind(k);
    if (out.kind == FollowEvent::Kind::Goal) {
      if (!point(*d, at(ptr, "goal"), out.goal)) return false;
    } else if (!name(*d, at(ptr, keys[k]), doors_, "a door id of the scene", out.door)) {
      return false;
    }
  }
  if (kinds == 0) return r_.fail(ptr, "an event with \"close\", \"open\", \"move\" or \"goal\"", "none");
  const Json* to = SceneReader::member(v, "to");
  if (out.kind != FollowEvent::Kind::Move) {
    if (to) return r_.fail(at(ptr, "to"), "\"to\" only in a \"move\" event", "\"to\"", true);
    return true;
  }
  if (!to) return r_.fail(at(ptr, "to"), "the door's new shape: a segment or polygon (2 or more points)", "nothing");
  if (!r_.array(*to, at(ptr, "to"), "the door's new shape: a segment or polygon (2 or more points)", 2)) return false;
  for (size_t i = 0; i < to->size(); ++i) {
    ScenePoint p;
    if (!point((*to)[i], at(at(ptr, "to"), i), p)) return false;
    out.to.push_back(p.plane);
  }
  out.to_polygon = to->size() > 2;
  return true;
}

bool Parser::follow_def(const Json& v, P ptr, FollowDef& out) {
  if (!r_.opt_number(v, ptr, "dt", out.dt, {"a time step in s", NumberRule::Positive}) ||
      !r_.opt_number(v, ptr, "max_time", out.max_time, {"a time limit in s", NumberRule::Positive}))
    return false;
  if (out.dt > kMaxStep)
    return r_.fail(at(ptr, "dt"), "a time step of at most 1 s", SceneReader::describe(SceneReader::member(v, "dt")));
  if (out.max_time / out.dt > limits::kMaxSimulationSteps)
    return r_.fail(at(ptr, SceneReader::member(v, "max_time") ? "max_time" : "dt"),
                   "at most " + num(limits::kMaxSimulationSteps) + " steps (max_time / dt)",
                   num(out.max_time / out.dt) + " steps");
  return true;
}

}  // namespace navlab::check_parse
