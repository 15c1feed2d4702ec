// The corridor as a region (its convex polygons and its walls) and the arc coverage test:
// an arc is inside the corridor only if every piece of it between its wall hits is inside.
//
// Walls are the corridor polygons' edges that do not lead to another corridor polygon: the portals
// between corridor polygons are open, every other edge (a true wall or an edge towards a polygon the
// corridor does not use) bounds the region the path may use.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "polygon_reach.h"

namespace navlab {

struct WallEdge {
  Vec2 a, b;      // planning plane, m; the corridor lies to the left of a -> b
  int poly = -1;  // mesh polygon the edge belongs to
  int edge = -1;  // edge index in that polygon (from vertex `edge` to vertex `edge + 1`)
};

// The region. Polygons and walls are added with add_polygon() and add_wall(), which also keep what the
// tests need to skip the ones far from a point or an arc (bounds, edge lengths): a test reads only the
// polygons and walls near what it tests, the rest costs a comparison of bounds.
class CorridorShape {
 public:
  double tolerance = 1e-9;  // m; 1e-9 times the extent of the region (at least 1e-9)

  // A convex counter-clockwise polygon (planning plane, m).
  void add_polygon(std::span<const Vec2> ring);
  // The same with its polygon_reach() at hand (MeshIndex::reach_of keeps it per mesh polygon).
  void add_polygon(std::span<const Vec2> ring, const PolygonReach& facts);
  void add_wall(const WallEdge& wall) { add_wall(wall.a, wall.b, wall.poly, wall.edge); }
  // The same from its parts, written straight into the region's arrays: a WallEdge built just before
  // and copied in at once stalls the copy (docs/performance.md, "Copies read back while still being stored").
  void add_wall(Vec2 a, Vec2 b, int poly, int edge);
  void reserve(size_t polygons, size_t corners, size_t walls);
  // Empties the region (tolerance back to 1e-9), keeping the capacity of its vectors.
  void clear();

  size_t polygon_count() const { return polys_.size(); }
  std::span<const Vec2> polygon(size_t i) const { return {corners_.data() + polys_[i].first, polys_[i].count}; }
  const std::vector<WallEdge>& walls() const { return walls_; }
  bool empty() const { return polygon_count() == 0; }

  // True when `p` lies in one of the polygons, within `tolerance` of its edges.
  bool contains(Vec2 p) const {
    size_t first = 0;
    return contains(p, first);
  }
  // The same, trying polygon `first` before the others (those after it, then those before): the answer
  // does not depend on the order, only the work does. On true, `first` becomes the polygon found, so a
  // caller testing points along the corridor passes the same `first` again and again.
  bool contains(Vec2 p, size_t& first) const;
  // The walls whose bounds come within `reach` (m) of the box [lo, hi], in the order they were added.
  template <class F>
  void for_walls_near(Vec2 lo, Vec2 hi, double reach, F&& f) const {
    const double x0 = lo.x - reach, x1 = hi.x + reach, y0 = lo.y - reach, y1 = hi.y + reach;
    // One branch for the four comparisons: most walls are far, and which ones is hard to predict.
    const auto far = [&](const Box& b) { return (b.lo.x > x1) | (b.hi.x < x0) | (b.lo.y > y1) | (b.hi.y < y0); };
    const size_t n = wall_box_.size();
    const Box* box = wall_box_.data();
    for (size_t g = 0; g < group_box_.size(); ++g) {
      if (far(group_box_[g])) continue;  // so is every wall of the group: their bounds lie inside its bounds
      const size_t end = std::min(n, (g + 1) * kWallGroup);
      for (size_t w = g * kWallGroup; w < end; ++w)
        if (!far(box[w])) f(w, walls_[w]);
    }
  }

 private:
  struct Box {
    Vec2 lo, hi;
  };
  // Walls added one after another along the corridor lie near each other: the bounds of each run of this
  // many let a test skip the run with one comparison of bounds.
  static constexpr size_t kWallGroup = 8;
  struct Poly {
    uint32_t first = 0, count = 0;  // corners_[first, first + count)
    Box box;                        // its corners' bounds
    double reach = 0.0;             // PolygonReach::reach: past a corner its tolerance region reaches at
                                    // most this many tolerances (inf: never skipped)
  };
  std::vector<Vec2> corners_;  // polygon after polygon
  std::vector<Poly> polys_;
  std::vector<WallEdge> walls_;
  std::vector<Box> wall_box_;   // per wall: its ends' bounds, grown by the share a hit may lie past them
  std::vector<Box> group_box_;  // per kWallGroup walls in the order added: the bounds of their wall_box_
};

// The region of `corridor` (polygon ids of a polygon mesh, in travel order). Ids out of range are
// skipped. A graph mesh gives an empty shape.
CorridorShape corridor_shape(const NavMesh& mesh, const std::vector<int>& corridor);
// corridor_shape() into `out`, overwritten whole (its vectors keep their capacity).
void corridor_shape_into(const NavMesh& mesh, const std::vector<int>& corridor, CorridorShape& out);

// A circle arc: starts at angle `start` (rad, from +x, counter-clockwise) and turns by `sweep` (rad;
// > 0 counter-clockwise, < 0 clockwise) around `center` at `radius` (m).
struct Arc {
  Vec2 center;
  double radius = 0.0;
  double start = 0.0;
  double sweep = 0.0;
  Vec2 point(double u) const;  // u in [0, 1] along the arc
  double length() const;       // m
};

struct ArcCoverage {
  bool inside = true;
  int hits = 0;        // wall crossings found along the arc
  Vec2 hit;            // !inside: the wall hit that starts the first outside piece (or ends it), m
  int wall = -1;       // !inside: index into shape.walls() of that hit (-1 if the arc starts outside)
  Vec2 outside_point;  // !inside: the tested midpoint found outside, m
};

// A wall's bounds as CorridorShape::add_wall() and CorridorRegion keep them: its ends' bounds, grown by
// the share of its length a hit may lie past its ends (arc_coverage() counts a hit that far past as on it).
constexpr double kWallHitOvershoot = 1e-12;  // share of the wall's length
inline void wall_bounds(Vec2 a, Vec2 b, double& lx, double& ly, double& hx, double& hy) {
  const double grow = kWallHitOvershoot * (std::fabs(b.x - a.x) + std::fabs(b.y - a.y));
  lx = std::min(a.x, b.x) - grow;
  ly = std::min(a.y, b.y) - grow;
  hx = std::max(a.x, b.x) + grow;
  hy = std::max(a.y, b.y) + grow;
}

// The corridor read in place from the mesh: what arc_coverage() asks of a region (is a point in one of
// its polygons, which walls come near an arc), answered from the mesh's own vertices. Assigning it reads
// each corridor polygon's bounds and notes which of its edges are walls; no corner or wall is copied, so
// a plan that tests arcs at a few corners reads the walls near those corners only (docs/performance.md,
// "The corridor read in place"). Its polygons, walls and their order are corridor_shape()'s: a wall's
// index means the same in both, and corridor_shape() is this region copied out.
class CorridorRegion {
 public:
  double tolerance = 1e-9;  // as CorridorShape::tolerance

  // The region of `corridor` (polygon ids of `mesh`, in travel order; ids out of range and repeats are
  // skipped). The mesh is read, not copied: it must stay as it is while the region is used. A graph mesh
  // gives an empty region.
  void assign(const NavMesh& mesh, const std::vector<int>& corridor);
  bool empty() const { return polys_.empty(); }
  // The region's polygons and walls written into `out` (overwritten whole).
  void copy_into(CorridorShape& out) const;

  // As CorridorShape::contains(p, first).
  bool contains(Vec2 p, size_t& first) const;
  // As CorridorShape::for_walls_near: f(wall index, WallEdge) for every wall whose bounds come within
  // `reach` of [lo, hi], in corridor_shape()'s order.
  template <class F>
  void for_walls_near(Vec2 lo, Vec2 hi, double reach, F&& f) const {
    const double x0 = lo.x - reach, x1 = hi.x + reach, y0 = lo.y - reach, y1 = hi.y + reach;
    const auto far = [&](const Box& b) { return (b.lo.x > x1) | (b.hi.x < x0) | (b.lo.y > y1) | (b.hi.y < y0); };
    for (size_t g = 0; g < group_box_.size(); ++g) {
      if (far(group_box_[g])) continue;  // so is every wall of its polygons
      const size_t end = std::min(polys_.size(), (g + 1) * kPolyGroup);
      for (size_t i = g * kPolyGroup; i < end; ++i) {
        const Poly& poly = polys_[i];
        if (far(poly.wall_box)) continue;
        size_t w = poly.first_wall;
        const uint8_t* is_wall = is_wall_.data() + poly.first_edge;
        for (uint32_t e = 0; e < poly.count; ++e) {
          if (!is_wall[e]) continue;
          const Vec2 a = verts_[poly.verts[e]], b = verts_[poly.verts[e + 1 == poly.count ? 0 : e + 1]];
          Box box;
          wall_bounds(a, b, box.lo.x, box.lo.y, box.hi.x, box.hi.y);
          if (!far(box)) f(w, WallEdge{a, b, poly.id, int(e)});
          ++w;
        }
      }
    }
  }

 private:
  struct Box {
    Vec2 lo, hi;
  };
  // Polygons along a corridor lie near each other: the bounds of each run of this many let a test skip
  // their walls with one comparison of bounds.
  static constexpr size_t kPolyGroup = 4;
  struct Poly {
    const int* verts = nullptr;  // the mesh polygon's vertex ids
    uint32_t count = 0;          // its corners
    uint32_t first_edge = 0;     // its edges' entries in is_wall_
    uint32_t first_wall = 0;     // the index of its first wall among the region's
    int id = -1;                 // mesh polygon
    Box box;                     // its corners' bounds
    Box wall_box;                // bounds holding every one of its walls' bounds
    double reach = 0.0;          // as CorridorShape's: PolygonReach::reach
  };
  const Vec2* verts_ = nullptr;   // the mesh's vertices
  std::vector<Poly> polys_;       // in travel order
  std::vector<uint8_t> is_wall_;  // per edge of each polygon in turn: 1 when the edge is a wall
  std::vector<Box> group_box_;    // per kPolyGroup polygons: the bounds of their wall_box
};

// The corridor region an arc is tested against: a CorridorShape built already, or a CorridorRegion
// assigned on the first test. Many plans test no arc (their corners are stop-turns, or too close together
// for one; docs/performance.md counts them on two real levels).
class CorridorShapeOnDemand {
 public:
  // `shape`, built already.
  explicit CorridorShapeOnDemand(const CorridorShape& shape) : shape_(&shape) {}
  // out.assign(mesh, corridor) on the first test; `out` is not touched before.
  CorridorShapeOnDemand(const NavMesh& mesh, const std::vector<int>& corridor, CorridorRegion& out)
      : mesh_(&mesh), corridor_(&corridor), out_(&out) {}
  // arc_coverage(arc, region, first) in the shape or the region.
  ArcCoverage cover(const Arc& arc, size_t& first);
  // True once the region was assigned (or when a shape was given).
  bool built() const { return shape_ != nullptr || assigned_; }

 private:
  const NavMesh* mesh_ = nullptr;
  const std::vector<int>* corridor_ = nullptr;
  CorridorRegion* out_ = nullptr;
  const CorridorShape* shape_ = nullptr;
  bool assigned_ = false;
};

// True when `p` lies in one of the shape's polygons, within shape.tolerance of its edges.
inline bool inside_corridor(const CorridorShape& shape, Vec2 p) { return shape.contains(p); }

// Intersects the arc with every wall that can reach its circle, sorts the hits by angle along the arc
// and tests the midpoint of every piece between consecutive hits (and between the ends and the
// first/last hit) for being inside the corridor. Testing only the tangent points is not enough: an arc
// can leave and re-enter.
ArcCoverage arc_coverage(const Arc& arc, const CorridorShape& shape);
// The same, with CorridorShape::contains's `first` polygon for the pieces' midpoints: a caller testing
// arc after arc along the corridor keeps one `first` for all of them.
ArcCoverage arc_coverage(const Arc& arc, const CorridorShape& shape, size_t& first);
// The same in a region read in place from the mesh.
ArcCoverage arc_coverage(const Arc& arc, const CorridorRegion& region, size_t& first);

}  // namespace navlab
