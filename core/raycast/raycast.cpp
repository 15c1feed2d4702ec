#include "raycast.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "detail_surface.h"
#include "format.h"
#include "tolerances.h"

namespace navlab {

namespace {

// Dimensionless: an edge is parallel to the ray when the sine of the angle between them is below this
// (Detour tests |perp| < 1e-8 in floats on unnormalised vectors; doubles carry 16 digits, so 1e-12 of
// the product of the lengths is rounding, not a direction).
constexpr double kParallelSine = 1e-12;

// The part of the ray start + t d (t in [0, 1]) inside convex counter-clockwise polygon `poly`, as
// Detour's dtIntersectSegmentPoly2D finds it: t_in and t_out, and the edge that bounds t_out (-1 when
// the end lies inside). `hit` is false when the ray misses the polygon.
struct Clip {
  bool hit = false;
  double t_in = 0.0, t_out = 1.0;
  int leave = -1;
};

Clip clip_to_polygon(const NavMesh& mesh, int poly, Vec2 start, Vec2 d, double tol_t) {
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  const double dlen = length(d);
  Clip c;
  for (size_t k = 0; k < v.size(); ++k) {
    const Vec2 a = mesh.verts[size_t(v[k])], b = mesh.verts[size_t(v[k + 1 == v.size() ? 0 : k + 1])];
    const Vec2 e = b - a;
    // Inside is left of a -> b: f(t) = cross(e, start + t d - a) >= 0, f(t) = n + t den.
    const double n = cross(e, start - a), den = cross(e, d);
    if (std::abs(den) <= kParallelSine * length(e) * dlen) {
      if (n < -tol::scaled(length(e)) * length(e)) return Clip{};  // parallel and outside this edge
      continue;
    }
    const double t = -n / den;
    if (den > 0.0) {  // f grows with t: the ray enters across this edge
      c.t_in = std::max(c.t_in, t);
    } else if (t < c.t_out) {  // f falls: the ray leaves across it; the first edge of a tie keeps it
      c.t_out = t;
      c.leave = int(k);
    }
    if (c.t_in > c.t_out + tol_t) return Clip{};
  }
  c.hit = true;
  return c;
}

RaycastStep step_of(RaycastStep::Kind kind, int poly, const Clip& c, Vec2 start, Vec2 d) {
  RaycastStep s;
  s.kind = kind;
  s.poly = poly;
  s.edge = c.leave;
  s.t_in = c.t_in;
  s.t_out = c.t_out;
  s.at = start + d * c.t_out;
  s.ray_length = length(d);
  return s;
}

// The unit normal of edge `edge` of polygon `poly`, pointing into the polygon (left of the
// counter-clockwise edge).
Vec2 inward_normal(const NavMesh& mesh, int poly, int edge) {
  const std::vector<int>& v = mesh.polys[size_t(poly)].verts;
  const Vec2 e = mesh.verts[size_t(v[(size_t(edge) + 1) % v.size()])] - mesh.verts[size_t(v[size_t(edge)])];
  const double len = length(e);
  return len > 0.0 ? perp_left(e) / len : Vec2{};
}

// Which filter reason bars the way from `poly` over `edge` into `next` (-1: none).
int barred(const SearchFilter* filter, const NavMesh& mesh, int poly, int edge, int next) {
  if (!filter) return -1;
  if (filter->node_blocked(next)) return filter->node_block[size_t(next)];
  return filter->link_block(mesh, poly, edge);
}

}  // namespace

std::string RaycastStep::describe(const NavMesh& mesh, const RaycastTrace& trace) const {
  const std::string p = node_label(mesh, poly);
  const std::string span =
      "The ray crosses " + p + " from " + num(t_in * ray_length) + " m to " + num(t_out * ray_length) + " m";
  switch (kind) {
    case Kind::Cross:
      return span + " and leaves over its edge " + std::to_string(edge) + " into " + node_label(mesh, next) + ".";
    case Kind::Wall:
      return span + " and hits the wall of its edge " + std::to_string(edge) + " at " + point_text(at) + ".";
    case Kind::Blocked: {
      const std::string why =
          cause >= 0 && size_t(cause) < trace.causes.size() ? trace.causes[size_t(cause)] : "the filter";
      return span + "; its edge " + std::to_string(edge) + " leads to " + node_label(mesh, next) + ", which " + why +
             " bars: the ray stops at " + point_text(at) + ".";
    }
    case Kind::End:
      return "The ray ends in " + p + " at " + point_text(at) + ": nothing stops its " + num(ray_length) + " m.";
    case Kind::Missed:
      return "The ray does not cross " + p + ", its start polygon (the start lies outside it): it stops at its start.";
  }
  return "";
}

RaycastResult raycast(const NavMesh& mesh, const RaycastQuery& q, const SearchFilter* filter, RaycastTrace* trace) {
  RaycastResult r;
  r.hit = q.start;
  if (trace && filter) trace->causes = filter->reasons;
  if (mesh.kind != NavMesh::Kind::Polygons || q.start_poly < 0 || q.start_poly >= mesh.size()) return r;
  const Vec2 d = q.end - q.start;
  // Fractions of the ray within this are one point: a ray through a vertex leaves one polygon and enters
  // the next at the same t, computed from two edges with their own rounding.
  const double tol_t = tol::scaled(std::max(std::abs(q.start.x), std::abs(q.start.y))) / std::max(length(d), 1e-300);
  int cur = q.start_poly;
  int prev_edge = -1;
  for (;;) {
    const Clip c = clip_to_polygon(mesh, cur, q.start, d, tol_t);
    if (!c.hit) {
      // Only the start polygon can be missed outright; a neighbour the ray was led into but does not
      // cross (rounding at a vertex) stops it where it left the last polygon, as Detour stops.
      if (r.polys.empty()) {
        Clip none;
        none.t_out = 0.0;
        if (trace) trace->steps.push_back(step_of(RaycastStep::Kind::Missed, cur, none, q.start, d));
        return r;
      }
      r.outcome = RaycastOutcome::Wall;
      r.hit_edge = prev_edge;
      r.normal = inward_normal(mesh, r.polys.back(), prev_edge);
      break;
    }
    r.polys.push_back(cur);
    r.t = std::max(r.t, c.t_out);
    if (c.leave < 0) {
      r.outcome = RaycastOutcome::Clear;
      r.t = 1.0;
      if (trace) trace->steps.push_back(step_of(RaycastStep::Kind::End, cur, c, q.start, d));
      break;
    }
    const int next = mesh.polys[size_t(cur)].neighbours[size_t(c.leave)];
    const int cause = next < 0 ? -1 : barred(filter, mesh, cur, c.leave, next);
    // A walk longer than the mesh has polygons turns in a circle (rounding on a ray along a shared edge):
    // it stops there like a wall.
    if (next < 0 || cause >= 0 || r.polys.size() > mesh.polys.size()) {
      r.outcome = next >= 0 && cause >= 0 ? RaycastOutcome::Blocked : RaycastOutcome::Wall;
      r.hit_edge = c.leave;
      r.normal = inward_normal(mesh, cur, c.leave);
      if (r.outcome == RaycastOutcome::Blocked && filter) r.blocked_by = filter->reasons[size_t(cause)];
      if (trace) {
        RaycastStep s =
            step_of(r.outcome == RaycastOutcome::Blocked ? RaycastStep::Kind::Blocked : RaycastStep::Kind::Wall, cur, c,
                    q.start, d);
        s.next = next;
        s.cause = cause;
        trace->steps.push_back(s);
      }
      break;
    }
    if (trace) {
      RaycastStep s = step_of(RaycastStep::Kind::Cross, cur, c, q.start, d);
      s.next = next;
      trace->steps.push_back(s);
    }
    prev_edge = c.leave;
    cur = next;
  }
  r.hit = r.outcome == RaycastOutcome::Clear ? q.end : q.start + d * r.t;
  r.length = length(d) * r.t;
  // The hit lies on its polygon's boundary, where rounding may put it just outside every detail
  // triangle: the nearest point of the polygon's surface gives its height.
  if (mesh.is3d)
    if (const std::optional<double> h =
            surface_height(mesh, r.polys.back(), r.hit, std::numeric_limits<double>::infinity()))
      r.hit_height = *h;
  return r;
}

}  // namespace navlab
