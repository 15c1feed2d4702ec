#include "surface.h"

#include <algorithm>
#include <cmath>

#include "tolerances.h"

namespace navlab {

Vec2 normalized(Vec2 v) {
  const double l = length(v);
  return l > tol::kTinyLength ? v / l : Vec2{};
}

bool in_polygon(const NavMesh& m, int poly, Vec2 p) { return m.contains(poly, p, kInsideTolerance); }

bool inside_ring(const std::vector<Vec2>& ring, Vec2 p) { return in_convex(ring, p, kInsideTolerance); }

int settle(const NavMesh& m, Vec2 pos, int poly) {
  if (m.kind == NavMesh::Kind::Graph || m.polys.empty()) return -1;
  if (poly >= 0 && poly < int(m.polys.size()) && in_polygon(m, poly, pos)) return poly;
  for (int i = 0; i < int(m.polys.size()); ++i)
    if (in_polygon(m, i, pos)) return i;
  return -1;
}

bool in_sight(const NavMesh& m, const SearchFilter& walls, int poly, Vec2 from, Vec2 to) {
  if (m.kind == NavMesh::Kind::Graph || poly < 0) return true;
  const double d = distance(from, to);
  if (d > kSightProbe && move_along_surface(m, walls, poly, from, lerp(from, to, kSightProbe / d)).hit_wall)
    return false;
  const int hops = std::max(1, int(std::ceil(distance(from, to) / kSightHop)));
  Vec2 p = from;
  for (int i = 1; i <= hops; ++i) {
    const Vec2 q = lerp(from, to, double(i) / hops);
    const SurfaceMove hop = move_along_surface(m, walls, poly, p, q);
    if (hop.hit_wall) return false;
    p = q;
    poly = hop.poly;
  }
  return true;
}

bool on_mesh(const NavMesh& m, Vec2 p) {
  if (m.kind == NavMesh::Kind::Graph) return true;
  for (int i = 0; i < int(m.polys.size()); ++i)
    if (in_polygon(m, i, p)) return true;
  return false;
}

bool passable(const NavMesh& m, const SearchFilter& walls, Vec2 p) {
  if (m.kind == NavMesh::Kind::Graph) return true;
  for (int i = 0; i < int(m.polys.size()); ++i)
    if (!walls.node_blocked(i) && in_polygon(m, i, p)) return true;
  return false;
}

namespace {

constexpr int kShortenSteps = 24;  // bisections of a slide longer than asked (to 2^-24 of the move)

// Detour's rule (see the header): `to` when a reached polygon holds it, else the reached walls' point
// nearest to `to`, kWallInset inside.
SurfaceMove nearest_reach(const NavMesh& mesh, const SearchFilter& filter, int poly, Vec2 from, Vec2 to) {
  // Detour's search circle: around the middle of the move, half its length plus a millimetre.
  constexpr double kReachSlack = 1e-3;  // m, Detour's own (dtNavMeshQuery::moveAlongSurface)
  const Vec2 centre = (from + to) * 0.5;
  const double reach = distance(from, to) * 0.5 + kReachSlack;
  std::vector<int> open{poly};
  std::vector<char> seen(mesh.polys.size(), 0);
  seen[size_t(poly)] = 1;
  SurfaceMove out{from, poly, true};
  double best = 1e300;
  for (size_t i = 0; i < open.size(); ++i) {
    const int cur = open[i];
    if (in_polygon(mesh, cur, to)) return {to, cur, false};
    const NavPoly& p = mesh.polys[size_t(cur)];
    for (size_t e = 0; e < p.verts.size(); ++e) {
      const Vec2 a = mesh.verts[size_t(p.verts[e])], b = mesh.verts[size_t(p.verts[(e + 1) % p.verts.size()])];
      const int next = e < p.neighbours.size() ? p.neighbours[e] : -1;
      if (next < 0 || filter.link_block(mesh, cur, int(e)) >= 0 || filter.node_blocked(next)) {
        const Vec2 c = closest_on_segment(to, a, b);
        if (distance(c, to) < best) best = distance(c, to), out.pos = c, out.poly = cur;
      } else if (!seen[size_t(next)] && distance_to_segment(centre, a, b) <= reach) {
        seen[size_t(next)] = 1;
        open.push_back(next);
      }
    }
  }
  out.pos = out.pos + normalized(mesh.centroid(out.poly) - out.pos) * kWallInset;
  return out;
}

}  // namespace

SurfaceMove move_along_surface(const NavMesh& mesh, const SearchFilter& filter, int poly, Vec2 from, Vec2 to) {
  if (mesh.kind == NavMesh::Kind::Graph || poly < 0 || poly >= int(mesh.polys.size())) return {to, poly, false};
  const SurfaceMove slide = nearest_reach(mesh, filter, poly, from, to);
  const double asked = distance(from, to), went = distance(from, slide.pos);
  if (!slide.hit_wall || went <= asked) return slide;
  // Round a convex corner of the walls from outside their line (the agent cut it within kWallInset),
  // the nearest wall point can lie farther than `to`: a move would then be faster than asked. The
  // slide is shortened to the asked length when that point is reached in a straight line; otherwise
  // the move goes straight towards it as far as it reaches (bisection, never farther than asked).
  const Vec2 dir = (slide.pos - from) / went;
  SurfaceMove best{from, poly, true};
  double lo = 0.0, hi = asked;
  for (int i = 0; i < kShortenSteps; ++i) {
    const double len = i == 0 ? asked : 0.5 * (lo + hi);
    const SurfaceMove m = nearest_reach(mesh, filter, poly, from, from + dir * len);
    if (!m.hit_wall) {
      best = m;
      best.hit_wall = true;  // still deflected: the move did not go where it was asked
      if (i == 0) return best;
      lo = len;
    } else {
      hi = len;
    }
  }
  return best;
}

}  // namespace navlab
