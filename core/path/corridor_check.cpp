#include "corridor_check.h"
#include "format.h"
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace navlab {
namespace {

double path_tolerance(const std::vector<Vec2>& path, std::vector<Portal> extra) {
  for (Vec2 p : path) extra.push_back(Portal{p, p, -1, -1, 0.0, 0.0});
  return geometry_tolerance(path.empty() ? Vec2{} : path.front(), extra);
}

// Largest t in [0, 1] such that p + t (q - p) stays inside the convex polygon (within tol), assuming p is.
double exit_parameter(const NavMesh& mesh, int poly, Vec2 p, Vec2 q, double tol) {
  const NavPoly& np = mesh.polys[poly];
  const size_t n = np.verts.size();
  double t_exit = 1.0;
  if (n == 0) return t_exit;
  // Edge by edge, each edge's end the next one's start (the least t over the edges: their order is free).
  Vec2 b = mesh.verts[np.verts[n - 1]];
  for (size_t i = 0; i < n; ++i) {
    const Vec2 a = b;
    b = mesh.verts[np.verts[i]];
    // left_of(a, b, x) is orient(a, b, x) / |ab|: compared as orientations, and q within tol outside
    // the edge's line as oq² <= tol²·|ab|², with no square root or division (this runs for every edge
    // of every polygon the path crosses, on every plan). A point edge has oq = 0: q counts as inside.
    const double oq = orient(a, b, q);
    if (oq >= 0.0) continue;  // q inside this half-plane (most edges: p's side is then not needed)
    const double op = orient(a, b, p);
    if (oq >= op) continue;  // moving inwards
    const Vec2 ab = b - a;
    if (oq * oq <= tol * tol * dot(ab, ab)) continue;  // q outside by at most tol
    t_exit = std::min(t_exit, std::max(0.0, op / (op - oq)));
  }
  return t_exit;
}

// The shared edge of corridor polygons a and b (its two end positions), if any.
bool shared_edge(const NavMesh& mesh, int a, int b, Vec2& e0, Vec2& e1) {
  const NavPoly& pa = mesh.polys[a];
  const size_t n = pa.verts.size(), sides = std::min(n, pa.neighbours.size());
  for (size_t i = 0; i < sides; ++i)
    if (pa.neighbours[i] == b) {
      e0 = mesh.verts[pa.verts[i]];
      e1 = mesh.verts[pa.verts[i + 1 == n ? 0 : i + 1]];
      return true;
    }
  return false;
}

CorridorCheck fail(int segment, int portal, int polygon, Vec2 where, std::string message) {
  CorridorCheck c;
  c.inside = false;
  c.segment = segment;
  c.portal = portal;
  c.polygon = polygon;
  c.where = where;
  c.message = std::move(message);
  return c;
}

// Smallest t in [t_min, 1] where segment [p, q] comes within tol of segment [a, b], or -1.
double first_touch(Vec2 p, Vec2 q, Vec2 a, Vec2 b, double t_min, double tol) {
  const Vec2 d = q - p, e = b - a;
  const double dd = dot(d, d);
  std::vector<double> candidates{t_min, 1.0};
  if (dd > 0.0) {
    candidates.push_back(dot(a - p, d) / dd);
    candidates.push_back(dot(b - p, d) / dd);
    const double denom = cross(d, e);
    if (denom != 0.0) candidates.push_back(cross(a - p, e) / denom);
    // Where the path enters the tol-band around the portal's line (crossing at a shallow angle).
    const double el = length(e);
    if (el > 0.0) {
      const double s = cross(e, d) / el;
      if (s != 0.0) {
        const double d0 = cross(e, p - a) / el;
        candidates.push_back((tol - d0) / s);
        candidates.push_back((-tol - d0) / s);
      }
    }
  }
  double best = -1.0;
  for (double t : candidates) {
    if (!(t >= t_min && t <= 1.0)) continue;
    if (distance_to_segment(p + d * t, a, b) <= tol * 4.0 && (best < 0.0 || t < best)) best = t;
  }
  return best;
}

}  // namespace

CorridorCheck check_in_corridor(const NavMesh& mesh, const std::vector<int>& corridor, const std::vector<Vec2>& path,
                                double tolerance) {
  if (path.empty()) return fail(-1, -1, -1, {}, "The path is empty.");
  if (corridor.empty()) return fail(-1, -1, -1, path.front(), "The corridor is empty.");
  for (int id : corridor)
    if (mesh.kind != NavMesh::Kind::Polygons || id < 0 || id >= int(mesh.polys.size()))
      return fail(-1, -1, -1, path.front(), "Corridor polygon " + std::to_string(id) + " is not in the navmesh.");
  // path_tolerance() of the path and the corridor's vertices, without building a portal for each.
  double tol = tolerance;
  if (!(tol > 0.0)) {
    Bounds2 b;
    double max_abs = 0.0;
    const auto add = [&](Vec2 p) {
      b.add(p);
      max_abs = std::max({max_abs, std::fabs(p.x), std::fabs(p.y)});
    };
    for (int id : corridor)
      for (int v : mesh.polys[size_t(id)].verts) add(mesh.verts[size_t(v)]);
    for (Vec2 p : path) add(p);
    tol = tol::scaled(std::max(length(b.hi - b.lo), max_abs));
  }

  size_t k = 0;
  if (!mesh.contains(corridor[0], path.front(), tol))
    return fail(0, -1, 0, path.front(),
                "The path starts at " + input_point_text(path.front()) + ", outside the first corridor polygon " +
                    std::to_string(corridor[0]) + ".");
  for (size_t s = 0; s + 1 < path.size(); ++s) {
    Vec2 p = path[s];
    const Vec2 q = path[s + 1];
    for (;;) {
      const double t = exit_parameter(mesh, corridor[k], p, q, tol);
      if (t >= 1.0) break;
      const Vec2 e = p + (q - p) * t;
      Vec2 a, b;
      const bool has_next = k + 1 < corridor.size() && shared_edge(mesh, corridor[k], corridor[k + 1], a, b);
      if (!has_next || distance_to_segment(e, a, b) > tol) {
        return fail(int(s), has_next ? int(k) : -1, int(k), e,
                    "Segment " + std::to_string(s) + " " + input_point_text(path[s]) + "->" + input_point_text(q) +
                        " leaves the corridor at " + input_point_text(e) + " through a wall of polygon " +
                        std::to_string(corridor[k]) + " (corridor position " + std::to_string(k) + ").");
      }
      ++k;
      p = e;
    }
  }
  // The end may lie on the portal(s) into the last polygon: follow them while it does.
  const Vec2 end = path.back();
  while (k + 1 < corridor.size()) {
    Vec2 a, b;
    if (!shared_edge(mesh, corridor[k], corridor[k + 1], a, b) || distance_to_segment(end, a, b) > tol) break;
    ++k;
  }
  if (k + 1 != corridor.size())
    return fail(int(path.size()) - 1, int(k), int(k), end,
                "The path ends at " + input_point_text(end) + " in corridor position " + std::to_string(k) +
                    ", before the last polygon " + std::to_string(corridor.back()) + ".");
  return CorridorCheck{};
}

CorridorCheck check_through_portals(const std::vector<Vec2>& path, const std::vector<Portal>& portals,
                                    double tolerance) {
  if (path.empty()) return fail(-1, -1, -1, {}, "The path is empty.");
  const double tol = tolerance > 0.0 ? tolerance : path_tolerance(path, portals);
  size_t seg = 0;
  double t_cur = 0.0;
  for (size_t i = 0; i < portals.size(); ++i) {
    const Portal& portal = portals[i];
    bool found = false;
    for (size_t s = seg; s < path.size() && !found; ++s) {
      const Vec2 p = path[s], q = s + 1 < path.size() ? path[s + 1] : path[s];
      const double t = first_touch(p, q, portal.right, portal.left, s == seg ? t_cur : 0.0, tol);
      if (t >= 0.0) {
        seg = s;
        t_cur = t;
        found = true;
      }
    }
    if (!found)
      return fail(int(seg), int(i), -1, path[seg],
                  "After " + input_point_text(path[seg]) + " the path never crosses portal " + nth(int(i)) + " " +
                      input_point_text(portal.left) + "/" + input_point_text(portal.right) + " in order.");
  }
  return CorridorCheck{};
}

}  // namespace navlab
