#include "gui_view3d.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include "level_file.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

// The level: walkable faces light, the others (walls, risers, undersides) warmer and darker.
const gl::Rgba kLevelWalkable{168, 164, 152, 255};
const gl::Rgba kLevelUnwalkable{150, 112, 96, 255};  // tests/gui/test_app_view3d.cpp looks for it
const gl::Rgba kLevelUnknown{150, 150, 150, 255};    // tiled bakes keep no walkable flags

// Depth bias of each layer (gl_renderer3d.h): a fraction of the distance to the eye.
constexpr double kNavmeshPull = 0.0015;
constexpr double kEdgePull = 0.003;
constexpr double kPlanFillPull = 0.004;
constexpr double kPlanLinePull = 0.006;
constexpr double kGridBelow = 0.02;  // m under the lowest point of the level

Vec3 min3(Vec3 a, Vec3 b) { return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)}; }
Vec3 max3(Vec3 a, Vec3 b) { return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)}; }

gl::Rgba brighter(gl::Rgba c, double k) {
  auto ch = [k](uint8_t v) { return uint8_t(std::clamp(v * k, 0.0, 255.0)); };
  return {ch(c.r), ch(c.g), ch(c.b), c.a};
}

}  // namespace

bool View3D::possible(const Document& doc) {
  return doc.loaded() && doc.mesh.kind == NavMesh::Kind::Polygons && doc.mesh.is3d && !doc.mesh.polys.empty();
}

void View3D::begin(const Document& doc, const std::vector<int>& corridor, Vec2 size) {
  size_ = {std::max(1.0, size.x), std::max(1.0, size.y)};
  if (doc.mesh_revision != surface_revision_) {
    lift_.reset(doc.mesh);
    surface_revision_ = doc.mesh_revision;
    plan_valid_ = false;
    Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    for (const auto& t : lift_.surface().triangles())
      for (const Vec3& c : t.corners) {
        lo = min3(lo, c);
        hi = max3(hi, c);
      }
    for (const StageTriangle& t : doc.bake_stages.triangles)
      for (const Vec3& c : t.corners) {
        lo = min3(lo, c);
        hi = max3(hi, c);
      }
    if (lo.x <= hi.x) {
      lo_ = lo;
      hi_ = hi;
    }
  }
  lift_.prefer(corridor);
}

void View3D::fit() {
  camera.fit(lo_, hi_, size_);
  framed_ = true;
}

std::optional<Vec2> View3D::project(Vec2 plane) const { return camera.to_screen(lift_.lift(plane), size_); }

double View3D::px_per_m() const {
  constexpr double kStepsPerOctave = 8.0;
  return std::exp2(std::round(std::log2(camera.px_per_m(size_)) * kStepsPerOctave) / kStepsPerOctave);
}

std::optional<Vec2> View3D::project_on(int poly, Vec2 plane) const {
  const std::optional<double> h = lift_.surface().height_on(poly, plane, SurfaceLift::kOffSurfaceReach);
  if (!h) return project(plane);
  return camera.to_screen(to_world(plane, *h + SurfaceLift::kRaise), size_);
}

std::optional<SurfacePick> View3D::pick(Vec2 s) const {
  const gl::OrbitCamera::Ray r = camera.ray_at(s, size_);
  const auto hit = lift_.surface().pick({r.origin, r.dir});
  if (!hit) return std::nullopt;
  return SurfacePick{hit->poly, hit->plane(), hit->world.y};
}

void View3D::build_level(const Document& doc, const Theme&) {
  level_.clear();
  if (!doc.bake_stages.triangles.empty()) {
    for (const StageTriangle& t : doc.bake_stages.triangles)
      level_.triangle(t.corners[0], t.corners[1], t.corners[2], t.walkable ? kLevelWalkable : kLevelUnwalkable);
    return;
  }
  const Scene::Mesh* level_source = doc.scene.mesh_source();
  if (!level_source) return;  // a Detour file has no level: its navmesh alone
  // A tiled bake keeps no stage records: the level file itself, without walkable flags.
  const Result<ObjMesh> level = read_level(*level_source, doc.path);
  if (!level) return;
  for (const auto& t : level->tris)
    level_.triangle(level->verts[size_t(t[0])], level->verts[size_t(t[1])], level->verts[size_t(t[2])], kLevelUnknown);
}

void View3D::build_navmesh(const Document& doc, const Theme& theme) {
  navmesh_.clear();
  edges_.clear();
  const NavMesh& m = doc.mesh;
  const SurfaceMesh& s = lift_.surface();
  const Vec3 up{0, 1, 0};
  for (int p = 0; p < int(m.polys.size()); ++p) {
    const gl::Rgba col = brighter(area_color(area_name(m.area_names, m.polys[size_t(p)].area), 1.0, theme), 1.25);
    const auto [first, end] = s.polygon_triangles(p);
    for (size_t i = first; i < end; ++i) {
      const auto& c = s.triangles()[i].corners;
      navmesh_.triangle(c[0], c[1], c[2], col);
    }
    // Edges on the polygon's own surface, cut so that they follow it: walls thick, shared edges thin
    // (each once, by the lower polygon index).
    const NavPoly& poly = m.polys[size_t(p)];
    const size_t n = poly.verts.size();
    for (size_t k = 0; k < n; ++k) {
      const int nb = k < poly.neighbours.size() ? poly.neighbours[k] : -1;
      if (nb >= 0 && nb < p) continue;
      const Vec2 a = m.verts[size_t(poly.verts[k])], b = m.verts[size_t(poly.verts[(k + 1) % n])];
      const int pieces = std::clamp(int(std::ceil(distance(a, b) / lift_.spacing())), 1, 256);
      std::vector<Vec3> pts;
      for (int i = 0; i <= pieces; ++i) {
        const Vec2 q = lerp(a, b, double(i) / pieces);
        const double h = s.height_on(p, q, 1e-3).value_or(lift_.height(q));
        pts.push_back(to_world(q, h) + up * SurfaceLift::kRaise);
      }
      if (nb < 0)
        edges_.polyline(pts, theme.wall, {2.0f});
      else
        edges_.polyline(pts, theme.edge, {1.0f});
    }
  }
}

void View3D::build_grid(const Theme& theme) {
  grid_.clear();
  const double extent = std::max(hi_.x - lo_.x, hi_.z - lo_.z);
  const double step = nice_step(std::max(extent, 1.0) / 12.0);
  const double y = lo_.y - kGridBelow;
  const double x0 = std::floor((lo_.x - extent * 0.15) / step) * step, x1 = hi_.x + extent * 0.15;
  const double z0 = std::floor((lo_.z - extent * 0.15) / step) * step, z1 = hi_.z + extent * 0.15;
  for (double x = x0; x <= x1; x += step) grid_.segment({x, y, z0}, {x, y, z1}, theme.grid, {1.0f});
  for (double z = z0; z <= z1; z += step) grid_.segment({x0, y, z}, {x1, y, z}, theme.grid, {1.0f});
}

void View3D::build_static(const Document& doc, const Theme& theme, std::optional<BakeStage> stage) {
  const bool stage_changed = stage != static_stage_;
  if (doc.mesh_revision == static_revision_ && theme == static_theme_ && !stage_changed) return;
  if (doc.mesh_revision != static_revision_ || !(theme == static_theme_)) {
    build_level(doc, theme);
    build_navmesh(doc, theme);
    build_grid(theme);
  }
  stage_fills_.clear();
  stage_lines_.clear();
  if (stage && *stage != BakeStage::Input)
    build_bake_stage3d(doc.bake_stages, *stage, theme, stage_fills_, stage_lines_);
  static_revision_ = doc.mesh_revision;
  static_theme_ = theme;
  static_stage_ = stage;
  ++static_builds_;
}

Result<void> View3D::draw(const Document& doc, const Theme& theme, const gl::Batch& plan,
                          std::optional<BakeStage> stage) {
  if (!tried_init_) {
    tried_init_ = true;
    init_error_ = renderer_.init(gl::shader_dir()).error();
  }
  if (!renderer_.ready()) return Error{"3D view: " + init_error_};
  const std::optional<BakeStage> shown = doc.bake_stages.polygons.empty() ? std::nullopt : stage;
  build_static(doc, theme, shown);
  const uint64_t hash = plan.content_hash();
  if (!plan_valid_ || hash != plan_hash_) {
    lift_.lift(plan, plan_fills_, plan_lines_);
    plan_hash_ = hash;
    plan_valid_ = true;
    ++plan_lifts_;
  }
  const gl::Rgba bg = theme.background;
  glDisable(GL_SCISSOR_TEST);
  glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  renderer_.begin(camera, int(size_.x), int(size_.y), theme.line_scale);
  renderer_.draw(grid_, {false, 0.0, false});
  // Input triangles are the level itself, drawn walkable and unwalkable apart; any other stage stands
  // in for the navmesh.
  renderer_.draw(level_);
  if (shown && *shown != BakeStage::Input) {
    renderer_.draw(stage_fills_, {true, kNavmeshPull});
    renderer_.draw(stage_lines_, {false, kEdgePull, false});
  } else if (!shown) {
    renderer_.draw(navmesh_, {true, kNavmeshPull});
    renderer_.draw(edges_, {false, kEdgePull, false});
  }
  renderer_.draw(plan_fills_, {false, kPlanFillPull, false});
  // The plan behind walls and floors faint first (a path under a balcony stays in sight), then in front.
  renderer_.draw(plan_lines_, {false, kPlanLinePull, false, true});
  renderer_.draw(plan_lines_, {false, kPlanLinePull, false});
  glDisable(GL_DEPTH_TEST);
  return {};
}

}  // namespace navlab::app
