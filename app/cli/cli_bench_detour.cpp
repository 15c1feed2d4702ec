// `navlab bench`: Detour's side of the comparison (findNearestPoly, findPath, findStraightPath on the
// same pairs) and the pair-by-pair agreement of the routes.
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <DetourStatus.h>

#include <algorithm>
#include <utility>

#include "cli_bench.h"
#include "locate.h"
#include "navmesh_build.h"

namespace navlab::cli::bench {

volatile std::size_t g_sink = 0;

namespace {

// Detour works in float: at 400 m from the origin a float's step is 3e-5 m, and a corner it computes
// from a portal carries a few such steps. A straight-path point within a millimetre of ours is the same
// corner.
constexpr double kStraightPathTolerance = 1e-3;  // m
// A point this close to the segment between its neighbours turns by no angle: float and double
// arithmetic keep different ones of them (e.g. along a diagonal of cells), so both sides drop them.
constexpr double kCollinearTolerance = 1e-4;  // m

// Detour's path as navmesh polygon indices (its off-mesh connections left out: our corridor lists the
// ground polygons a link joins), and its straight path in the planning plane.
Route route_of(const NavMesh& mesh, const dtPolyRef* path, int count, const float* straight, int points) {
  Route r;
  for (int i = 0; i < count; ++i)
    if (const int poly = mesh.baked->poly_of(path[i]); poly >= 0 && poly < mesh.size()) r.corridor.push_back(poly);
  for (int i = 0; i < points; ++i)
    r.straight.push_back(to_plane({straight[3 * i], straight[3 * i + 1], straight[3 * i + 2]}));
  return r;
}

std::vector<Vec2> without_collinear(std::vector<Vec2> pts) {
  for (size_t i = 1; i + 1 < pts.size();) {
    if (distance_to_segment(pts[i], pts[i - 1], pts[i + 1]) <= kCollinearTolerance)
      pts.erase(pts.begin() + long(i));
    else
      ++i;
  }
  return pts;
}

bool same_straight_path(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
  const std::vector<Vec2> x = without_collinear(a), y = without_collinear(b);
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (distance(x[i], y[i]) > kStraightPathTolerance) return false;
  return true;
}

}  // namespace

struct DetourTimer::Query {
  dtNavMeshQuery query;
  dtQueryFilter filter;
  float ext[3] = {0, 0, 0};
  int max_path = 1;
  std::vector<dtPolyRef> path, straight_refs;
  std::vector<float> straight;
  std::vector<unsigned char> straight_flags;
};

DetourTimer::DetourTimer(const NavMesh& mesh) : mesh_(mesh), q_(std::make_unique<Query>()) {}

Result<std::unique_ptr<DetourTimer>> DetourTimer::create(const Scene& scene, const NavMesh& mesh) {
  std::unique_ptr<DetourTimer> timer(new DetourTimer(mesh));
  if (Result<void> r = timer->init(scene); !r) return Error{r.error()};
  return timer;
}

Result<void> DetourTimer::init(const Scene& scene) {
  const NavMesh& mesh = mesh_;
  const dtNavMesh* nav = mesh.baked->detour.get();
  const int n = mesh.size();
  if (dtStatusFailed(q_->query.init(nav, std::clamp(n + 1, 64, 65535))))
    return Error{"Detour could not create a navmesh query"};
  // Detour's filter carries our per-polygon cost multipliers as area costs.
  for (int i = 0; i < n; ++i) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    if (dtStatusFailed(nav->getTileAndPolyByRef(mesh.baked->ref(i), &tile, &poly)))
      return Error{"polygon " + std::to_string(i) + " of the baked mesh is not in its Detour mesh"};
    q_->filter.setAreaCost(poly->getArea(), float(mesh.polys[size_t(i)].cost));
  }
  const LocateDef def = locate_def(scene.bake);
  q_->ext[0] = q_->ext[2] = float(def.half_extent_xz);
  q_->ext[1] = float(def.half_extent_y);
  q_->max_path = std::max(n, 1);
  const size_t max_straight = size_t(q_->max_path) + 2;
  q_->path.resize(size_t(q_->max_path));
  q_->straight_refs.resize(max_straight);
  q_->straight.resize(3 * max_straight);
  q_->straight_flags.resize(max_straight);
  return {};
}

DetourTimer::~DetourTimer() = default;

void DetourTimer::time(const RandomPair& pair, double sample_us, DetourRun& run) {
  dtNavMeshQuery& query = q_->query;
  const dtQueryFilter* filter = &q_->filter;
  const Vec3 ws = pair.start.world(), wg = pair.goal.world();
  const float sp[3] = {float(ws.x), float(ws.y), float(ws.z)}, gp[3] = {float(wg.x), float(wg.y), float(wg.z)};
  float sn[3] = {0, 0, 0}, gn[3] = {0, 0, 0};
  dtPolyRef sref = 0, gref = 0;
  const double t_nearest = per_call_us(
      [&] {
        query.findNearestPoly(sp, q_->ext, filter, &sref, sn);
        query.findNearestPoly(gp, q_->ext, filter, &gref, gn);
        g_sink = g_sink + sref + gref;
      },
      sample_us);
  double t_path = kNone, t_straight = kNone;
  bool complete = false;
  Route route;
  if (sref == 0 || gref == 0) {
    ++run.counts.failed;
  } else {
    int count = 0;
    dtStatus st = 0;
    t_path = per_call_us(
        [&] {
          st = query.findPath(sref, gref, sn, gn, filter, q_->path.data(), &count, q_->max_path);
          g_sink = g_sink + size_t(count);
        },
        sample_us);
    if (dtStatusFailed(st) || count == 0) {
      ++run.counts.failed;
    } else if (q_->path[size_t(count) - 1] != gref) {
      ++run.counts.disconnected;
    } else {
      ++run.counts.complete;
      complete = true;
      int points = 0;
      t_straight = per_call_us(
          [&] {
            query.findStraightPath(sn, gn, q_->path.data(), count, q_->straight.data(), q_->straight_flags.data(),
                                   q_->straight_refs.data(), &points, q_->max_path + 2, 0);
            g_sink = g_sink + size_t(points);
          },
          sample_us);
      route = route_of(mesh_, q_->path.data(), count, q_->straight.data(), points);
    }
  }
  run.nearest.us.push_back(t_nearest);
  run.path.us.push_back(t_path);
  run.straight.us.push_back(t_straight);
  run.complete.push_back(complete);
  run.routes.push_back(std::move(route));
}

void keep_fastest(DetourRun& into, const DetourRun& other) {
  keep_fastest(into.nearest, other.nearest);
  keep_fastest(into.path, other.path);
  keep_fastest(into.straight, other.straight);
}

Agreement agreement_of(const std::vector<Route>& ours, const std::vector<bool>& ours_complete,
                       const DetourRun& detour) {
  Agreement a;
  for (size_t i = 0; i < ours.size() && i < detour.routes.size(); ++i) {
    if (!ours_complete[i] || !detour.complete[i]) continue;
    ++a.pairs;
    Difference d{int(i), ours[i].corridor != detour.routes[i].corridor,
                 !same_straight_path(ours[i].straight, detour.routes[i].straight)};
    a.corridor_differs += d.corridor;
    a.straight_path_differs += d.straight_path;
    if (d.corridor || d.straight_path) a.differing.push_back(d);
  }
  return a;
}

}  // namespace navlab::cli::bench
