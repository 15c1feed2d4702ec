// The blocks of a scene besides its source: doors, blockers, links, agent, queries, search, spawn and the
// unreachable-goal policy (Parser, scene_parser.h).
#include <climits>

#include "input_limits.h"
#include "scene_parser.h"

namespace navlab::parse {

bool Parser::doors(const Json& v, P ptr, std::vector<Door>& out) {
  if (!r_.array(v, ptr, "an array of doors [{\"id\", \"segment\" or \"polygon\", \"open\"}, ...]")) return false;
  std::set<std::string> seen;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& d = v[i];
    const std::string ip = at(ptr, i);
    Door& door = out[i];
    if (!r_.object(d, ip, {"id", "segment", "polygon", "open"}, "door") || !unique_id(d, ip, seen, door.id, "door"))
      return false;
    const Json* seg = SceneReader::member(d, "segment");
    const Json* poly = SceneReader::member(d, "polygon");
    if (seg && poly) return r_.fail(at(ip, "polygon"), "either \"segment\" or \"polygon\"", "both", true);
    if (!seg && !poly && source_ != Scene::Source::Graph)
      return r_.fail(ip, "a door with a \"segment\" or a \"polygon\"", "neither");
    if (seg || poly) {
      const Json& shape = seg ? *seg : *poly;
      const std::string sp = at(ip, seg ? "segment" : "polygon");
      const std::string what = seg ? "a segment of 2 points" : "a polygon of at least 3 points";
      if (!shape.is_array() || (seg ? shape.size() != 2 : shape.size() < 3))
        return r_.fail(sp, what, SceneReader::describe(&shape));
      door.is_polygon = poly != nullptr;
      door.shape.resize(shape.size());
      for (size_t k = 0; k < shape.size(); ++k)
        if (!point(shape[k], at(sp, k), door.shape[k], false)) return false;
    }
    if (!r_.opt_boolean(d, ip, "open", door.open)) return false;
  }
  return true;
}

bool Parser::blockers(const Json& v, P ptr, std::vector<Blocker>& out) {
  if (!r_.array(v, ptr, "an array of blockers [{\"id\", \"center\", \"radius\" or \"half_extents\"}, ...]"))
    return false;
  std::set<std::string> seen;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& b = v[i];
    const std::string ip = at(ptr, i);
    Blocker& blk = out[i];
    if (!r_.object(b, ip, {"id", "center", "radius", "half_extents", "angle", "velocity"}, "blocker") ||
        !unique_id(b, ip, seen, blk.id, "blocker"))
      return false;
    const Json* center = r_.require(b, ip, "center", point_shape());
    if (!center || !point(*center, at(ip, "center"), blk.center, false)) return false;
    const Json* radius = SceneReader::member(b, "radius");
    const Json* half = SceneReader::member(b, "half_extents");
    if (radius && half) return r_.fail(at(ip, "half_extents"), "either \"radius\" or \"half_extents\"", "both", true);
    if (!radius && !half) return r_.fail(ip, "a blocker with a \"radius\" or \"half_extents\"", "neither");
    if (radius && SceneReader::member(b, "angle"))
      return r_.fail(at(ip, "angle"), "an angle only for a box (\"half_extents\")", "a circle blocker", true);
    if (radius && !r_.number(*radius, at(ip, "radius"), blk.radius, {"a radius in m", NumberRule::Positive}))
      return false;
    if (half) {
      const std::string hp = at(ip, "half_extents");
      if (!vec2(*half, hp, blk.half_extents, "half extents [hx, hy] in m")) return false;
      if (!(blk.half_extents.x > 0.0))
        return r_.fail(at(hp, size_t{0}), "a half extent in m > 0", SceneReader::describe(&(*half)[0]));
      if (!(blk.half_extents.y > 0.0))
        return r_.fail(at(hp, size_t{1}), "a half extent in m > 0", SceneReader::describe(&(*half)[1]));
      if (!r_.opt_number(b, ip, "angle", blk.angle, {"an angle in rad"})) return false;
    }
    const Json* vel = SceneReader::member(b, "velocity");
    if (vel && !vec2(*vel, at(ip, "velocity"), blk.velocity, "a velocity [vx, vy] in m/s")) return false;
  }
  return true;
}

bool Parser::links(const Json& v, P ptr, std::vector<LinkDef>& out) {
  if (source_ == Scene::Source::Graph || source_ == Scene::Source::Detour)
    return r_.fail(ptr,
                   "no \"links\" in a " + std::string(to_string(source_)) +
                       " scene (links join polygons of a floor plan, a level mesh or a hand-authored navmesh)",
                   "\"links\"", true);
  if (!r_.array(v, ptr, "an array of links [{\"from\", \"to\", \"radius\", \"bidirectional\", \"cost\"}, ...]") ||
      !at_most(v, ptr, limits::kMaxLinks, "links (the link count limit)"))
    return false;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& e = v[i];
    const std::string ip = at(ptr, i);
    LinkDef& l = out[i];
    if (!r_.object(e, ip, {"from", "to", "radius", "bidirectional", "cost"}, "link")) return false;
    const Json* from = r_.require(e, ip, "from", point_shape());
    if (!from || !point(*from, at(ip, "from"), l.from, false)) return false;
    const Json* to = r_.require(e, ip, "to", point_shape());
    if (!to || !point(*to, at(ip, "to"), l.to, false)) return false;
    if (const Json* r = SceneReader::member(e, "radius")) {
      double radius = 0.0;
      if (!r_.number(*r, at(ip, "radius"), radius,
                     {"a radius in m", NumberRule::Positive, "an end could attach to no polygon"}))
        return false;
      l.radius = radius;
    }
    if (!r_.opt_boolean(e, ip, "bidirectional", l.bidirectional)) return false;
    if (const Json* c = SceneReader::member(e, "cost")) {
      double cost = 0.0;
      if (!r_.number(*c, at(ip, "cost"), cost, {"a cost in m of path", NumberRule::NonNegative})) return false;
      l.cost = cost;
    }
  }
  return true;
}

bool Parser::agent(const Json& v, P ptr, AgentDef& out) {
  if (!r_.object(
          v, ptr,
          {"radius", "max_speed", "accel", "brake_decel", "reaction_dt", "lateral_accel", "max_accel", "turn_radius",
           "min_turn_radius", "can_turn_in_place", "max_turn_rate", "corner_mode", "inner_corner", "excluded_areas",
           "arrive_distance", "arrive_speed", "lookahead", "stall_window", "stall_min_progress"},
          "agent"))
    return false;
  using R = NumberRule;
  if (!r_.opt_number(v, ptr, "radius", out.radius, {"a radius in m", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "max_speed", out.max_speed,
                     {"a speed in m/s", R::Positive, "an agent that cannot move can follow no path"}) ||
      !r_.opt_number(v, ptr, "accel", out.accel,
                     {"an acceleration in m/s²", R::Positive, "the agent could never start moving"}) ||
      !r_.opt_number(v, ptr, "brake_decel", out.brake_decel,
                     {"a deceleration in m/s²", R::Positive, "the agent could never stop"}) ||
      !r_.opt_number(v, ptr, "reaction_dt", out.reaction_dt, {"a reaction time in s", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "lateral_accel", out.lateral_accel,
                     {"a lateral acceleration in m/s²", R::Positive, "no arc could be driven"}) ||
      !r_.opt_number(v, ptr, "max_accel", out.max_accel,
                     {"a total acceleration budget in m/s²", R::Positive, "the agent could never change speed"}) ||
      !r_.opt_number(v, ptr, "turn_radius", out.turn_radius, {"a turn radius in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "min_turn_radius", out.min_turn_radius, {"a turn radius in m", R::NonNegative}) ||
      !r_.opt_boolean(v, ptr, "can_turn_in_place", out.can_turn_in_place) ||
      !r_.opt_number(v, ptr, "max_turn_rate", out.max_turn_rate,
                     {"a turn rate in rad/s", R::Positive, "a stop-turn would never end"}) ||
      !r_.opt_number(v, ptr, "arrive_distance", out.arrive_distance, {"a distance in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "arrive_speed", out.arrive_speed, {"a speed in m/s", R::NonNegative}) ||
      !r_.opt_number(v, ptr, "lookahead", out.lookahead, {"a lookahead distance in m", R::Positive}) ||
      !r_.opt_number(v, ptr, "stall_window", out.stall_window, {"a time window in s", R::Positive}) ||
      !r_.opt_number(v, ptr, "stall_min_progress", out.stall_min_progress, {"a distance in m", R::NonNegative}))
    return false;
  if (out.min_turn_radius > out.turn_radius)
    return r_.fail(at(ptr, "min_turn_radius"), "at most turn_radius (" + Json(out.turn_radius).dump() + ")",
                   Json(out.min_turn_radius).dump());
  if (const Json* mode = SceneReader::member(v, "corner_mode")) {
    if (!r_.choice(*mode, at(ptr, "corner_mode"), kCornerModeNames, out.corner_mode)) return false;
  }
  if (const Json* ic = SceneReader::member(v, "inner_corner")) {
    const std::string ip = at(ptr, "inner_corner");
    if (!r_.array(*ic, ip, "an array of at least 1 point [width, distance]", 1)) return false;
    out.inner_corner.assign(ic->size(), Vec2{});
    for (size_t i = 0; i < ic->size(); ++i) {
      Vec2& p = out.inner_corner[i];
      const std::string pp = at(ip, i);
      if (!vec2((*ic)[i], pp, p, "a point [width, distance] in m")) return false;
      const double prev = i == 0 ? 0.0 : out.inner_corner[i - 1].x;
      if (!(p.x > prev))
        return r_.fail(at(pp, size_t{0}), "a width > " + Json(prev).dump() + " (widths increase from 0)",
                       SceneReader::describe(&(*ic)[i][0]));
      if (p.y < 0.0 || p.y > p.x / 2.0)
        return r_.fail(at(pp, size_t{1}), "a distance from 0 to half the width (" + Json(p.x / 2.0).dump() + ")",
                       SceneReader::describe(&(*ic)[i][1]));
    }
  }
  if (const Json* ex = SceneReader::member(v, "excluded_areas")) {
    const std::string ep = at(ptr, "excluded_areas");
    if (!r_.array(*ex, ep, "an array of area names")) return false;
    out.excluded_areas.resize(ex->size());
    for (size_t i = 0; i < ex->size(); ++i)
      if (!r_.string((*ex)[i], at(ep, i), out.excluded_areas[i], "an area name (a non-empty string)")) return false;
  }
  return true;
}

bool Parser::queries(const Json& v, P ptr, std::vector<Query>& out) {
  if (!r_.array(v, ptr, "an array of queries [{\"start\", \"goal\", \"name\"}, ...]") ||
      !at_most(v, ptr, limits::kMaxQueries, "queries (the query count limit)"))
    return false;
  out.resize(v.size());
  const bool graph = source_ == Scene::Source::Graph;
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& q = v[i];
    const std::string ip = at(ptr, i);
    if (!r_.object(q, ip, {"start", "goal", "name"}, "query") ||
        !r_.opt_string(q, ip, "name", out[i].name, "a query name (a string)", false))
      return false;
    const std::string shape = graph ? "a node id of the graph" : point_shape();
    const Json* start = r_.require(q, ip, "start", shape);
    if (!start) return false;
    if (graph ? !node_id(*start, at(ip, "start"), out[i].start.node)
              : !point(*start, at(ip, "start"), out[i].start, false))
      return false;
    const Json* goal = r_.require(q, ip, "goal", shape);
    if (!goal) return false;
    if (graph ? !node_id(*goal, at(ip, "goal"), out[i].goal.node) : !point(*goal, at(ip, "goal"), out[i].goal, false))
      return false;
  }
  return true;
}

bool Parser::search(const Json& v, P ptr, SearchDef& out) {
  if (!r_.object(v, ptr, {"algorithm", "heuristic_scale", "node_budget", "cost_model"}, "search")) return false;
  if (const Json* a = SceneReader::member(v, "algorithm")) {
    if (!r_.choice(*a, at(ptr, "algorithm"), kAlgorithmNames, out.algorithm)) return false;
    if (source_ == Scene::Source::Graph && out.algorithm == Algorithm::Polyanya)
      return r_.fail(at(ptr, "algorithm"),
                     "\"astar\" or \"dijkstra\" (Polyanya searches polygons; a graph scene has none)",
                     SceneReader::describe(a));
  }
  if (!r_.opt_number(v, ptr, "heuristic_scale", out.heuristic_scale, {"a heuristic scale", NumberRule::NonNegative}))
    return false;
  if (const Json* b = SceneReader::member(v, "node_budget"))
    if (!r_.integer(*b, at(ptr, "node_budget"), out.node_budget, 0, INT_MAX, "a node budget (0 = unlimited)"))
      return false;
  if (const Json* c = SceneReader::member(v, "cost_model")) {
    CostModel model{};
    const std::string cp = at(ptr, "cost_model");
    if (!r_.choice(*c, cp, kCostModelNames, model)) return false;
    const bool graph = source_ == Scene::Source::Graph;
    if (graph && model != CostModel::Graph)
      return r_.fail(cp, "\"graph\" (a graph scene's edges carry their costs)", SceneReader::describe(c));
    if (!graph && model == CostModel::Graph)
      return r_.fail(cp, "\"edge_midpoints\" or \"centroids\" (\"graph\" is for graph scenes)",
                     SceneReader::describe(c));
    out.cost_model = model;
  }
  return true;
}

bool Parser::spawn(const Json& v, P ptr, SpawnDef& out) {
  if (!r_.object(
          v, ptr,
          {"candidates", "allowed_areas", "forbidden_zones", "occupants", "safe_targets", "clearance", "partition_of"},
          "spawn"))
    return false;
  if (const Json* c = SceneReader::member(v, "candidates")) {
    const std::string cp = at(ptr, "candidates");
    if (!r_.array(*c, cp, "an array of candidates [{\"name\", \"pos\"}, ...]")) return false;
    out.candidates.resize(c->size());
    for (size_t i = 0; i < c->size(); ++i) {
      const std::string ip = at(cp, i);
      const Json& e = (*c)[i];
      if (!r_.object(e, ip, {"name", "pos"}, "spawn candidate") ||
          !r_.opt_string(e, ip, "name", out.candidates[i].name, "a candidate name (a string)", false))
        return false;
      const Json* pos = r_.require(e, ip, "pos", point_shape());
      if (!pos || !point(*pos, at(ip, "pos"), out.candidates[i].pos, true)) return false;
    }
  }
  if (const Json* a = SceneReader::member(v, "allowed_areas")) {
    const std::string ap = at(ptr, "allowed_areas");
    if (!r_.array(*a, ap, "an array of area names")) return false;
    std::vector<std::string> names(a->size());
    for (size_t i = 0; i < a->size(); ++i)
      if (!r_.string((*a)[i], at(ap, i), names[i], "an area name (a non-empty string)")) return false;
    out.allowed_areas = std::move(names);
  }
  if (const Json* z = SceneReader::member(v, "forbidden_zones")) {
    const std::string zp = at(ptr, "forbidden_zones");
    if (!r_.array(*z, zp, "an array of zones [{\"name\", \"polygon\"}, ...]")) return false;
    out.forbidden_zones.resize(z->size());
    for (size_t i = 0; i < z->size(); ++i) {
      const std::string ip = at(zp, i);
      const Json& e = (*z)[i];
      if (!r_.object(e, ip, {"name", "polygon"}, "forbidden zone") ||
          !r_.opt_string(e, ip, "name", out.forbidden_zones[i].name, "a zone name (a string)", false))
        return false;
      const Json* poly = r_.require(e, ip, "polygon", "a polygon of at least 3 points");
      if (!poly ||
          !flat_points(*poly, at(ip, "polygon"), out.forbidden_zones[i].polygon, 3, "a polygon of at least 3 points"))
        return false;
    }
  }
  if (const Json* o = SceneReader::member(v, "occupants")) {
    const std::string op = at(ptr, "occupants");
    if (!r_.array(*o, op, "an array of occupants [{\"name\", \"pos\", \"radius\"}, ...]")) return false;
    out.occupants.resize(o->size());
    for (size_t i = 0; i < o->size(); ++i) {
      const std::string ip = at(op, i);
      const Json& e = (*o)[i];
      Occupant& occ = out.occupants[i];
      if (!r_.object(e, ip, {"name", "pos", "radius"}, "occupant") ||
          !r_.opt_string(e, ip, "name", occ.name, "an occupant name (a string)", false))
        return false;
      const Json* pos = r_.require(e, ip, "pos", point_shape());
      if (!pos || !point(*pos, at(ip, "pos"), occ.pos, true)) return false;
      if (!r_.opt_number(e, ip, "radius", occ.radius, {"a radius in m", NumberRule::NonNegative})) return false;
    }
  }
  if (const Json* t = SceneReader::member(v, "safe_targets")) {
    const std::string tp = at(ptr, "safe_targets");
    if (!r_.array(*t, tp, "an array of points")) return false;
    out.safe_targets.resize(t->size());
    for (size_t i = 0; i < t->size(); ++i)
      if (!point((*t)[i], at(tp, i), out.safe_targets[i], true)) return false;
  }
  if (const Json* c = SceneReader::member(v, "clearance")) {
    double r = 0.0;
    if (!r_.number(*c, at(ptr, "clearance"), r, {"a clearance in m", NumberRule::NonNegative})) return false;
    out.clearance = r;
  }
  if (const Json* p = SceneReader::member(v, "partition_of")) {
    ScenePoint sp;
    if (!point(*p, at(ptr, "partition_of"), sp, true)) return false;
    out.partition_of = sp;
  }
  return true;
}

bool Parser::unreachable(const Json& v, P ptr, UnreachablePolicy& out) {
  const std::string expected = "\"fail\" or {\"policy\": \"nearest_reachable\", \"radius\", \"require_connected\"}";
  if (v.is_string()) {
    if (v.get_ref<const std::string&>() == "fail") return true;
    return r_.fail(ptr, expected, SceneReader::describe(&v));
  }
  if (!v.is_object()) return r_.fail(ptr, expected, SceneReader::describe(&v));
  if (!r_.object(v, ptr, {"policy", "radius", "require_connected"}, "unreachable_goal")) return false;
  const Json* policy = r_.require(v, ptr, "policy", "\"fail\" or \"nearest_reachable\"");
  int k = 0;
  if (!policy || !r_.choice(*policy, at(ptr, "policy"), {"fail", "nearest_reachable"}, k)) return false;
  out.nearest_reachable = k == 1;
  if (out.nearest_reachable) {
    const Json* radius = r_.require(v, ptr, "radius", "a search radius in m > 0");
    if (!radius || !r_.number(*radius, at(ptr, "radius"), out.radius, {"a search radius in m", NumberRule::Positive}))
      return false;
  } else if (!r_.opt_number(v, ptr, "radius", out.radius, {"a search radius in m", NumberRule::NonNegative})) {
    return false;
  }
  return r_.opt_boolean(v, ptr, "require_connected", out.require_connected);
}

}  // namespace navlab::parse
