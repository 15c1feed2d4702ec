// The `sidescroller` block: every value check of the side-scroller scene kind, and its JSON form.
#include "scene_sidescroller.h"

#include <algorithm>
#include <set>

#include "input_limits.h"
#include "json_locate.h"

namespace navlab {
namespace {

using P = const std::string&;
std::string at(P ptr, const char* key) { return pointer_append(ptr, key); }
std::string at(P ptr, size_t i) { return pointer_append(ptr, i); }

// An overlap smaller than this is touching, not overlapping (bodies stand on solids and against walls), m.
constexpr double kTouchTolerance = 1e-9;

// At most `limit` items in the array `v` (`what` names them and the limit).
bool at_most(SceneReader& r, const Json& v, P ptr, size_t limit, const std::string& what) {
  if (!v.is_array() || v.size() <= limit) return true;
  return r.fail(ptr, "at most " + std::to_string(limit) + " " + what, SceneReader::describe(&v));
}

bool vec2(SceneReader& r, const Json& v, P ptr, Vec2& out, const std::string& what) {
  double c[2];
  if (!r.coords(v, ptr, 2, what, c)) return false;
  out = {c[0], c[1]};
  return true;
}

bool solids(SceneReader& r, const Json& v, P ptr, std::vector<SideBox>& out) {
  if (!r.array(v, ptr, "an array of solids [[x0, y0, x1, y1], ...]") ||
      !at_most(r, v, ptr, limits::kMaxSideSolids, "solids (the side-scroller solid limit)"))
    return false;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string ip = at(ptr, i);
    double c[4];
    if (!r.coords(v[i], ip, 4, "a solid box [x0, y0, x1, y1] in m", c)) return false;
    if (!(c[0] < c[2]))
      return r.fail(at(ip, 2), "x1 > x0 (" + Json(c[0]).dump() + ")", SceneReader::describe(&v[i][2]));
    if (!(c[1] < c[3]))
      return r.fail(at(ip, 3), "y1 > y0 (" + Json(c[1]).dump() + ")", SceneReader::describe(&v[i][3]));
    out[i] = {c[0], c[1], c[2], c[3]};
  }
  return true;
}

bool player(SceneReader& r, const Json& v, P ptr, SideScrollerDef& out) {
  if (!r.object(v, ptr, {"pos", "events"}, "player")) return false;
  const Json* pos = r.require(v, ptr, "pos", "a point [x, y]");
  if (!pos || !vec2(r, *pos, at(ptr, "pos"), out.player, "a point [x, y]")) return false;
  out.has_player = true;
  const Json* events = SceneReader::member(v, "events");
  if (!events) return true;
  const std::string ep = at(ptr, "events");
  if (!r.array(*events, ep, "an array of events [{\"t\", \"pos\"}, ...]") ||
      !at_most(r, *events, ep, limits::kMaxSidePlayerEvents, "player events (the player event limit)"))
    return false;
  out.player_events.resize(events->size());
  double last = 0.0;
  for (size_t i = 0; i < events->size(); ++i) {
    const Json& e = (*events)[i];
    const std::string ip = at(ep, i);
    SidePlayerEvent& ev = out.player_events[i];
    if (!r.object(e, ip, {"t", "pos"}, "player event")) return false;
    const Json* t = r.require(e, ip, "t", "a time in s >= 0");
    if (!t || !r.number(*t, at(ip, "t"), ev.t, {"a time in s", NumberRule::NonNegative})) return false;
    if (ev.t < last)
      return r.fail(at(ip, "t"), "a time >= " + Json(last).dump() + " (events in time order)",
                    SceneReader::describe(t));
    last = ev.t;
    const Json* p = r.require(e, ip, "pos", "a point [x, y]");
    if (!p || !vec2(r, *p, at(ip, "pos"), ev.pos, "a point [x, y]")) return false;
  }
  return true;
}

bool strategy(SceneReader& r, const Json& v, P ptr, SideStrategyDef& out) {
  // Each kind's keys, in kSideStrategyKindNames's order.
  static const std::vector<std::vector<std::string>> keys = {
      {"kind"}, {"kind", "min", "max", "pause"}, {"kind", "points"}, {"kind"}, {"kind", "to"}};
  if (!v.is_object())
    return r.fail(ptr, "a strategy {\"kind\": \"pace\"|\"wander\"|...} (an object)", SceneReader::describe(&v));
  const Json* kind =
      r.require(v, ptr, "kind", "a strategy kind (\"pace\", \"wander\", \"waypoints\", \"approach\" or \"rush\")");
  if (!kind || !r.choice(*kind, at(ptr, "kind"), kSideStrategyKindNames, out.kind)) return false;
  const size_t k = size_t(out.kind);
  if (!r.object(v, ptr, keys[k], std::string(to_string(out.kind)) + " strategy")) return false;
  using R = NumberRule;
  switch (out.kind) {
    case SideStrategyKind::Wander:
      if (!r.opt_number(v, ptr, "min", out.min, {"a distance in m", R::NonNegative}) ||
          !r.opt_number(v, ptr, "max", out.max, {"a distance in m", R::Positive}) ||
          !r.opt_number(v, ptr, "pause", out.pause, {"a pause in s", R::NonNegative}))
        return false;
      if (out.max < out.min)
        return r.fail(at(ptr, "max"), "at least min (" + Json(out.min).dump() + ")", Json(out.max).dump());
      return true;
    case SideStrategyKind::Waypoints: {
      const std::string pp = at(ptr, "points");
      const Json* pts = r.require(v, ptr, "points", "an array of at least 1 point [[x, y], ...]");
      if (!pts || !r.array(*pts, pp, "an array of at least 1 point [[x, y], ...]", 1)) return false;
      out.points.resize(pts->size());
      for (size_t i = 0; i < pts->size(); ++i)
        if (!vec2(r, (*pts)[i], at(pp, i), out.points[i], "a point [x, y]")) return false;
      return true;
    }
    case SideStrategyKind::Rush: {
      const Json* to = r.require(v, ptr, "to", "a lock point [x, y]");
      return to && vec2(r, *to, at(ptr, "to"), out.to, "a lock point [x, y]");
    }
    case SideStrategyKind::Pace:
    case SideStrategyKind::Approach:
      return true;
  }
  return true;
}

// The index of a solid the body overlaps (more than touching), or -1.
int overlapped_solid(const SideEnemyDef& e, const std::vector<SideBox>& solids) {
  const double x0 = e.pos.x - e.body.x / 2, x1 = e.pos.x + e.body.x / 2, y0 = e.pos.y, y1 = e.pos.y + e.body.y;
  for (size_t i = 0; i < solids.size(); ++i) {
    const SideBox& b = solids[i];
    if (std::min(x1, b.x1) - std::max(x0, b.x0) > kTouchTolerance &&
        std::min(y1, b.y1) - std::max(y0, b.y0) > kTouchTolerance)
      return int(i);
  }
  return -1;
}

bool enemy(SceneReader& r, const Json& v, P ptr, std::set<std::string>& seen, const SideScrollerDef& scene,
           SideEnemyDef& out) {
  if (!r.object(v, ptr, {"id", "pos", "body", "navigator", "speed", "stopping_distance", "strategy"}, "enemy"))
    return false;
  const Json* id = r.require(v, ptr, "id", "an enemy id (a non-empty string)");
  if (!id || !r.string(*id, at(ptr, "id"), out.id, "an enemy id (a non-empty string)")) return false;
  if (!seen.insert(out.id).second)
    return r.fail(at(ptr, "id"), "an enemy id not used before", SceneReader::describe(id) + " (a second time)");
  const Json* pos = r.require(v, ptr, "pos", "a point [x, y] (the bottom centre of the body)");
  if (!pos || !vec2(r, *pos, at(ptr, "pos"), out.pos, "a point [x, y] (the bottom centre of the body)")) return false;
  if (const Json* body = SceneReader::member(v, "body")) {
    const std::string bp = at(ptr, "body");
    if (!vec2(r, *body, bp, out.body, "a body size [w, h] in m")) return false;
    if (!(out.body.x > 0.0)) return r.fail(at(bp, size_t{0}), "a width in m > 0", SceneReader::describe(&(*body)[0]));
    if (!(out.body.y > 0.0)) return r.fail(at(bp, size_t{1}), "a height in m > 0", SceneReader::describe(&(*body)[1]));
  }
  if (const Json* nav = SceneReader::member(v, "navigator")) {
    if (!r.choice(*nav, at(ptr, "navigator"), kSideNavigatorKindNames, out.navigator)) return false;
  }
  if (!r.opt_number(v, ptr, "speed", out.speed,
                    {"a speed in m/s", NumberRule::Positive, "the enemy could never move"}) ||
      !r.opt_number(v, ptr, "stopping_distance", out.stopping_distance, {"a distance in m", NumberRule::NonNegative}))
    return false;
  const Json* strat = r.require(v, ptr, "strategy", "a strategy {\"kind\": ...}");
  if (!strat || !strategy(r, *strat, at(ptr, "strategy"), out.strategy)) return false;
  const std::string kp = at(at(ptr, "strategy"), "kind");
  const SideStrategyKind k = out.strategy.kind;
  if ((k == SideStrategyKind::Pace || k == SideStrategyKind::Rush) && out.navigator != SideNavigatorKind::Ground)
    return r.fail(kp,
                  "\"wander\", \"waypoints\" or \"approach\" for a " + std::string(to_string(out.navigator)) +
                      " enemy (pace and rush walk on the ground)",
                  SceneReader::describe(&(*strat)["kind"]));
  if (k == SideStrategyKind::Approach && !scene.has_player)
    return r.fail(kp, "a scene with a player to approach (/sidescroller/player)",
                  SceneReader::describe(&(*strat)["kind"]));
  if (const int s = overlapped_solid(out, scene.solids); s >= 0)
    return r.fail(at(ptr, "pos"), "a body [w, h] at the bottom centre [x, y] that overlaps no solid",
                  SceneReader::describe(pos) + " (it overlaps solid " + std::to_string(s) + ")");
  return true;
}

}  // namespace

bool read_sidescroller(SceneReader& r, const Json& v, const std::string& ptr, SideScrollerDef& out) {
  if (!r.object(v, ptr, {"gravity", "solids", "player", "enemies"}, "sidescroller")) return false;
  if (!r.opt_number(v, ptr, "gravity", out.gravity,
                    {"a gravity in m/s²", NumberRule::Positive, "ground enemies would never come down"}))
    return false;
  const Json* s = r.require(v, ptr, "solids", "an array of solids [[x0, y0, x1, y1], ...]");
  if (!s || !solids(r, *s, at(ptr, "solids"), out.solids)) return false;
  if (const Json* p = SceneReader::member(v, "player"); p && !player(r, *p, at(ptr, "player"), out)) return false;
  const std::string ep = at(ptr, "enemies");
  const Json* e = r.require(v, ptr, "enemies", "an array of at least 1 enemy");
  if (!e || !r.array(*e, ep, "an array of at least 1 enemy [{\"id\", \"pos\", \"strategy\", ...}]", 1) ||
      !at_most(r, *e, ep, limits::kMaxSideEnemies, "enemies (the side-scroller enemy limit)"))
    return false;
  // Each enemy checks every solid on every tick: the pairs bound the work of each tick of a run.
  if (double(e->size()) * double(out.solids.size()) > limits::kMaxSideEnemySolidPairs)
    return r.fail(ep,
                  "at most " + Json(limits::kMaxSideEnemySolidPairs).dump() +
                      " enemy-solid pairs (enemies x solids, the side-scroller work limit: every enemy checks "
                      "every solid on every tick)",
                  std::to_string(e->size()) + " enemies and " + std::to_string(out.solids.size()) + " solids");
  out.enemies.resize(e->size());
  std::set<std::string> seen;
  for (size_t i = 0; i < e->size(); ++i)
    if (!enemy(r, (*e)[i], at(ep, i), seen, out, out.enemies[i])) return false;
  return true;
}

Json sidescroller_json(const SideScrollerDef& def) {
  auto xy = [](Vec2 p) { return Json::array({p.x, p.y}); };
  Json out = Json::object();
  out["gravity"] = def.gravity;
  out["solids"] = Json::array();
  for (const SideBox& b : def.solids) out["solids"].push_back(Json::array({b.x0, b.y0, b.x1, b.y1}));
  if (def.has_player) {
    Json events = Json::array();
    for (const SidePlayerEvent& e : def.player_events) events.push_back(Json{{"t", e.t}, {"pos", xy(e.pos)}});
    out["player"] = Json{{"pos", xy(def.player)}, {"events", events}};
  }
  out["enemies"] = Json::array();
  for (const SideEnemyDef& e : def.enemies) {
    const SideStrategyDef& s = e.strategy;
    Json strat{{"kind", to_string(s.kind)}};
    if (s.kind == SideStrategyKind::Wander) strat.update(Json{{"min", s.min}, {"max", s.max}, {"pause", s.pause}});
    if (s.kind == SideStrategyKind::Waypoints) {
      strat["points"] = Json::array();
      for (Vec2 p : s.points) strat["points"].push_back(xy(p));
    }
    if (s.kind == SideStrategyKind::Rush) strat["to"] = xy(s.to);
    out["enemies"].push_back(Json{{"id", e.id},
                                  {"pos", xy(e.pos)},
                                  {"body", xy(e.body)},
                                  {"navigator", to_string(e.navigator)},
                                  {"speed", e.speed},
                                  {"stopping_distance", e.stopping_distance},
                                  {"strategy", strat}});
  }
  return out;
}

}  // namespace navlab
