// `navlab bench SCENE [--pairs N] [--seed S] [--sample-us US] [--text]`
// Times the planner's stages and, on baked meshes, Detour's findNearestPoly + findPath +
// findStraightPath on the same seeded random start/goal pairs, in one run, and prints the ratios.
//
// Every time is per query: one call of a stage on one pair is repeated until the repetitions together
// last at least --sample-us (so the clock's resolution and the cost of reading it do not matter), and
// the pair's time is that total divided by the repetitions, the fastest of three such loops (and, on
// baked meshes, of two rounds of the pair: ours, Detour, ours, Detour). Medians and means are over
// pairs. As Detour's queries write into the same arrays on every repetition, every stage of ours writes
// into one result of its own, reused from call to call (search_into, build_portals_into, funnel_into,
// the motion parts' _into forms, plan_motion_into, plan_into).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "cli_bench.h"
#include "plan.h"
#include "random_pairs.h"
#include "scene.h"

namespace navlab::cli {

extern const char* const kBenchUsage =
    "Usage: navlab bench SCENE [--pairs N] [--seed S] [--sample-us US] [--text]\n"
    "       navlab bench --large N [--large-kind floorplan|mesh] [--pairs N] [--seed S] [--sample-us US] [--text]\n"
    "       navlab bench --scaling [--large-kind floorplan|mesh] [--pairs N] [--seed S] [--sample-us US] [--text]\n\n"
    "Draws N seeded random start/goal pairs on SCENE's navmesh (area-weighted random polygon, uniform\n"
    "point inside it; graph scenes: two distinct random nodes) and times, for every pair:\n"
    "  ours    locate (both points), search, portals+funnel, motion (clearance, turns, profile; and\n"
    "          each of the three on its own as motion_clearance, motion_turns, motion_profile) and the\n"
    "          whole plan() call, each stage on its own (no trace);\n"
    "  Detour  findNearestPoly (both points), findPath, findStraightPath (baked meshes only: a\n"
    "          hand-authored mesh or a graph has no Detour mesh, so only our stages are reported).\n"
    "Prints JSON (default) or, with --text, a table:\n"
    "  {\"scene\", \"source\", \"polygons\", \"pairs\", \"seed\", \"generated\": null | {\"name\", "
    "\"target_polygons\",\n"
    "   \"bake_ms\"}, \"bake\": null | {\"ms\", \"tiles\", \"threads\", \"recast\": null | {\"ms\", \"polygons\", "
    "\"tiles\"},\n"
    "   \"recast_note\"}, \"sample_us\", \"search\": {\"algorithm\", \"cost_model\"},\n"
    "   \"ours\": {\"counts\": {\"complete\", \"partial\", \"disconnected\", \"failed\"},\n"
    "            \"stages\": {NAME: {\"queries\", \"median_us\", \"mean_us\"}}},\n"
    "   \"detour\": null | {\"counts\": {...}, \"stages\": {...}},\n"
    "   \"optimal\": null | {\"stages\": {\"polyanya\": {...}, \"search_portals_funnel\": {...}},\n"
    "                      \"speed\": null | {\"pairs\", \"polyanya_vs_search_portals_funnel\": {\"median\",\n"
    "                      \"of_means\"}, \"polyanya_popped\", \"polyanya_expanded_in_place\",\n"
    "                      \"search_expanded\": {\"mean\", \"median\"}}, \"pairs\", \"optimal_share\",\n"
    "                      \"funnel_over_optimal\": {\"mean\", \"p90\", \"max\"}, \"longer_than_funnel\",\n"
    "                      \"missed\"},\n"
    "   \"ratios\": null | {\"pairs\", \"search_vs_find_path\", \"search_portals_funnel_vs_find_path_straight_path\",\n"
    "                     \"locate_vs_find_nearest_poly\", \"plan_vs_find_nearest_poly_find_path_straight_path\",\n"
    "                     \"motion_vs_search_portals_funnel\"},\n"
    "   \"agreement\": null | {\"pairs\", \"corridor_differs\", \"straight_path_differs\",\n"
    "                        \"differing\": [{\"pair\", \"start\", \"goal\", \"corridor\", \"straight_path\"}]},\n"
    "   \"notes\": [...]}\n"
    "A baked level (a floor plan or a level's triangles) is baked once more after loading: \"bake\" gives\n"
    "our bake's time (the faster of the two; tiles are baked on every hardware thread) and Recast's own\n"
    "build of the same level as RecastDemo's Solo Mesh sample makes it (or its Tile Mesh sample when the\n"
    "level is baked in tiles; one thread; the same settings; no doors, painted areas or links; a floor\n"
    "plan's holes cleared as convex volumes), or in recast_note why it could not be built (a floor plan\n"
    "whose outline is not a rectangle or with a concave hole, a tile over Recast's 65,535 vertices);\n"
    "tiles counts the tiles holding polygons.\n"
    "A pair's time for a stage is the fastest of three loops of repeated calls, each loop lasting at\n"
    "least --sample-us; on baked meshes, of two rounds too, pair by pair (ours, then Detour, then both\n"
    "again on the same pair: load that comes and goes falls on both sides of a ratio alike). As\n"
    "Detour's calls write into the caller's arrays, each of our stages writes into one result of its\n"
    "own, reused from call to call (search_into, build_portals_into, funnel_into, plan_motion_into and\n"
    "its parts' _into forms, plan_into).\n"
    "Each ratio is ours / Detour (above 1: ours is slower) as {\"median\", \"of_means\"}:\n"
    "the median of the per-pair ratios and the ratio of the mean times, over the pairs both complete;\n"
    "plan_vs_... divides the whole plan() by Detour's three calls (findNearestPoly twice), and\n"
    "motion_vs_search_portals_funnel is ours over ours: motion against search + portals + funnel.\n"
    "The routes are compared too, over the pairs both complete: a pair is listed (never hidden) when our\n"
    "corridor is not Detour's polygon by polygon, or our straight path not Detour's point by point within\n"
    "1 mm in the plane (points on the straight line between their neighbours dropped on both sides).\n"
    "On polygon meshes Polyanya (the exact shortest path) is timed on the same located pairs, each pair\n"
    "right before search + portals + funnel is timed again beside it (into reused results): \"speed\"\n"
    "gives Polyanya's time over theirs (median of the per-pair ratios, ratio of the mean times) and the\n"
    "nodes per query (Polyanya's popped from its open list and expanded at once as a node's only\n"
    "successor; A*'s expanded), over the pairs both complete. The length of the usual plan's path (the\n"
    "funnel through the searched corridor) is divided by the optimal length: mean, 90th percentile and\n"
    "maximum over the pairs both complete with a positive length; optimal_share is the fraction of those\n"
    "pairs whose funnel path is optimal (within 1e-9 relative). longer_than_funnel counts the pairs whose\n"
    "exact path is longer than the funnel's (beyond 1e-9 relative), missed those where Polyanya found no\n"
    "path but A* a corridor: both are errors of the exact search and must be 0.\n"
    "  --pairs N        number of random pairs (1..100000, default 200)\n"
    "  --seed S         seed of the pairs (0..2^64-1, default 1); the same seed gives the same pairs\n"
    "  --sample-us US   minimum length in microseconds of each timed repetition loop (above 0, at\n"
    "                   most 1000000, default 200); --pairs x --sample-us may ask for at most 30 minutes of\n"
    "                   sampling (each pair times up to 23 calls in three loops of at least US)\n"
    "  --large N        instead of SCENE, generate a level of about N polygons (100..250000: a larger one\n"
    "                   would need a bake grid over its limit) and bake it:\n"
    "                   a square hall of 1 m pillars on a jittered 4 m grid (the seed jitters it too);\n"
    "                   \"generated\" gives its name, the polygons asked for and the bake's time in ms\n"
    "  --large-kind K   what --large generates: floorplan (the pillar hall, default) or mesh: a 3D level\n"
    "                   of triangles as a level file gives them, baked as one (rolling ground with 1.2 m\n"
    "                   crates on a jittered 4 m grid and, every 48 m, a bridge over the ground)\n"
    "  --scaling        instead of one level, generate levels of about 1,000, 2,000, 5,000, 10,000, 20,000,\n"
    "                   50,000 and 100,000 polygons (with --large N: those below N, then N) of the kind\n"
    "                   --large-kind says, and time plan() and the search against Detour's calls on each,\n"
    "                   --pairs pairs (default 100) drawn alike:\n"
    "                   {\"scaling\": {\"kind\", \"pairs\", \"seed\", \"sample_us\", \"levels\": "
    "[{\"target_polygons\",\n"
    "                   \"polygons\", \"bake\": {...} as above, \"pairs_complete\", \"plan\", \"search\",\n"
    "                   \"detour_three_calls\", \"find_path\": {\"median_us\", \"mean_us\"}, \"plan_vs_detour\",\n"
    "                   \"search_vs_find_path\": {\"median\", \"of_means\"}, \"corridors_differ\"}]}}\n"
    "                   (times and ratios over the pairs complete in both)\n"
    "  --text           print a table instead of JSON\n"
    "Speed depends on the machine and on its load: compare ratios measured in one run.\n"
    "Exit codes: 0 ok, 2 usage or input error.\n";

namespace {

using Json = nlohmann::ordered_json;
using namespace bench;

// Each pair is timed this many rounds on both sides in turn and keeps its fastest time per stage.
constexpr int kRounds = 2;

// plan_motion's three parts: clearance path; corridor shape and turns; speed profile. A part runs only
// when the one before it succeeded (its time stays NaN otherwise).
void time_motion_parts(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start,
                       const std::vector<Portal>& portals, const AgentDef& agent, double sample_us, double& t_clearance,
                       double& t_turns, double& t_profile) {
  ClearanceResult c;
  t_clearance = per_call_us(
      [&] {
        clearance_path_into(start, portals, agent.inner_corner, nullptr, c);
        g_sink = g_sink + c.path.points.size();
      },
      sample_us);
  if (!c.ok()) return;
  CorridorRegion region;
  TurnsResult t;
  t_turns = per_call_us(
      [&] {
        CorridorShapeOnDemand on_demand(mesh, corridor, region);  // as the plan reads it: only if an arc is tested
        fit_turns_into(c.path.points, on_demand, agent, nullptr, {}, t);
        g_sink = g_sink + t.path.turns.size();
      },
      sample_us);
  if (!t.ok()) return;
  Profile pr;
  t_profile = per_call_us(
      [&] {
        speed_profile_into(t.path, agent, nullptr, pr);
        g_sink = g_sink + pr.pieces.size();
      },
      sample_us);
}

// Times our stages on one pair and appends its times, outcome and route to `run`.
void time_ours(const Scene& scene, const NavMesh& mesh, const Gates& gates, const RandomPair& pair, double sample_us,
               OursRun& run) {
  const bool polygons = mesh.kind == NavMesh::Kind::Polygons;
  const LocateDef def = locate_def(scene.bake);
  double t_locate = kNone, t_search = kNone, t_pf = kNone, t_motion = kNone;
  double t_clearance = kNone, t_turns = kNone, t_profile = kNone;
  Location s, g;
  Route route;
  t_locate = per_call_us(
      [&] {
        s = locate(mesh, pair.start, Endpoint::Start, def);
        g = locate(mesh, pair.goal, Endpoint::Goal, def);
        g_sink = g_sink + size_t(s.poly + g.poly);
      },
      sample_us);
  bool complete = false;
  if (!s.ok() || !g.ok()) {
    ++run.counts.failed;
  } else {
    const SearchQuery q{s.poly, g.poly, s.world(), g.world()};
    SearchResult r;
    t_search = per_call_us(
        [&] {
          search_into(mesh, q, scene.search, &gates.filter, nullptr, r, *run.query);
          g_sink = g_sink + r.corridor.size();
        },
        sample_us);
    if (r.status == Status::Complete) {
      ++run.counts.complete;
      complete = true;
    } else if (r.status == Status::Partial) {
      ++run.counts.partial;
    } else if (r.failure && r.failure->reason == Reason::Disconnected) {
      ++run.counts.disconnected;
    } else {
      ++run.counts.failed;
    }
    if (complete && polygons) {
      PortalsResult p;
      FunnelResult f;
      t_pf = per_call_us(
          [&] {
            build_portals_into(mesh, r.corridor, s.point, g.point, g.height, r.links, p);
            if (p.ok()) funnel_into(s.point, p.portals, nullptr, f, p.tolerance);
            g_sink = g_sink + f.points.size();
          },
          sample_us);
      if (p.ok() && f.ok()) {
        route = Route{r.corridor, f.points};
        MotionResult m;
        t_motion = per_call_us(
            [&] {
              plan_motion_into(mesh, r.corridor, s.point, p.portals, scene.agent, nullptr, m);
              g_sink = g_sink + m.turns.path.turns.size();
            },
            sample_us);
        time_motion_parts(mesh, r.corridor, s.point, p.portals, scene.agent, sample_us, t_clearance, t_turns,
                          t_profile);
      }
    }
  }
  const PlanRequest request{pair.start, pair.goal, {}};
  PlanResult planned;
  const double t_plan = per_call_us(
      [&] {
        plan_into(scene, mesh, request, planned, nullptr, *run.query);
        g_sink = g_sink + planned.funnel.points.size();
      },
      sample_us);
  run.locate.us.push_back(t_locate);
  run.search.us.push_back(t_search);
  run.portals_funnel.us.push_back(t_pf);
  run.motion.us.push_back(t_motion);
  run.clearance.us.push_back(t_clearance);
  run.turns.us.push_back(t_turns);
  run.profile.us.push_back(t_profile);
  run.plan.us.push_back(t_plan);
  run.complete.push_back(complete);
  run.routes.push_back(std::move(route));
}

OursRun run_ours(const Scene& scene, const NavMesh& mesh, const Gates& gates, const std::vector<RandomPair>& pairs,
                 double sample_us) {
  OursRun run;
  for (const RandomPair& pair : pairs) time_ours(scene, mesh, gates, pair, sample_us, run);
  return run;
}

struct Ratios {
  int pairs = 0;
  Ratio search, chain, locate;
  Ratio plan;    // plan() / findNearestPoly ×2 + findPath + findStraightPath
  Ratio motion;  // our motion / our search + portals + funnel (not a Detour ratio: the motion target)
};

Ratios ratios_of(const OursRun& ours, const DetourRun& detour) {
  std::vector<size_t> pick;
  for (size_t i = 0; i < ours.complete.size(); ++i)
    if (ours.complete[i] && detour.complete[i] && !std::isnan(ours.portals_funnel.us[i])) pick.push_back(i);
  Ratios r;
  r.pairs = int(pick.size());
  r.search = ratio_of(ours.search.us, detour.path.us, pick);
  r.chain = ratio_of(sum_of(ours.search.us, ours.portals_funnel.us), sum_of(detour.path.us, detour.straight.us), pick);
  r.locate = ratio_of(ours.locate.us, detour.nearest.us, pick);
  r.plan = ratio_of(ours.plan.us, sum_of(detour.nearest.us, sum_of(detour.path.us, detour.straight.us)), pick);
  std::vector<size_t> moved;
  for (size_t i : pick)
    if (!std::isnan(ours.motion.us[i])) moved.push_back(i);
  r.motion = ratio_of(ours.motion.us, sum_of(ours.search.us, ours.portals_funnel.us), moved);
  return r;
}

// ---- output ----

Json counts_json(const Counts& c) {
  return {{"complete", c.complete}, {"partial", c.partial}, {"disconnected", c.disconnected}, {"failed", c.failed}};
}

Json stage_json(const Stage& s) {
  const Stats st = stats_of(s.us);
  Json j;
  j["queries"] = st.queries;
  j["median_us"] = st.queries ? Json(st.median) : Json(nullptr);
  j["mean_us"] = st.queries ? Json(st.mean) : Json(nullptr);
  return j;
}

// What `--large` generated: the polygons asked for and the bake's time.
struct Generated {
  int target_polygons = 0;
  double bake_ms = 0.0;
};

struct Report {
  std::string scene_file;
  const Scene* scene = nullptr;
  const NavMesh* mesh = nullptr;
  int pairs = 0;
  unsigned long long seed = 0;
  double sample_us = 0.0;
  OursRun ours;
  std::optional<DetourRun> detour;
  std::optional<Ratios> ratios;
  std::optional<OptimalRun> optimal;
  std::optional<Agreement> agreement;
  std::optional<Generated> generated;
  std::optional<BakeTimes> bake;
  const std::vector<RandomPair>* drawn = nullptr;  // the pairs themselves
  std::vector<std::string> notes;
};

Json agreement_json(const Report& rep) {
  const Agreement& a = *rep.agreement;
  Json differing = Json::array();
  for (const Difference& d : a.differing) {
    const RandomPair& p = (*rep.drawn)[size_t(d.pair)];
    differing.push_back({{"pair", d.pair},
                         {"start", point_json(*rep.mesh, p.start.plane, p.start.height)},
                         {"goal", point_json(*rep.mesh, p.goal.plane, p.goal.height)},
                         {"corridor", d.corridor},
                         {"straight_path", d.straight_path}});
  }
  return {{"pairs", a.pairs},
          {"corridor_differs", a.corridor_differs},
          {"straight_path_differs", a.straight_path_differs},
          {"differing", differing}};
}

void print_agreement(const Report& rep) {
  const Agreement& a = *rep.agreement;
  std::printf(
      "\nroutes against Detour's over the %d pairs complete in both: %d corridors differ, %d straight paths "
      "differ\n",
      a.pairs, a.corridor_differs, a.straight_path_differs);
  for (const Difference& d : a.differing) {
    const RandomPair& p = (*rep.drawn)[size_t(d.pair)];
    std::printf("  pair %d from (%.3f, %.3f) to (%.3f, %.3f):%s%s\n", d.pair, p.start.plane.x, p.start.plane.y,
                p.goal.plane.x, p.goal.plane.y, d.corridor ? " corridor differs" : "",
                d.straight_path ? (d.corridor ? ", straight path differs" : " straight path differs") : "");
  }
}

Json optimal_json(const OptimalRun& o) {
  const RatioStats st = ratio_stats(o.ratios);
  const OptimalSpeed sp = optimal_speed(o);
  const auto mm = [](const MeanMedian& m) { return Json{{"mean", m.mean}, {"median", m.median}}; };
  Json j;
  j["stages"] = {{o.polyanya.name, stage_json(o.polyanya)}, {o.chain.name, stage_json(o.chain)}};
  j["speed"] =
      sp.pairs == 0
          ? Json(nullptr)
          : Json{{"pairs", sp.pairs},
                 {"polyanya_vs_search_portals_funnel", {{"median", sp.time_median}, {"of_means", sp.time_of_means}}},
                 {"polyanya_popped", mm(sp.expanded)},
                 {"polyanya_expanded_in_place", mm(sp.expanded_in_place)},
                 {"search_expanded", mm(sp.search_expanded)}};
  j["pairs"] = o.ratios.size();
  j["optimal_share"] = o.ratios.empty() ? Json(nullptr) : Json(st.optimal_share);
  j["longer_than_funnel"] = o.longer_than_funnel;
  j["missed"] = o.missed;
  j["funnel_over_optimal"] =
      o.ratios.empty() ? Json(nullptr) : Json{{"mean", st.mean}, {"p90", st.p90}, {"max", st.max}};
  return j;
}

void print_bake(const BakeTimes& b, int polygons) {
  std::printf("bake: ours %.0f ms (%d polygons, ", b.ms, polygons);
  if (b.tiles > 1)
    std::printf("%d tiles on %d threads)", b.tiles, b.threads);
  else
    std::printf("one tile)");
  if (b.recast)
    std::printf("; Recast's own %.0f ms (%d polygons, %d tile%s, one thread)\n\n", b.recast->ms, b.recast->polygons,
                b.recast->tiles, b.recast->tiles == 1 ? "" : "s");
  else
    std::printf("; Recast's own not built: %s\n\n", b.recast_note.c_str());
}

std::vector<const Stage*> our_stages(const Report& rep) {
  if (rep.mesh->kind == NavMesh::Kind::Graph) return {&rep.ours.locate, &rep.ours.search, &rep.ours.plan};
  return {&rep.ours.locate,    &rep.ours.search, &rep.ours.portals_funnel, &rep.ours.motion,
          &rep.ours.clearance, &rep.ours.turns,  &rep.ours.profile,        &rep.ours.plan};
}

Json report_json(const Report& rep) {
  Json j;
  j["scene"] = rep.scene_file;
  j["source"] = to_string(rep.scene->kind());
  j["polygons"] = rep.mesh->size();
  j["pairs"] = rep.pairs;
  j["seed"] = rep.seed;
  j["generated"] = rep.generated ? Json{{"name", rep.scene->name},
                                        {"target_polygons", rep.generated->target_polygons},
                                        {"bake_ms", rep.generated->bake_ms}}
                                 : Json(nullptr);
  j["bake"] = rep.bake ? bake_json(*rep.bake) : Json(nullptr);
  j["sample_us"] = rep.sample_us;
  const CostModel model = effective_cost_model(*rep.mesh, rep.scene->search);
  j["search"] = {{"algorithm", to_string(rep.scene->search.algorithm)}, {"cost_model", to_string(model)}};
  Json stages = Json::object();
  for (const Stage* s : our_stages(rep)) stages[s->name] = stage_json(*s);
  j["ours"] = {{"counts", counts_json(rep.ours.counts)}, {"stages", stages}};
  if (rep.detour) {
    Json ds = Json::object();
    for (const Stage* s : {&rep.detour->nearest, &rep.detour->path, &rep.detour->straight})
      ds[s->name] = stage_json(*s);
    j["detour"] = {{"counts", counts_json(rep.detour->counts)}, {"stages", ds}};
  } else {
    j["detour"] = nullptr;
  }
  if (rep.ratios && rep.ratios->pairs > 0) {
    j["ratios"] = {{"pairs", rep.ratios->pairs},
                   {"search_vs_find_path", ratio_json(rep.ratios->search)},
                   {"search_portals_funnel_vs_find_path_straight_path", ratio_json(rep.ratios->chain)},
                   {"locate_vs_find_nearest_poly", ratio_json(rep.ratios->locate)},
                   {"plan_vs_find_nearest_poly_find_path_straight_path", ratio_json(rep.ratios->plan)},
                   {"motion_vs_search_portals_funnel", ratio_json(rep.ratios->motion)}};
  } else {
    j["ratios"] = nullptr;
  }
  j["agreement"] = rep.agreement ? agreement_json(rep) : Json(nullptr);
  j["optimal"] = rep.optimal ? optimal_json(*rep.optimal) : Json(nullptr);
  j["notes"] = rep.notes;
  return j;
}

void print_stage_row(const char* who, const char* label, const Stage& s) {
  const Stats st = stats_of(s.us);
  if (st.queries == 0) {
    std::printf("  %-7s %-34s %7d %12s %12s\n", who, label, 0, "-", "-");
    return;
  }
  std::printf("  %-7s %-34s %7d %12.2f %12.2f\n", who, label, st.queries, st.median, st.mean);
}

void print_counts(const char* who, const Counts& c) {
  std::printf("  %-7s %d complete, %d partial, %d disconnected, %d failed\n", who, c.complete, c.partial,
              c.disconnected, c.failed);
}

void print_text(const Report& rep) {
  const CostModel model = effective_cost_model(*rep.mesh, rep.scene->search);
  std::printf("navlab bench %s: %s, %d %s, %d pairs, seed %llu, %s with %s costs, samples >= %g us\n\n",
              rep.scene_file.c_str(), to_string(rep.scene->kind()), rep.mesh->size(),
              rep.mesh->kind == NavMesh::Kind::Graph ? "nodes" : "polygons", rep.pairs, rep.seed,
              to_string(rep.scene->search.algorithm), to_string(model), rep.sample_us);
  if (rep.generated)
    std::printf("generated: %s; %d polygons baked in %.0f ms\n\n", rep.scene->name.c_str(), rep.mesh->size(),
                rep.generated->bake_ms);
  if (rep.bake) print_bake(*rep.bake, rep.mesh->size());
  std::printf("  %-7s %-34s %7s %12s %12s\n", "", "stage (per query)", "queries", "median us", "mean us");
  const bool polygons = rep.mesh->kind == NavMesh::Kind::Polygons;
  print_stage_row("ours", "locate (start and goal)", rep.ours.locate);
  print_stage_row("ours", "search", rep.ours.search);
  if (polygons) {
    print_stage_row("ours", "portals + funnel", rep.ours.portals_funnel);
    print_stage_row("ours", "motion (clearance, turns, profile)", rep.ours.motion);
    print_stage_row("ours", "  clearance path", rep.ours.clearance);
    print_stage_row("ours", "  corridor shape + turns", rep.ours.turns);
    print_stage_row("ours", "  speed profile", rep.ours.profile);
  }
  print_stage_row("ours", "plan() (every stage)", rep.ours.plan);
  if (rep.optimal) print_stage_row("ours", "Polyanya (exact shortest path)", rep.optimal->polyanya);
  if (rep.detour) {
    print_stage_row("Detour", "findNearestPoly (start and goal)", rep.detour->nearest);
    print_stage_row("Detour", "findPath", rep.detour->path);
    print_stage_row("Detour", "findStraightPath", rep.detour->straight);
  }
  std::printf("\nPairs:\n");
  print_counts("ours", rep.ours.counts);
  if (rep.detour) print_counts("Detour", rep.detour->counts);
  if (rep.ratios && rep.ratios->pairs > 0) {
    std::printf("\nours / Detour over the %d pairs complete in both (median of per-pair ratios, ratio of means):\n",
                rep.ratios->pairs);
    std::printf("  %-58s %8.2f %8.2f\n", "search / findPath", rep.ratios->search.median, rep.ratios->search.of_means);
    std::printf("  %-58s %8.2f %8.2f\n", "search + portals + funnel / findPath + findStraightPath",
                rep.ratios->chain.median, rep.ratios->chain.of_means);
    std::printf("  %-58s %8.2f %8.2f\n", "locate / findNearestPoly", rep.ratios->locate.median,
                rep.ratios->locate.of_means);
    std::printf("  %-58s %8.2f %8.2f\n", "plan() / findNearestPoly x2 + findPath + findStraightPath",
                rep.ratios->plan.median, rep.ratios->plan.of_means);
    std::printf("  %-58s %8.2f %8.2f\n", "(ours) motion / search + portals + funnel", rep.ratios->motion.median,
                rep.ratios->motion.of_means);
  }
  if (rep.agreement) print_agreement(rep);
  if (rep.optimal) print_optimal(*rep.optimal);
  if (!rep.notes.empty()) std::printf("\n");
  for (const std::string& n : rep.notes) std::printf("Note: %s\n", n.c_str());
}

// The numbers of --pairs, --seed, --sample-us and --large, each with its default.
struct BenchNumbers {
  unsigned long long pairs = 200, seed = 1;
  double sample_us = 200.0;
  unsigned long long target = kScalingLargest;  // --large, or --scaling's largest level
};

// Reads the numbers of `navlab bench`'s arguments, or fails with the usage error.
Result<BenchNumbers> bench_numbers(const Args& args, bool scaling) {
  BenchNumbers n;
  if (scaling) n.pairs = 100;
  const auto count = [&](const char* flag, unsigned long long lo, unsigned long long hi,
                         unsigned long long& out) -> Result<void> {
    if (const auto v = args.value(flag)) {
      const Result<unsigned long long> c = parse_count(flag, *v, lo, hi);
      if (!c) return Error{c.error()};
      out = c.value();
    }
    return {};
  };
  if (Result<void> r = count("--pairs", 1, 100000, n.pairs); !r) return Error{r.error()};
  if (Result<void> r = count("--seed", 0, std::numeric_limits<unsigned long long>::max(), n.seed); !r)
    return Error{r.error()};
  if (const auto v = args.value("--sample-us")) {
    const Result<double> us = parse_positive("--sample-us", *v, 1e6);
    if (!us) return Error{us.error()};
    n.sample_us = us.value();
  }
  if (Result<void> r = count("--large", kLargeMin, kLargeMax, n.target); !r) return Error{r.error()};
  return n;
}

}  // namespace

namespace bench {

double median_of(std::vector<double> v) {
  if (v.empty()) return kNone;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

Stats stats_of(const std::vector<double>& per_pair) {
  std::vector<double> v;
  for (double x : per_pair)
    if (!std::isnan(x)) v.push_back(x);
  Stats s;
  s.queries = int(v.size());
  if (v.empty()) return s;
  double sum = 0.0;
  for (double x : v) sum += x;
  s.mean = sum / double(v.size());
  s.median = median_of(v);
  return s;
}

Ratio ratio_of(const std::vector<double>& ours, const std::vector<double>& detour, const std::vector<size_t>& pick) {
  std::vector<double> per_pair;
  double sum_ours = 0.0, sum_detour = 0.0;
  for (size_t i : pick) {
    per_pair.push_back(ours[i] / detour[i]);
    sum_ours += ours[i];
    sum_detour += detour[i];
  }
  Ratio r;
  if (per_pair.empty()) return r;
  r.median = median_of(per_pair);
  r.of_means = sum_ours / sum_detour;
  return r;
}

std::vector<double> sum_of(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i] + b[i];
  return out;
}

void keep_fastest(OursRun& into, const OursRun& other) {
  for (auto stage : {&OursRun::locate, &OursRun::search, &OursRun::portals_funnel, &OursRun::motion, &OursRun::plan,
                     &OursRun::clearance, &OursRun::turns, &OursRun::profile})
    keep_fastest(into.*stage, other.*stage);
}

// Ours and Detour pair by pair: each pair is timed kRounds times on both sides in turn (ours, Detour,
// ours, Detour) and keeps its fastest time per stage, so that load which comes and goes on a shared
// machine falls on both sides of a pair's ratio alike. Our run goes to `ours`, Detour's is returned.
DetourRun run_interleaved(const Scene& scene, const NavMesh& mesh, const Gates& gates,
                          const std::vector<RandomPair>& pairs, double sample_us, DetourTimer& detour, OursRun& ours) {
  OursRun our_rounds[kRounds];
  DetourRun detour_rounds[kRounds];
  for (const RandomPair& pair : pairs)
    for (int round = 0; round < kRounds; ++round) {
      time_ours(scene, mesh, gates, pair, sample_us, our_rounds[round]);
      detour.time(pair, sample_us, detour_rounds[round]);
    }
  for (int round = 1; round < kRounds; ++round) {
    keep_fastest(our_rounds[0], our_rounds[round]);
    keep_fastest(detour_rounds[0], detour_rounds[round]);
  }
  ours = std::move(our_rounds[0]);
  return std::move(detour_rounds[0]);
}

nlohmann::ordered_json ratio_json(const Ratio& r) { return {{"median", r.median}, {"of_means", r.of_means}}; }

nlohmann::ordered_json bake_json(const BakeTimes& b) {
  return {{"ms", b.ms},
          {"tiles", b.tiles},
          {"threads", b.threads},
          {"recast", b.recast ? nlohmann::ordered_json{{"ms", b.recast->ms},
                                                       {"polygons", b.recast->polygons},
                                                       {"tiles", b.recast->tiles}}
                              : nlohmann::ordered_json(nullptr)},
          {"recast_note", b.recast_note}};
}

}  // namespace bench

int run_bench(const std::vector<std::string>& argv) {
  const Command& cmd = *find_command("bench");
  Args args(argv, {"--pairs", "--seed", "--sample-us", "--large", "--large-kind"}, {"--text", "--scaling"});
  if (!args.ok()) return usage_error(cmd, args.error());
  const bool large = args.value("--large").has_value();
  const bool scaling = args.has("--scaling");
  const std::optional<std::string> kind = args.value("--large-kind");
  if (kind && !large && !scaling) return usage_error(cmd, "--large-kind needs --large N or --scaling");
  if (scaling && !args.positional().empty())
    return usage_error(cmd, "--scaling generates the levels: give no SCENE file");
  if (kind && *kind != "floorplan" && *kind != "mesh")
    return usage_error(cmd, "--large-kind expects floorplan or mesh, got '" + *kind + "'");
  if (large && !scaling && !args.positional().empty())
    return usage_error(cmd, "--large generates the level: give no SCENE file");
  if (!large && !scaling && args.positional().size() != 1)
    return usage_error(cmd, "expected one SCENE file (or --large N, or --scaling)");

  const Result<BenchNumbers> numbers = bench_numbers(args, scaling);
  if (!numbers) return usage_error(cmd, numbers.error());
  const auto [pairs_n, seed, sample_us, target] = numbers.value();
  const std::vector<int> levels = scaling ? scaling_levels(int(target)) : std::vector<int>{int(target)};
  if (Result<void> time = check_bench_time(pairs_n, sample_us, int(levels.size())); !time)
    return usage_error(cmd, time.error());
  if (scaling) return run_scaling(levels, kind == "mesh", pairs_n, seed, sample_us, args.has("--text"));

  const std::string scene_file = large ? "--large " + std::to_string(target) : args.positional()[0];
  std::optional<ObjMesh> soup;
  std::optional<LoadedScene> loaded =
      large ? generate_level(int(target), kind == "mesh", seed, soup) : load_scene_and_mesh(scene_file);
  if (!loaded) return kExitUsage;
  const Scene& scene = loaded->scene;
  const NavMesh& mesh = loaded->mesh;
  const Result<Gates> gates = make_gates(scene, mesh);
  if (!gates) {
    std::fprintf(stderr, "navlab bench: %s\n", gates.error().c_str());
    return kExitUsage;
  }
  const std::vector<RandomPair> pairs = random_pairs(mesh, int(pairs_n), seed);
  if (pairs.empty()) {
    std::fprintf(stderr, "navlab bench: %s: the navmesh has no area (or no node) to draw points from\n",
                 scene_file.c_str());
    return kExitUsage;
  }

  Report rep;
  rep.scene_file = scene_file;
  if (large) rep.generated = Generated{int(target), loaded->mesh.baked ? loaded->mesh.baked->bake_ms : 0.0};
  rep.bake = time_bakes(scene, mesh, soup ? &*soup : nullptr);
  rep.scene = &scene;
  rep.mesh = &mesh;
  rep.pairs = int(pairs.size());
  rep.drawn = &pairs;
  rep.seed = seed;
  rep.sample_us = sample_us;
  if (mesh.kind == NavMesh::Kind::Polygons) rep.optimal = run_optimal(scene, mesh, gates.value(), pairs, sample_us);
  if (mesh.kind == NavMesh::Kind::Graph) {
    rep.ours = run_ours(scene, mesh, gates.value(), pairs, sample_us);
    rep.notes.push_back("Detour does not apply: a graph scene has no polygon mesh.");
  } else if (!mesh.baked) {
    rep.ours = run_ours(scene, mesh, gates.value(), pairs, sample_us);
    rep.notes.push_back("Detour does not apply: a hand-authored navmesh is not baked, so there is no Detour mesh.");
  } else {
    const Result<std::unique_ptr<DetourTimer>> detour = DetourTimer::create(scene, mesh);
    if (!detour) {
      std::fprintf(stderr, "navlab bench: %s\n", detour.error().c_str());
      return kExitUsage;
    }
    DetourRun d = run_interleaved(scene, mesh, gates.value(), pairs, sample_us, *detour.value(), rep.ours);
    rep.ratios = ratios_of(rep.ours, d);
    rep.agreement = agreement_of(rep.ours.routes, rep.ours.complete, d);
    rep.detour = std::move(d);
    if (scene.search.algorithm != Algorithm::AStar ||
        effective_cost_model(mesh, scene.search) != CostModel::EdgeMidpoints)
      rep.notes.push_back("Detour's findPath is A* with edge-midpoint costs; this scene's search is not.");
    bool gated = false;
    for (int b : gates->filter.node_block) gated = gated || b >= 0;
    for (const DoorGate& d2 : gates->doors) gated = gated || !d2.open;
    if (gated)
      rep.notes.push_back(
          "Closed doors and excluded areas gate our search only: Detour's default filter ignores them.");
  }

  if (args.has("--text"))
    print_text(rep);
  else
    std::printf("%s\n", readable_json(report_json(rep)).c_str());
  return kExitOk;
}

}  // namespace navlab::cli
