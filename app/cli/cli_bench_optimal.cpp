// `navlab bench`'s exact shortest path: Polyanya timed on the same pairs as the other stages, beside the
// usual chain (A* + portals + funnel) timed pair by pair with it, the nodes each expands, and the usual
// plan's path length over the optimal one.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_bench.h"
#include "funnel.h"
#include "locate.h"
#include "polyanya.h"
#include "portals.h"
#include "search.h"

namespace navlab::cli::bench {
namespace {

// A funnel length within this relative distance of the optimal length counts as optimal.
constexpr double kOptimalRelTolerance = 1e-9;

// The usual chain on one pair, into results reused from call to call (as the other stages are timed).
struct Chain {
  SearchResult search;
  PortalsResult portals;
  FunnelResult funnel;
  // search + portals + funnel; the funnel's length, NaN unless the search completes.
  double run(const Scene& scene, const NavMesh& mesh, const Gates& gates, const Location& s, const Location& g) {
    search_into(mesh, SearchQuery{s.poly, g.poly, s.world(), g.world()}, scene.search, &gates.filter, nullptr, search);
    if (search.status != Status::Complete) return kNone;
    build_portals_into(mesh, search.corridor, s.point, g.point, g.height, search.links, portals);
    if (!portals.ok()) return kNone;
    funnel_into(s.point, portals.portals, nullptr, funnel, portals.tolerance);
    return funnel.ok() ? funnel.length : kNone;
  }
};

double mean_of(const std::vector<double>& v) {
  if (v.empty()) return kNone;
  double sum = 0.0;
  for (double x : v) sum += x;
  return sum / double(v.size());
}

}  // namespace

OptimalRun run_optimal(const Scene& scene, const NavMesh& mesh, const Gates& gates,
                       const std::vector<RandomPair>& pairs, double sample_us) {
  OptimalRun run;
  const LocateDef def = locate_def(scene.bake);
  const PolyanyaMeshInfo info = polyanya_mesh_info(mesh, &gates.filter);
  Chain chain;
  for (const RandomPair& pair : pairs) {
    const Location s = locate(mesh, pair.start, Endpoint::Start, def);
    const Location g = locate(mesh, pair.goal, Endpoint::Goal, def);
    double t = kNone, t_chain = kNone;
    if (s.ok() && g.ok()) {
      const PolyanyaQuery q{s.point, g.point, s.poly, g.poly};
      PolyanyaResult r;
      t = per_call_us(
          [&] {
            r = polyanya(mesh, info, q, &gates.filter);
            g_sink = g_sink + r.path.size();
          },
          sample_us);
      double fl = kNone;
      t_chain = per_call_us(
          [&] {
            fl = chain.run(scene, mesh, gates, s, g);
            g_sink = g_sink + chain.search.corridor.size();
          },
          sample_us);
      if (r.status == Status::Complete && chain.search.status == Status::Complete) {
        run.expanded.push_back(double(r.expanded));
        run.expanded_in_place.push_back(double(r.expanded_in_place));
        run.search_expanded.push_back(double(chain.search.expanded));
        run.both_polyanya_us.push_back(t);
        run.both_chain_us.push_back(t_chain);
      }
      if (r.status == Status::Complete && r.length > 0.0 && !std::isnan(fl)) run.ratios.push_back(fl / r.length);
      // The exact path is never longer than the funnel's, and found wherever A* finds a corridor.
      if (r.status == Status::Complete && !std::isnan(fl) && r.length > fl * (1.0 + kOptimalRelTolerance))
        ++run.longer_than_funnel;
      if (r.status != Status::Complete && chain.search.status == Status::Complete) ++run.missed;
    }
    run.polyanya.us.push_back(t);
    run.chain.us.push_back(t_chain);
  }
  return run;
}

RatioStats ratio_stats(std::vector<double> v) {
  RatioStats st;
  if (v.empty()) return st;
  std::sort(v.begin(), v.end());
  double sum = 0.0;
  int optimal = 0;
  for (double x : v) {
    sum += x;
    optimal += x <= 1.0 + kOptimalRelTolerance;
  }
  st.mean = sum / double(v.size());
  st.p90 = v[size_t(std::ceil(0.9 * double(v.size()))) - 1];
  st.max = v.back();
  st.optimal_share = double(optimal) / double(v.size());
  return st;
}

OptimalSpeed optimal_speed(const OptimalRun& o) {
  OptimalSpeed sp;
  sp.pairs = int(o.both_polyanya_us.size());
  std::vector<double> ratios;
  for (size_t i = 0; i < o.both_polyanya_us.size(); ++i) ratios.push_back(o.both_polyanya_us[i] / o.both_chain_us[i]);
  sp.time_median = median_of(ratios);
  sp.time_of_means = sp.pairs > 0 ? mean_of(o.both_polyanya_us) / mean_of(o.both_chain_us) : kNone;
  sp.expanded = {mean_of(o.expanded), median_of(o.expanded)};
  sp.expanded_in_place = {mean_of(o.expanded_in_place), median_of(o.expanded_in_place)};
  sp.search_expanded = {mean_of(o.search_expanded), median_of(o.search_expanded)};
  return sp;
}

void print_optimal(const OptimalRun& o) {
  const OptimalSpeed sp = optimal_speed(o);
  if (sp.pairs > 0) {
    std::printf("\nPolyanya / (search + portals + funnel), timed pair by pair, over the %d pairs complete in both:\n",
                sp.pairs);
    std::printf("  time: median of per-pair ratios %.2f, ratio of means %.2f\n", sp.time_median, sp.time_of_means);
    std::printf(
        "  nodes per query, mean (median): Polyanya popped %.1f (%.0f) and expanded at once %.1f (%.0f); "
        "A* expanded %.1f (%.0f)\n",
        sp.expanded.mean, sp.expanded.median, sp.expanded_in_place.mean, sp.expanded_in_place.median,
        sp.search_expanded.mean, sp.search_expanded.median);
  }
  std::printf(
      "\nPolyanya's path longer than the funnel's: %d pairs; no exact path where A* found a corridor: %d "
      "pairs (both must be 0)\n",
      o.longer_than_funnel, o.missed);
  const RatioStats st = ratio_stats(o.ratios);
  std::printf("\nusual plan's path length / exact shortest length over %zu pairs:\n", o.ratios.size());
  if (o.ratios.empty()) return;
  std::printf("  mean %.4f, 90th percentile %.4f, max %.4f; optimal in %.1f%% of the pairs\n", st.mean, st.p90, st.max,
              100.0 * st.optimal_share);
}

}  // namespace navlab::cli::bench
