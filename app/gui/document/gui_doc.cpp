#include "gui_doc.h"

#include <SDL.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <utility>

#include "navmesh_build.h"
#include "polyanya.h"
#include "search.h"
#include "spawn.h"

namespace navlab::app {

namespace {

void grow(Vec2& lo, Vec2& hi, Vec2 p) {
  lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
  hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
}

}  // namespace

Result<Document> load_document(const std::string& path) {
  Result<Scene> scene = load_scene(path);
  if (!scene) return Error{scene.error()};
  return document_from_scene(std::move(scene.value()), path);
}

Result<Document> document_from_scene(Scene scene, const std::string& path) {
  // A side-scroller scene has no navmesh: the side view (gui_side.h) draws its solids.
  const bool side = traits(scene.kind()).side_view;
  std::vector<BakeStep> bake_steps;
  BakeStages bake_stages;
  Result<NavMesh> mesh = side ? Result<NavMesh>(NavMesh{}) : build_navmesh(scene, &bake_steps, &bake_stages);
  if (!mesh) return Error{mesh.error()};

  Document next;
  next.path = path;
  next.scene = std::move(scene);
  set_mesh(next, std::move(mesh.value()));
  next.bake_steps = std::move(bake_steps);
  next.bake_stages = std::move(bake_stages);
  const double inf = std::numeric_limits<double>::infinity();
  Vec2 lo{inf, inf}, hi{-inf, -inf};
  if (next.mesh.kind == NavMesh::Kind::Graph) {
    for (const auto& n : next.mesh.nodes) grow(lo, hi, n.pos);
  } else {
    for (const Vec2& v : next.mesh.verts) grow(lo, hi, v);
  }
  for (const auto& q : next.scene.queries) {
    if (q.start.node.empty()) grow(lo, hi, q.start.plane);
    if (q.goal.node.empty()) grow(lo, hi, q.goal.plane);
  }
  if (!(lo.x <= hi.x)) lo = hi = {0, 0};
  next.lo = lo;
  next.hi = hi;
  if (!next.scene.queries.empty()) {
    next.start = next.scene.queries[0].start;
    next.goal = next.scene.queries[0].goal;
    next.query_index = 0;
  }
  return next;
}

HeightRange height_range(const NavMesh& mesh) {
  if (mesh.heights.empty()) return {};
  const auto [mn, mx] = std::minmax_element(mesh.heights.begin(), mesh.heights.end());
  return {*mn, *mx};
}

void ready_mesh(const NavMesh& mesh) {
  prepare_search(mesh);
  ready_spawn_checks(mesh);
  ready_polyanya(mesh);
}

NavMesh set_mesh(Document& doc, NavMesh mesh) {
  NavMesh old = std::exchange(doc.mesh, std::move(mesh));
  doc.mesh_revision = new_mesh_revision();
  const HeightRange h = height_range(doc.mesh);
  doc.min_height = h.min;
  doc.max_height = h.max;
  return old;
}

long new_mesh_revision() {
  static long last = 0;
  return ++last;
}

std::string resource_path(const std::string& rel) {
  namespace fs = std::filesystem;
  if (char* base = SDL_GetBasePath()) {
    const std::string beside = std::string(base) + rel;
    SDL_free(base);
    if (fs::exists(beside)) return beside;
  }
#ifdef NAVLAB_SOURCE_DIR
  const std::string src = std::string(NAVLAB_SOURCE_DIR) + "/" + rel;
  if (fs::exists(src)) return src;
#endif
  return rel;
}

std::string default_scene_path() { return resource_path("scenes/default.json"); }

}  // namespace navlab::app
