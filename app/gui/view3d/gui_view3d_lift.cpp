#include "gui_view3d_lift.h"

#include <algorithm>
#include <cmath>

namespace navlab::app {

namespace {
constexpr double kExtentPerPiece = 150.0;                // spacing: the surface's extent over this
constexpr double kMinSpacing = 0.05, kMaxSpacing = 1.0;  // m
constexpr int kMaxPieces = 512;                          // per segment
constexpr int kMaxFillSplits = 16;                       // a large fill triangle is cut into at most 16 x 16
}  // namespace

void SurfaceLift::reset(const NavMesh& mesh) {
  surface_ = SurfaceMesh(mesh);
  const auto& tris = surface_.triangles();
  Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
  for (const auto& t : tris)
    for (const Vec3& c : t.corners) {
      lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
      hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
    }
  lowest_ = tris.empty() ? 0.0 : lo.y;
  const double extent = tris.empty() ? 1.0 : std::max(hi.x - lo.x, hi.z - lo.z);
  spacing_ = std::clamp(extent / kExtentPerPiece, kMinSpacing, kMaxSpacing);
  last_ = lowest_;
  preferred_.clear();
}

void SurfaceLift::prefer(std::vector<int> polys) {
  std::sort(polys.begin(), polys.end());
  polys.erase(std::unique(polys.begin(), polys.end()), polys.end());
  preferred_ = std::move(polys);
}

double SurfaceLift::pick(Vec2, const std::vector<SurfacePoint>& floors, std::optional<double> near) const {
  if (floors.size() == 1) return floors[0].height;
  const double ref = near.value_or(last_);
  auto nearest = [&](bool preferred_only) -> std::optional<double> {
    std::optional<double> best;
    for (const SurfacePoint& f : floors) {
      if (preferred_only && !std::binary_search(preferred_.begin(), preferred_.end(), f.poly)) continue;
      if (!best || std::abs(f.height - ref) < std::abs(*best - ref)) best = f.height;
    }
    return best;
  };
  if (!near)
    if (auto h = nearest(true)) return *h;
  return *nearest(false);
}

double SurfaceLift::height(Vec2 p, std::optional<double> near) const {
  std::vector<SurfacePoint> floors = surface_.floors_at(p);
  if (floors.empty()) floors = surface_.floors_at(p, kOffSurfaceReach);
  const double h = floors.empty() ? near.value_or(lowest_) : pick(p, floors, near);
  last_ = h;
  return h;
}

Vec3 SurfaceLift::lift(Vec2 p, std::optional<double> near) const { return to_world(p, height(p, near) + kRaise); }

void SurfaceLift::lift_capsule(const gl::Batch::Capsule& c, std::optional<double>& chain, gl::LineBatch3& lines) const {
  if (c.world) {
    lines.segment(c.wa, c.wb, c.color, c.stroke);
    chain.reset();
    return;
  }
  if (c.a == c.b) {
    lines.segment(lift(c.a), lift(c.a), c.color, c.stroke);
    chain.reset();
    return;
  }
  const double len = distance(c.a, c.b);
  const int n = std::clamp(int(std::ceil(len / spacing_)), 1, kMaxPieces);
  Vec3 prev = lift(c.a, chain);
  double h = prev.y - kRaise;
  double along = 0.0;  // m of the segment before this piece (its dashes go on)
  for (int i = 1; i <= n; ++i) {
    const Vec2 q = lerp(c.a, c.b, double(i) / n);
    h = height(q, h);
    const Vec3 next = to_world(q, h + kRaise);
    lines.segment(prev, next, c.color, c.stroke, {along, i > 1, i < n});
    along += distance(prev, next);
    prev = next;
  }
  chain = h;
}

void SurfaceLift::lift_fill(const gl::Batch::FillTriangle& t, gl::MeshBatch3& fills) const {
  const double longest = std::max({distance(t.p[0], t.p[1]), distance(t.p[1], t.p[2]), distance(t.p[2], t.p[0])});
  const int n = std::clamp(int(std::ceil(longest / (2.0 * spacing_))), 1, kMaxFillSplits);
  // Corner (i, j) of the split: weights (n - i - j, i, j) / n of the triangle's corners.
  auto corner = [&](int i, int j) {
    const double a = double(n - i - j) / n, b = double(i) / n, c = double(j) / n;
    return t.p[0] * a + t.p[1] * b + t.p[2] * c;
  };
  const gl::Rgba col = t.c[0];
  const Vec3 up{0, 1, 0};
  std::vector<uint32_t> row_prev, row;
  double h = last_;
  for (int j = 0; j <= n; ++j) {
    row.clear();
    for (int i = 0; i + j <= n; ++i) {
      h = height(corner(i, j), j == 0 && i == 0 ? std::nullopt : std::optional<double>(h));
      row.push_back(fills.add_vertex(to_world(corner(i, j), h + kRaise), up, col));
    }
    if (j > 0)
      for (int i = 0; i + j <= n; ++i) {
        fills.add_triangle(row_prev[size_t(i)], row_prev[size_t(i + 1)], row[size_t(i)]);
        if (i + j < n) fills.add_triangle(row_prev[size_t(i + 1)], row[size_t(i + 1)], row[size_t(i)]);
      }
    row_prev = row;
  }
}

void SurfaceLift::lift(const gl::Batch& plan, gl::MeshBatch3& fills, gl::LineBatch3& lines) const {
  fills.clear();
  lines.clear();
  last_ = lowest_;
  // Fills: a navmesh polygon as its detail triangles, any other shape lifted corner by corner.
  const auto& tagged = plan.polygon_fills();
  size_t next_tag = 0;
  const Vec3 up{0, 1, 0};
  for (size_t i = 0; i < plan.triangle_count();) {
    if (next_tag < tagged.size() && tagged[next_tag].first == i) {
      const gl::Batch::PolygonFill& f = tagged[next_tag++];
      {
        const auto [a, b] = surface_.polygon_triangles(f.poly);
        for (size_t k = a; k < b; ++k) {
          const auto& t = surface_.triangles()[k].corners;
          const uint32_t v = fills.add_vertex(t[0] + up * kRaise, up, f.color);
          fills.add_vertex(t[1] + up * kRaise, up, f.color);
          fills.add_vertex(t[2] + up * kRaise, up, f.color);
          fills.add_triangle(v, v + 1, v + 2);
        }
      }
      i += std::max<size_t>(f.count, 1);
      continue;
    }
    lift_fill(plan.fill_triangle_at(i), fills);
    ++i;
  }
  std::optional<double> chain;
  Vec2 chain_end{1e300, 1e300};
  for (size_t i = 0; i < plan.capsule_count(); ++i) {
    const gl::Batch::Capsule c = plan.capsule_at(i);
    if (!(c.a == chain_end)) chain.reset();  // a new polyline
    lift_capsule(c, chain, lines);
    chain_end = c.b;
  }
}

}  // namespace navlab::app
