#include "portals.h"
#include "query_cache.h"
#include "tolerances.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace navlab {
namespace {

Failure portals_failure(Reason reason, std::string message) {
  return Failure{FailStage::Portals, reason, std::move(message), {}};
}

// Which side of the line right -> left p lies on, beyond `tol`: -1 more than tol on the far side, +1 more
// than tol on the near side (the side a traveller comes from), 0 within tol of the line (and for a
// zero-length portal). |cross| / |e| > tol is compared squared: no square root or division per test.
int near_side(const Portal& portal, Vec2 p, double tol) {
  const Vec2 e = portal.left - portal.right;
  const double len2 = dot(e, e);
  if (len2 == 0.0) return 0;
  const double c = cross(e, p - portal.right);
  if (c * c <= tol * tol * len2) return 0;
  return c > 0.0 ? 1 : -1;
}

double height_of(const NavMesh& mesh, int vert) {
  return mesh.is3d && vert >= 0 && size_t(vert) < mesh.heights.size() ? mesh.heights[vert] : 0.0;
}

// Position of vertex `p` in polygon `poly` (by position within tol), or -1.
int find_vertex(const NavMesh& mesh, int poly, Vec2 p, double tol) {
  const NavPoly& np = mesh.polys[poly];
  for (size_t i = 0; i < np.verts.size(); ++i) {
    const Vec2 d = mesh.verts[np.verts[i]] - p;
    if (dot(d, d) <= tol * tol) return int(i);
  }
  return -1;
}

// A squared length below this share of another's square is shorter beyond any rounding of the squares.
constexpr double kClearlyShorter = 0.99;

// geometry_tolerance() of `start` and `count` portals from `first`, every point read once: their bounds'
// diagonal against the largest coordinate magnitude. A point with a coordinate not finite takes the
// general form (tolerance_of_points) and counts as Bounds2 counts it.
double tolerance_from(Bounds2 b, double max_abs) {
  // max(|hi - lo|, max_abs) without the square root when the bounds' diagonal is clearly the shorter
  // (the usual case: this runs on every plan).
  const Vec2 diagonal = b.hi - b.lo;
  const double d2 = dot(diagonal, diagonal);
  if (d2 <= kClearlyShorter * max_abs * max_abs) return tol::scaled(max_abs);
  return tol::scaled(std::max(std::sqrt(d2), max_abs));
}

double tolerance_of_points(Vec2 start, const Portal* first, size_t count) {
  Bounds2 b;
  double max_abs = std::max(std::fabs(start.x), std::fabs(start.y));
  auto add = [&](Vec2 p) {
    b.add(p);
    max_abs = std::max({max_abs, std::fabs(p.x), std::fabs(p.y)});
  };
  add(start);
  for (const Portal* portal = first; portal != first + count; ++portal) {
    add(portal->left);
    add(portal->right);
  }
  return tolerance_from(b, max_abs);
}

double tolerance_of(Vec2 start, const Portal* first, size_t count) {
  // Every coordinate finite (`finite` stays 0: inf times 0 and NaN are NaN): the bounds are plain minima
  // and maxima, and the largest magnitude is that of a bound.
  double lx = start.x, ly = start.y, hx = start.x, hy = start.y, finite = start.x * 0.0 + start.y * 0.0;
  for (const Portal* portal = first; portal != first + count; ++portal) {
    for (const Vec2 p : {portal->left, portal->right}) {
      lx = p.x < lx ? p.x : lx;
      ly = p.y < ly ? p.y : ly;
      hx = p.x > hx ? p.x : hx;
      hy = p.y > hy ? p.y : hy;
      finite += p.x * 0.0 + p.y * 0.0;
    }
  }
  if (finite != 0.0) return tolerance_of_points(start, first, count);
  Bounds2 b;
  b.lo = {lx, ly};
  b.hi = {hx, hy};
  return tolerance_from(b, std::max({-lx, hx, -ly, hy}));
}

// A point inside convex polygon `poly`: the mean of its vertices (no division per vertex, unlike the
// area centroid). For a counter-clockwise convex polygon it lies on the near side of every edge; a
// polygon wound the other way has it on the far side of each. Only the portals' side check uses it.
Vec2 vertex_mean(const NavMesh& mesh, int poly) {
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  Vec2 sum{};
  for (int i : v) sum = sum + mesh.verts[size_t(i)];
  return sum * (1.0 / double(v.size()));
}

// check_portal_order() with the list's geometry_tolerance() `tol`.
std::optional<Failure> portal_order_failure(Vec2 start, const std::vector<Portal>& portals, double tol) {
  Vec2 before = start;
  for (size_t i = 0; i < portals.size(); ++i) {
    const Portal& p = portals[i];
    const Vec2 mid = (p.left + p.right) * 0.5;
    if (const Vec2 span = p.left - p.right; dot(span, span) > tol * tol) {
      // The point before must be on the near side, the point after on the far side (both closed).
      const bool before_wrong = near_side(p, before, tol) < 0;
      const Vec2 after = i + 1 < portals.size() ? (portals[i + 1].left + portals[i + 1].right) * 0.5 : mid;
      if (before_wrong || near_side(p, after, tol) > 0) {
        const Vec2 bad = before_wrong ? before : after;
        return portals_failure(Reason::PortalOrder, "Portal " + nth(int(i)) + " left " + input_point_text(p.left) +
                                                        " right " + input_point_text(p.right) + " has " +
                                                        input_point_text(bad) + " on the wrong side of it (" +
                                                        (before_wrong ? "before" : "after") +
                                                        " it in travel order): its left/right order is reversed.");
      }
    }
    before = mid;
  }
  return std::nullopt;
}

}  // namespace

double geometry_tolerance(Vec2 start, const std::vector<Portal>& portals) {
  return tolerance_of(start, portals.data(), portals.size());
}

std::vector<Portal> with_goal_portal(std::vector<Portal> portals, Vec2 goal, double goal_height) {
  Portal g;
  g.left = g.right = goal;
  g.left_height = g.right_height = goal_height;
  if (!portals.empty()) g.from_poly = g.to_poly = portals.back().to_poly;
  portals.push_back(g);
  return portals;
}

std::optional<Failure> check_portal_order(Vec2 start, const std::vector<Portal>& portals) {
  return portal_order_failure(start, portals, geometry_tolerance(start, portals));
}

std::vector<Portal> link_portals(const NavMesh& mesh, LinkCrossing c) {
  const NavLink& l = mesh.links[size_t(c.index)];
  Portal up, down;
  up.kind = PortalKind::Takeoff;
  down.kind = PortalKind::Landing;
  up.link = down.link = c.index;
  up.left = up.right = c.reverse ? l.to : l.from;
  up.left_height = up.right_height = c.reverse ? l.to_height : l.from_height;
  down.left = down.right = c.reverse ? l.from : l.to;
  down.left_height = down.right_height = c.reverse ? l.from_height : l.to_height;
  up.from_poly = down.from_poly = c.reverse ? l.to_poly : l.from_poly;
  up.to_poly = down.to_poly = c.reverse ? l.from_poly : l.to_poly;
  return {up, down};
}

namespace {

// Edge `edge` of polygon `a` as the portal into `b`, written into `p` (a new Portal): (v[i], v[i+1]) of a
// counter-clockwise polygon, crossed outwards, has v[i+1] on the left.
void set_edge_portal(const NavMesh& mesh, int a, int b, int edge, Portal& p) {
  const std::vector<int>& v = mesh.polys[size_t(a)].verts;
  const int vr = v[size_t(edge)], vl = v[size_t(edge) + 1 == v.size() ? 0 : size_t(edge) + 1];
  p.right = mesh.verts[size_t(vr)];
  p.left = mesh.verts[size_t(vl)];
  p.right_height = height_of(mesh, vr);
  p.left_height = height_of(mesh, vl);
  p.from_poly = a;
  p.to_poly = b;
}

Portal edge_portal(const NavMesh& mesh, int a, int b, int edge) {
  Portal p;
  set_edge_portal(mesh, a, b, edge, p);
  return p;
}

// Polygons with collinear vertices may share several consecutive edges, pieces of one straight side
// (a hand-authored mesh may have them; two convex polygons share at most one such run). The portal
// between them is the whole run, not the piece `edge_portal` gives for `edge`: through one piece the
// funnel would bend where the straight path crosses another.
void widen_to_shared_side(const NavMesh& mesh, int a, int b, int edge, Portal& p) {
  const NavPoly& pa = mesh.polys[size_t(a)];
  const size_t n = pa.neighbours.size();
  if (n < 2 || pa.verts.size() != n) return;
  size_t first = size_t(edge), last = size_t(edge);
  for (size_t k = 1; k < n && pa.neighbours[(first + n - 1) % n] == b; ++k) first = (first + n - 1) % n;
  for (size_t k = 1; k < n && pa.neighbours[(last + 1) % n] == b && (last + 1) % n != first; ++k) last = (last + 1) % n;
  if (first == last) return;
  const int vr = pa.verts[first], vl = pa.verts[(last + 1) % n];
  p.right = mesh.verts[size_t(vr)];
  p.left = mesh.verts[size_t(vl)];
  p.right_height = height_of(mesh, vr);
  p.left_height = height_of(mesh, vl);
}

enum class EdgeCheck { Joins, Mismatch, WrongOrder };

// Does portal `p` (edge_portal) join its polygons? Its ends must be neighbouring vertices of p.to_poly
// (Mismatch otherwise), walked the other way (left then right, counter-clockwise), with p.from_poly on
// its near side and p.to_poly on its far side, judged by a point inside each (WrongOrder otherwise).
EdgeCheck check_shared_edge(const NavMesh& mesh, const Portal& p) {
  const int a = p.from_poly, b = p.to_poly;
  const double tol = tolerance_of(p.left, &p, 1);
  const int il = find_vertex(mesh, b, p.left, tol), ir = find_vertex(mesh, b, p.right, tol);
  const int nb = int(mesh.polys[size_t(b)].verts.size());
  if (il < 0 || ir < 0 || (il != (ir + 1) % nb && ir != (il + 1) % nb)) return EdgeCheck::Mismatch;
  const bool wrong_side = near_side(p, vertex_mean(mesh, a), tol) < 0 || near_side(p, vertex_mean(mesh, b), tol) > 0;
  return ir != (il + 1) % nb || wrong_side ? EdgeCheck::WrongOrder : EdgeCheck::Joins;
}

// Does every shared edge of polygon `a` pass check_shared_edge? Worked out the first time a corridor
// crosses `a` and kept in the mesh's index (built again when the mesh changes): a polygon whose edges
// all join needs no check per portal, as Detour trusts the mesh it was built from.
bool edges_join(const NavMesh& mesh, const MeshIndex& index, int a) {
  std::atomic<MeshIndex::EdgesJoin>& known = index.edges_join[size_t(a)];
  const MeshIndex::EdgesJoin k = known.load(std::memory_order_relaxed);
  if (k != MeshIndex::EdgesJoin::NotYet) return k == MeshIndex::EdgesJoin::Yes;
  const NavPoly& pa = mesh.polys[size_t(a)];
  bool all = true;
  for (int i = 0; i < int(pa.verts.size()) && i < int(pa.neighbours.size()) && all; ++i) {
    const int b = pa.neighbours[size_t(i)];
    if (b >= 0 && b < int(mesh.polys.size()))
      all = check_shared_edge(mesh, edge_portal(mesh, a, b, i)) == EdgeCheck::Joins;
  }
  known.store(all ? MeshIndex::EdgesJoin::Yes : MeshIndex::EdgesJoin::No, std::memory_order_relaxed);
  return all;
}

// The portals of build_portals() into `portals` (emptied first) and their geometry_tolerance() into
// `tol`, or the failure (`portals` then holds what was built before it).
std::optional<Failure> fill_portals(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start, Vec2 goal,
                                    double goal_height, const std::vector<int>& links, std::vector<Portal>& portals,
                                    double& list_tol) {
  portals.clear();
  if (corridor.empty()) return portals_failure(Reason::EmptyCorridor, "The corridor has no polygon.");
  for (int id : corridor) {
    if (mesh.kind != NavMesh::Kind::Polygons || id < 0 || id >= int(mesh.polys.size())) {
      return portals_failure(Reason::BadPolygon,
                             "Corridor polygon " + std::to_string(id) + " is not a polygon of this navmesh.");
    }
  }
  portals.reserve(corridor.size());
  // Which polygons' edges are known to join (a one-polygon corridor crosses none: no index asked for).
  const MeshIndex* index = corridor.size() > 1 ? &mesh.query_cache.index_of(mesh) : nullptr;
  for (size_t k = 0; k + 1 < corridor.size(); ++k) {
    const int a = corridor[k], b = corridor[k + 1];
    if (const LinkCrossing c = k < links.size() ? mesh.crossing(a, links[k]) : LinkCrossing{}; c.index >= 0) {
      const std::vector<Portal> pair = link_portals(mesh, c);
      if (pair[0].from_poly != a || pair[0].to_poly != b) {
        return portals_failure(Reason::NotAdjacent, "Corridor polygons " + std::to_string(a) + " and " +
                                                        std::to_string(b) + " are not the ends of link " +
                                                        std::to_string(c.index) + " the search crossed.");
      }
      portals.insert(portals.end(), pair.begin(), pair.end());
      continue;
    }
    const NavPoly& pa = mesh.polys[a];
    int edge = -1;
    for (int i = 0; i < int(pa.verts.size()) && i < int(pa.neighbours.size()); ++i)
      if (pa.neighbours[i] == b) {
        edge = i;
        break;
      }
    if (edge < 0) {
      return portals_failure(Reason::NotAdjacent, "Corridor polygons " + std::to_string(a) + " and " +
                                                      std::to_string(b) + " (positions " + std::to_string(k) + ", " +
                                                      std::to_string(k + 1) + ") share no edge.");
    }
    // Made where it lies in the list (a portal returned by value and copied in at once stalls the copy);
    // on failure the caller drops the list.
    Portal& p = portals.emplace_back();
    set_edge_portal(mesh, a, b, edge, p);
    switch (edges_join(mesh, *index, a) ? EdgeCheck::Joins : check_shared_edge(mesh, p)) {
      case EdgeCheck::Joins:
        break;
      case EdgeCheck::Mismatch:
        return portals_failure(Reason::PortalMismatch, "Portal " + nth(int(k)) + " " + input_point_text(p.left) + "/" +
                                                           input_point_text(p.right) + " of polygon " +
                                                           std::to_string(a) + " is not an edge of polygon " +
                                                           std::to_string(b) + ": it does not join them.");
      case EdgeCheck::WrongOrder:
        return portals_failure(Reason::PortalOrder, "Portal " + nth(int(k)) + " left " + input_point_text(p.left) +
                                                        " right " + input_point_text(p.right) + " from polygon " +
                                                        std::to_string(a) + " to " + std::to_string(b) +
                                                        " is inconsistent with the direction of travel.");
    }
    widen_to_shared_side(mesh, a, b, edge, p);
  }
  portals = with_goal_portal(std::move(portals), goal, goal_height);  // moved in and out: the buffer stays
  portals.back().from_poly = portals.back().to_poly = corridor.back();
  list_tol = geometry_tolerance(start, portals);
  return portal_order_failure(start, portals, list_tol);
}

}  // namespace

PortalsResult build_portals(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start, Vec2 goal,
                            double goal_height, const std::vector<int>& links) {
  PortalsResult out;
  build_portals_into(mesh, corridor, start, goal, goal_height, links, out);
  return out;
}

void build_portals_into(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start, Vec2 goal,
                        double goal_height, const std::vector<int>& links, PortalsResult& out) {
  out.failure = fill_portals(mesh, corridor, start, goal, goal_height, links, out.portals, out.tolerance);
  if (!out.failure) return;
  out.portals.clear();
  out.tolerance = 0.0;
}

std::vector<Vec2> midpoint_path(Vec2 start, const std::vector<Portal>& portals) {
  std::vector<Vec2> path;
  midpoint_path_into(start, portals, path);
  return path;
}

void midpoint_path_into(Vec2 start, const std::vector<Portal>& portals, std::vector<Vec2>& out) {
  out.clear();
  out.reserve(portals.size() + 1);
  out.push_back(start);
  for (const Portal& p : portals) out.push_back((p.left + p.right) * 0.5);
}

double path_length(const std::vector<Vec2>& path) {
  double len = 0.0;
  for (size_t i = 1; i < path.size(); ++i) len += distance(path[i - 1], path[i]);
  return len;
}

}  // namespace navlab
