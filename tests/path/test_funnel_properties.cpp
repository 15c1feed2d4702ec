// Property tests of the funnel on seeded random corridors (convex triangle strips): the path stays in
// the corridor, is no longer than the midpoint path, and equals the shortest path inside the corridor
// computed independently (visibility graph over the corridor boundary + Dijkstra).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "corridor_check.h"
#include "funnel.h"
#include "navmesh_build.h"
#include "portals.h"

namespace navlab {
namespace {

struct RandomCorridor {
  NavMesh mesh;
  std::vector<int> corridor;
  std::vector<Vec2> boundary;  // counter-clockwise outline of the strip
  Vec2 start, goal;
};

int sgn(double v, double eps) { return v > eps ? 1 : (v < -eps ? -1 : 0); }

bool segments_touch(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double eps) {
  const int d1 = sgn(orient(c, d, a), eps), d2 = sgn(orient(c, d, b), eps);
  const int d3 = sgn(orient(a, b, c), eps), d4 = sgn(orient(a, b, d), eps);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return distance_to_segment(a, c, d) <= eps || distance_to_segment(b, c, d) <= eps ||
         distance_to_segment(c, a, b) <= eps || distance_to_segment(d, a, b) <= eps;
}

bool is_simple(const std::vector<Vec2>& ring, double eps) {
  const size_t n = ring.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // adjacent edges share a vertex
      if (segments_touch(ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n], eps)) return false;
    }
  return true;
}

// Builds a strip of quads along a random spine; each quad is split into two triangles by a random valid
// diagonal, or collapsed into one triangle (a fan around a shared vertex). Returns false to retry.
bool make_corridor(std::mt19937_64& rng, RandomCorridor& out) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const int quads = 2 + int(u(rng) * 18);
  const double scale = std::pow(10.0, std::floor(u(rng) * 5) - 2);  // 0.01 .. 100 m
  const Vec2 offset{(u(rng) - 0.5) * 200 * scale, (u(rng) - 0.5) * 200 * scale};
  double heading = u(rng) * 2 * M_PI;
  Vec2 spine{0, 0};
  std::vector<Vec2> verts;
  std::vector<int> left_idx, right_idx;
  auto add = [&](Vec2 p) {
    verts.push_back(offset + p * scale);
    return int(verts.size()) - 1;
  };
  auto side_points = [&](double h, double w) {
    const Vec2 n{-std::sin(h), std::cos(h)};
    return std::make_pair(spine + n * w, spine - n * w);
  };
  {
    auto [l, r] = side_points(heading, 0.2 + u(rng) * 1.3);
    left_idx.push_back(add(l));
    right_idx.push_back(add(r));
  }
  std::vector<std::vector<int>> tris;
  for (int q = 0; q < quads; ++q) {
    const double turn = (u(rng) - 0.5) * 1.8;
    spine = spine + Vec2{std::cos(heading + turn / 2), std::sin(heading + turn / 2)} * (0.3 + u(rng) * 2.0);
    heading += turn;
    auto [l, r] = side_points(heading, 0.2 + u(rng) * 1.3);
    const double c = u(rng);
    const int li = left_idx.back(), ri = right_idx.back();
    const int nl = c < 0.15 ? li : add(l);                // fan around the left vertex
    const int nr = (c >= 0.15 && c < 0.3) ? ri : add(r);  // fan around the right vertex
    left_idx.push_back(nl);
    right_idx.push_back(nr);
    const double min_area = 1e-3 * scale * scale;
    auto ok = [&](int a, int b, int d) { return orient(verts[a], verts[b], verts[d]) > min_area; };
    if (nl == li) {
      if (!ok(ri, nr, li)) return false;
      tris.push_back({ri, nr, li});
    } else if (nr == ri) {
      if (!ok(ri, nl, li)) return false;
      tris.push_back({ri, nl, li});
    } else {
      const bool d1 = ok(ri, nl, li) && ok(ri, nr, nl);  // diagonal ri-nl
      const bool d2 = ok(ri, nr, li) && ok(nr, nl, li);  // diagonal nr-li
      if (!d1 && !d2) return false;
      if (d1 && (!d2 || u(rng) < 0.5)) {
        tris.push_back({ri, nl, li});
        tris.push_back({ri, nr, nl});
      } else {
        tris.push_back({ri, nr, li});
        tris.push_back({nr, nl, li});
      }
    }
  }
  // Outline: the right chain forwards, the left chain backwards (shared fan vertices once).
  std::vector<int> ring_idx;
  for (int i : right_idx)
    if (ring_idx.empty() || ring_idx.back() != i) ring_idx.push_back(i);
  for (auto it = left_idx.rbegin(); it != left_idx.rend(); ++it)
    if (ring_idx.back() != *it) ring_idx.push_back(*it);
  std::vector<Vec2> ring;
  for (int i : ring_idx) ring.push_back(verts[i]);
  if (!is_simple(ring, 1e-6 * scale)) return false;

  Scene::Navmesh def;
  def.vertices = verts;
  def.polygons = tris;
  Result<NavMesh> mesh = build_hand_authored(def, "random");
  if (!mesh.ok()) return false;
  out.mesh = std::move(mesh.value());
  out.corridor.clear();
  for (size_t i = 0; i < tris.size(); ++i) out.corridor.push_back(int(i));
  out.boundary = ring;
  auto inside_tri = [&](const std::vector<int>& t) {
    double a = u(rng), b = u(rng);
    if (a + b > 1) {
      a = 1 - a;
      b = 1 - b;
    }
    const Vec2 o = verts[t[0]], p = o + (verts[t[1]] - o) * a + (verts[t[2]] - o) * b;
    const Vec2 centre = (verts[t[0]] + verts[t[1]] + verts[t[2]]) / 3.0;
    return centre + (p - centre) * 0.95;
  };
  out.start = inside_tri(tris.front());
  out.goal = inside_tri(tris.back());
  return true;
}

// --- Independent reference: shortest path inside the closed outline polygon ---

bool inside_closed(const std::vector<Vec2>& ring, Vec2 p, double eps) {
  const size_t n = ring.size();
  bool in = false;
  for (size_t i = 0; i < n; ++i) {
    const Vec2 a = ring[i], b = ring[(i + 1) % n];
    if (distance_to_segment(p, a, b) <= eps) return true;
    if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)) in = !in;
  }
  return in;
}

bool visible(const std::vector<Vec2>& ring, Vec2 a, Vec2 b, double eps) {
  const size_t n = ring.size();
  std::vector<double> ts{0.0, 1.0};
  const Vec2 d = b - a;
  const double dd = dot(d, d);
  for (size_t i = 0; i < n; ++i) {
    const Vec2 c = ring[i], e = ring[(i + 1) % n];
    const int d1 = sgn(orient(c, e, a), eps * eps), d2 = sgn(orient(c, e, b), eps * eps);
    const int d3 = sgn(orient(a, b, c), eps * eps), d4 = sgn(orient(a, b, e), eps * eps);
    if (d1 * d2 < 0 && d3 * d4 < 0) return false;  // proper crossing of a wall
    if (dd > 0 && distance_to_segment(c, a, b) <= eps) ts.push_back(dot(c - a, d) / dd);
  }
  std::sort(ts.begin(), ts.end());
  for (size_t i = 0; i + 1 < ts.size(); ++i)
    if (ts[i + 1] - ts[i] > 1e-12 && !inside_closed(ring, a + d * (0.5 * (ts[i] + ts[i + 1])), eps)) return false;
  return true;
}

double shortest_inside(const std::vector<Vec2>& ring, Vec2 start, Vec2 goal, double eps) {
  std::vector<Vec2> nodes{start, goal};
  nodes.insert(nodes.end(), ring.begin(), ring.end());
  const size_t n = nodes.size();
  std::vector<double> dist(n, std::numeric_limits<double>::infinity());
  std::vector<bool> done(n, false);
  dist[0] = 0;
  for (size_t iter = 0; iter < n; ++iter) {
    size_t best = n;
    for (size_t i = 0; i < n; ++i)
      if (!done[i] && (best == n || dist[i] < dist[best])) best = i;
    if (best == n || std::isinf(dist[best])) break;
    done[best] = true;
    if (best == 1) break;
    for (size_t j = 0; j < n; ++j) {
      if (done[j]) continue;
      const double nd = dist[best] + distance(nodes[best], nodes[j]);
      if (nd < dist[j] && visible(ring, nodes[best], nodes[j], eps)) dist[j] = nd;
    }
  }
  return dist[1];
}

TEST(FunnelProperties, RandomCorridorsGiveTheShortestPathInsideTheCorridor) {
  std::mt19937_64 rng(20240611);
  int accepted = 0, attempts = 0, with_corners = 0, with_backtrack = 0;
  while (accepted < 1000) {
    ASSERT_LT(++attempts, 200000) << "generator rejects too much";
    RandomCorridor c;
    if (!make_corridor(rng, c)) continue;
    ++accepted;
    SCOPED_TRACE("corridor #" + std::to_string(accepted) + " attempt " + std::to_string(attempts));
    const PortalsResult p = build_portals(c.mesh, c.corridor, c.start, c.goal);
    ASSERT_TRUE(p.ok()) << p.failure->message;
    FunnelTrace trace;
    const FunnelResult r = funnel(c.start, p.portals, &trace);
    ASSERT_TRUE(r.ok());
    // The untraced run gives the same path.
    EXPECT_EQ(funnel(c.start, p.portals).points, r.points);
    ASSERT_EQ(r.points.size(), r.corners.size() + 2);
    with_corners += !r.corners.empty();
    for (size_t k = 0; k + 1 < trace.steps.size(); ++k)
      if (trace.steps[k].action == FunnelAction::Corner && trace.steps[k + 1].portal + 1 < trace.steps[k].portal) {
        ++with_backtrack;
        break;
      }

    const CorridorCheck in = check_in_corridor(c.mesh, c.corridor, r.points);
    EXPECT_TRUE(in.inside) << in.message;
    const CorridorCheck through = check_through_portals(r.points, p.portals);
    EXPECT_TRUE(through.inside) << through.message;

    const double mid = path_length(midpoint_path(c.start, p.portals));
    EXPECT_LE(r.length, mid * (1 + 1e-12));

    double extent = 0;
    for (Vec2 v : c.boundary) extent = std::max(extent, distance(v, c.boundary[0]));
    const double ref = shortest_inside(c.boundary, c.start, c.goal, 1e-9 * extent);
    EXPECT_NEAR(r.length, ref, 1e-9 * ref) << "funnel " << r.length << " reference " << ref;
  }
  // The generator must exercise corners and index backtracking, or the test proves little.
  EXPECT_GT(with_corners, 500);
  EXPECT_GT(with_backtrack, 20);
  std::printf("%d corridors (%d generated), %d with corners, %d with index backtracking past a portal\n", accepted,
              attempts, with_corners, with_backtrack);
}

TEST(FunnelProperties, ShuffledPortalOrderIsRejected) {
  // Any single reversed portal of a random corridor is caught by the order check.
  std::mt19937_64 rng(77);
  int tested = 0;
  while (tested < 200) {
    RandomCorridor c;
    if (!make_corridor(rng, c)) continue;
    const PortalsResult p = build_portals(c.mesh, c.corridor, c.start, c.goal);
    ASSERT_TRUE(p.ok());
    if (p.portals.size() < 2) continue;
    ++tested;
    std::vector<Portal> bad = p.portals;
    const size_t k = rng() % (bad.size() - 1);
    std::swap(bad[k].left, bad[k].right);
    EXPECT_TRUE(check_portal_order(c.start, bad).has_value()) << "portal " << k;
  }
}

}  // namespace
}  // namespace navlab
