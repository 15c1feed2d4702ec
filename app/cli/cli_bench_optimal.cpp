// `navlab bench`'s exact shortest path: Polyanya timed on the same pairs as the other stages, and the
// usual plan's path length over the optimal one.
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

// The usual plan's path length: the funnel through the searched corridor; NaN unless complete.
double funnel_length(const Scene& scene, const NavMesh& mesh, const Gates& gates, const Location& s,
                     const Location& g) {
  const SearchResult r = search(mesh, SearchQuery{s.poly, g.poly, s.world(), g.world()}, scene.search, &gates.filter);
  if (r.status != Status::Complete) return kNone;
  const PortalsResult p = build_portals(mesh, r.corridor, s.point, g.point, g.height, r.links);
  if (!p.ok()) return kNone;
  const FunnelResult f = funnel(s.point, p.portals);
  return f.ok() ? f.length : kNone;
}

}  // namespace

OptimalRun run_optimal(const Scene& scene, const NavMesh& mesh, const Gates& gates,
                       const std::vector<RandomPair>& pairs, double sample_us) {
  OptimalRun run;
  const LocateDef def = locate_def(scene.bake);
  const PolyanyaMeshInfo info = polyanya_mesh_info(mesh, &gates.filter);
  for (const RandomPair& pair : pairs) {
    const Location s = locate(mesh, pair.start, Endpoint::Start, def);
    const Location g = locate(mesh, pair.goal, Endpoint::Goal, def);
    double t = kNone;
    if (s.ok() && g.ok()) {
      const PolyanyaQuery q{s.point, g.point, s.poly, g.poly};
      PolyanyaResult r;
      t = per_call_us(
          [&] {
            r = polyanya(mesh, info, q, &gates.filter);
            g_sink = g_sink + r.path.size();
          },
          sample_us);
      const double fl = funnel_length(scene, mesh, gates, s, g);
      if (r.status == Status::Complete && r.length > 0.0 && !std::isnan(fl)) run.ratios.push_back(fl / r.length);
    }
    run.polyanya.us.push_back(t);
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

void print_optimal(const OptimalRun& o) {
  const RatioStats st = ratio_stats(o.ratios);
  std::printf("\nusual plan's path length / exact shortest length over %zu pairs:\n", o.ratios.size());
  if (o.ratios.empty()) return;
  std::printf("  mean %.4f, 90th percentile %.4f, max %.4f; optimal in %.1f%% of the pairs\n", st.mean, st.p90,
              st.max, 100.0 * st.optimal_share);
}

}  // namespace navlab::cli::bench
