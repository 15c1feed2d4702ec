#include "random_pairs.h"

#include <algorithm>
#include <random>

namespace navlab {

namespace {

// Uniform in [0, 1) from the top 53 bits of one raw draw.
double uniform01(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

// Uniform integer in [0, n) (n >= 1); the modulo bias is below 2^-40 for any mesh size used here.
int uniform_index(std::mt19937_64& rng, int n) { return int(rng() % std::uint64_t(n)); }

// Index of the first cumulative weight above u * total.
int pick_weighted(const std::vector<double>& cumulative, double u) {
  const double target = u * cumulative.back();
  const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), target);
  return std::min(int(it - cumulative.begin()), int(cumulative.size()) - 1);
}

// A uniform point of polygon `poly`: fan triangle (verts[0], verts[k], verts[k+1]) by area, then a
// uniform point of that triangle (reflected barycentric coordinates).
ScenePoint point_in_polygon(const NavMesh& mesh, int poly, std::mt19937_64& rng) {
  const NavPoly& p = mesh.polys[poly];
  std::vector<double> cumulative;
  double total = 0.0;
  for (size_t k = 1; k + 1 < p.verts.size(); ++k) {
    total += std::max(0.0, orient(mesh.verts[p.verts[0]], mesh.verts[p.verts[k]], mesh.verts[p.verts[k + 1]]));
    cumulative.push_back(total);
  }
  const int tri = total > 0.0 ? pick_weighted(cumulative, uniform01(rng)) : 0;
  double s = uniform01(rng), t = uniform01(rng);
  if (s + t > 1.0) {
    s = 1.0 - s;
    t = 1.0 - t;
  }
  const int ia = p.verts[0], ib = p.verts[tri + 1], ic = p.verts[tri + 2];
  const Vec2 a = mesh.verts[ia], b = mesh.verts[ib], c = mesh.verts[ic];
  ScenePoint out;
  out.plane = a + (b - a) * s + (c - a) * t;
  out.is3d = mesh.is3d;
  if (mesh.is3d) {
    const double ha = mesh.height(ia);
    out.height = ha + (mesh.height(ib) - ha) * s + (mesh.height(ic) - ha) * t;
  }
  return out;
}

double polygon_area(const NavMesh& mesh, int poly) {
  const NavPoly& p = mesh.polys[poly];
  double area2 = 0.0;
  for (size_t k = 1; k + 1 < p.verts.size(); ++k)
    area2 += std::max(0.0, orient(mesh.verts[p.verts[0]], mesh.verts[p.verts[k]], mesh.verts[p.verts[k + 1]]));
  return 0.5 * area2;
}

std::vector<RandomPair> graph_pairs(const NavMesh& mesh, int count, std::mt19937_64& rng) {
  const int n = int(mesh.nodes.size());
  std::vector<RandomPair> pairs;
  pairs.reserve(size_t(count));
  for (int i = 0; i < count; ++i) {
    RandomPair p;
    p.start_poly = uniform_index(rng, n);
    p.goal_poly = n > 1 ? (p.start_poly + 1 + uniform_index(rng, n - 1)) % n : p.start_poly;
    p.start.node = mesh.nodes[p.start_poly].id;
    p.start.plane = mesh.nodes[p.start_poly].pos;
    p.goal.node = mesh.nodes[p.goal_poly].id;
    p.goal.plane = mesh.nodes[p.goal_poly].pos;
    pairs.push_back(std::move(p));
  }
  return pairs;
}

}  // namespace

std::vector<RandomPair> random_pairs(const NavMesh& mesh, int count, std::uint64_t seed) {
  if (count <= 0 || mesh.size() == 0) return {};
  std::mt19937_64 rng(seed);
  if (mesh.kind == NavMesh::Kind::Graph) return graph_pairs(mesh, count, rng);

  std::vector<double> cumulative;
  cumulative.reserve(mesh.polys.size());
  double total = 0.0;
  for (int i = 0; i < int(mesh.polys.size()); ++i) {
    total += polygon_area(mesh, i);
    cumulative.push_back(total);
  }
  if (!(total > 0.0)) return {};
  std::vector<RandomPair> pairs;
  pairs.reserve(size_t(count));
  for (int i = 0; i < count; ++i) {
    RandomPair p;
    p.start_poly = pick_weighted(cumulative, uniform01(rng));
    p.start = point_in_polygon(mesh, p.start_poly, rng);
    p.goal_poly = pick_weighted(cumulative, uniform01(rng));
    p.goal = point_in_polygon(mesh, p.goal_poly, rng);
    pairs.push_back(std::move(p));
  }
  return pairs;
}

}  // namespace navlab
