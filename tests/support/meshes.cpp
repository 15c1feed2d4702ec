#include "meshes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab::test {

NavMesh mesh_of(std::vector<Vec2> vertices, std::vector<std::vector<int>> polygons) {
  Scene::Navmesh def;
  def.vertices = std::move(vertices);
  def.polygons = std::move(polygons);
  Result<NavMesh> m = build_hand_authored(def, "test");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.ok() ? m.value() : NavMesh{};
}

namespace {
Loaded with_mesh(const Result<Scene>& s) {
  EXPECT_TRUE(s.ok()) << s.error();
  if (!s.ok()) return {};
  Result<NavMesh> m = build_navmesh(s.value());
  EXPECT_TRUE(m.ok()) << m.error();
  return {s.value(), m.ok() ? m.value() : NavMesh{}};
}
}  // namespace

Loaded load(const std::string& name) { return with_mesh(load_scene(scene_path(name))); }

Loaded load_text(const std::string& text, const std::string& file) { return with_mesh(parse_scene(text, file)); }

bool inside_polygon(const std::vector<Vec2>& poly, Vec2 p, double tol) {
  bool in = false;
  for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2 a = poly[i], b = poly[j];
    const Vec2 ab = b - a;
    const double t = std::clamp(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y), 0.0, 1.0);
    if (std::hypot(p.x - a.x - ab.x * t, p.y - a.y - ab.y * t) <= tol) return true;
    if ((a.y > p.y) != (b.y > p.y) && p.x < ab.x * (p.y - a.y) / ab.y + a.x) in = !in;
  }
  return in;
}

std::vector<std::string> navmesh_scene_files() {
  std::vector<std::string> out;
  for (const std::string& f : scene_files()) {
    const Result<Scene> s = load_scene(f);
    if (!s || !s->sidescroller_source()) out.push_back(f);
  }
  return out;
}

NavMesh random_mesh(std::mt19937& rng, int w, int h, double jitter_m) {
  std::uniform_real_distribution<double> jitter(-jitter_m, jitter_m), cost(1.0, 3.0), keep(0.0, 1.0);
  Scene::Navmesh n;
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) n.vertices.push_back({x + jitter(rng), y + jitter(rng)});
  auto v = [&](int x, int y) { return y * (w + 1) + x; };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (keep(rng) > 0.15) n.polygons.push_back({v(x, y), v(x + 1, y), v(x + 1, y + 1)});
      if (keep(rng) > 0.15) n.polygons.push_back({v(x, y), v(x + 1, y + 1), v(x, y + 1)});
    }
  for (size_t i = 0; i < n.polygons.size(); ++i) n.costs.push_back(cost(rng));
  Result<NavMesh> m = build_hand_authored(n, "random");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.value();
}

double polygon_area(const NavMesh& m) {
  double total = 0.0;
  for (const NavPoly& p : m.polys) {
    double a2 = 0.0;
    for (size_t i = 0; i < p.verts.size(); ++i)
      a2 += cross(m.verts[p.verts[i]], m.verts[p.verts[(i + 1) % p.verts.size()]]);
    total += 0.5 * a2;
  }
  return total;
}

double eroded_area_raster(const Scene::Floorplan& f, double r, double step) {
  std::vector<std::vector<Vec2>> rings = f.holes;
  rings.push_back(f.outline);
  double lo_x = 1e9, hi_x = -1e9, lo_y = 1e9, hi_y = -1e9;
  for (const Vec2& p : f.outline) {
    lo_x = std::min(lo_x, p.x), hi_x = std::max(hi_x, p.x);
    lo_y = std::min(lo_y, p.y), hi_y = std::max(hi_y, p.y);
  }
  long inside = 0;
  for (double y = lo_y + step / 2; y < hi_y; y += step)
    for (double x = lo_x + step / 2; x < hi_x; x += step) {
      const Vec2 p{x, y};
      if (!point_in_ring(p, f.outline)) continue;
      bool ok = true;
      for (const auto& h : f.holes) ok = ok && !point_in_ring(p, h);
      for (const auto& ring : rings)
        for (size_t i = 0; ok && i < ring.size(); ++i)
          ok = distance_to_segment(p, ring[i], ring[(i + 1) % ring.size()]) >= r;
      inside += ok;
    }
  return double(inside) * step * step;
}

NavMesh l_corridor() {
  return mesh_of({{-10, -2}, {2, -2}, {6, -2}, {6, 2}, {2, 2}, {-10, 2}, {6, 10}, {2, 10}},
                 {{0, 1, 4, 5}, {1, 2, 3, 4}, {4, 3, 6, 7}});
}

Scene::Graph w2_graph() {
  Scene::Graph g;
  g.nodes = {{"Start", {0, 0}}, {"Hall", {2, 0}}, {"Door", {4, 0}}, {"Goal", {6, 0}}, {"Balcony", {3, 3}}};
  g.edges = {{"Start", "Hall", 2, ""},
             {"Start", "Balcony", 6, ""},
             {"Hall", "Door", 2, "door1"},
             {"Door", "Goal", 2, ""},
             {"Balcony", "Goal", 3, ""}};
  return g;
}

}  // namespace navlab::test
