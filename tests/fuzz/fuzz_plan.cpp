// libFuzzer target: planning on fuzzed meshes and queries. The bytes choose a grid of cells, each a quad,
// two triangles or a hole, with vertices snapped onto a coarse lattice (so portals can be degenerate and
// polygons collinear or non-convex: the builder must refuse those with a message), start and goal points
// on vertices, on edges or anywhere, and agent parameters from tiny to huge within the scene limits.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "navmesh_build.h"
#include "plan.h"
#include "scene.h"

namespace {

using namespace navlab;

constexpr int kMaxCells = 6;  // cells per side

// A positive value from 1e-6 to 1e6 (log-uniform), or exactly `typical`.
double positive(FuzzedDataProvider& in, double typical) {
  if (in.ConsumeBool()) return typical;
  return std::pow(10.0, in.ConsumeFloatingPointInRange<double>(-6.0, 6.0));
}

Vec2 lattice(FuzzedDataProvider& in, double cell) {
  const double q = cell / 4.0;  // snapping makes coincident and collinear vertices likely
  return {q * in.ConsumeIntegralInRange<int>(-1, 4 * kMaxCells + 1),
          q * in.ConsumeIntegralInRange<int>(-1, 4 * kMaxCells + 1)};
}

Scene::Navmesh grid_mesh(FuzzedDataProvider& in, int n, double cell) {
  Scene::Navmesh def;
  for (int y = 0; y <= n; ++y)
    for (int x = 0; x <= n; ++x) {
      const double jx = 0.25 * cell * in.ConsumeIntegralInRange<int>(-1, 1) * in.ConsumeBool();
      const double jy = 0.25 * cell * in.ConsumeIntegralInRange<int>(-1, 1) * in.ConsumeBool();
      def.vertices.push_back({x * cell + jx, y * cell + jy});
    }
  auto id = [n](int x, int y) { return y * (n + 1) + x; };
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const int a = id(x, y), b = id(x + 1, y), c = id(x + 1, y + 1), d = id(x, y + 1);
      switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0:
          def.polygons.push_back({a, b, c, d});
          break;
        case 1:
          def.polygons.push_back({a, b, c}), def.polygons.push_back({a, c, d});
          break;
        case 2:
          def.polygons.push_back({a, b, d}), def.polygons.push_back({b, c, d});
          break;
        default:
          break;  // a hole
      }
    }
  if (def.polygons.empty()) def.polygons.push_back({id(0, 0), id(1, 0), id(1, 1)});
  return def;
}

ScenePoint query_point(FuzzedDataProvider& in, const Scene::Navmesh& def, double cell) {
  ScenePoint p;
  const std::vector<int>& poly = def.polygons[in.ConsumeIntegralInRange<size_t>(0, def.polygons.size() - 1)];
  const size_t k = in.ConsumeIntegralInRange<size_t>(0, poly.size() - 1);
  const Vec2 a = def.vertices[poly[k]], b = def.vertices[poly[(k + 1) % poly.size()]];
  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 0:
      p.plane = a;
      break;  // on a vertex
    case 1:
      p.plane = a + (b - a) * in.ConsumeProbability<double>();
      break;  // on an edge
    default:
      p.plane = lattice(in, cell);
      break;  // anywhere near the mesh
  }
  return p;
}

void fuzz_agent(FuzzedDataProvider& in, AgentDef& a) {
  a.radius = in.ConsumeBool() ? 0.0 : positive(in, a.radius);
  a.max_speed = positive(in, a.max_speed);
  a.accel = positive(in, a.accel);
  a.brake_decel = positive(in, a.brake_decel);
  a.lateral_accel = positive(in, a.lateral_accel);
  a.max_accel = positive(in, a.max_accel);
  a.turn_radius = positive(in, a.turn_radius);
  a.min_turn_radius = std::min(a.turn_radius, in.ConsumeBool() ? 0.0 : positive(in, a.min_turn_radius));
  a.max_turn_rate = positive(in, a.max_turn_rate);
  a.can_turn_in_place = in.ConsumeBool();
  a.corner_mode = static_cast<CornerMode>(in.ConsumeIntegralInRange<int>(0, 2));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int n = in.ConsumeIntegralInRange<int>(1, kMaxCells);
  const double cell = positive(in, 1.0);
  Scene scene;
  const Scene::Navmesh& grid = scene.source.emplace<Scene::Navmesh>(grid_mesh(in, n, cell));
  Result<NavMesh> mesh = build_hand_authored(grid, "fuzz");
  if (!mesh) return 0;
  fuzz_agent(in, scene.agent);
  scene.search.algorithm = in.ConsumeBool() ? Algorithm::AStar : Algorithm::Dijkstra;
  for (int i = in.ConsumeIntegralInRange<int>(1, 3); i > 0; --i) {
    PlanRequest req;
    req.start = query_point(in, grid, cell);
    req.goal = query_point(in, grid, cell);
    (void)plan(scene, mesh.value(), req);
  }
  return 0;
}
