#include "query_cache.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "locate.h"
#include "navmesh.h"

namespace navlab {

namespace {

// Dimensionless: Detour computes in floats (2^-24 relative rounding); a share of the largest coordinate
// this large is about 170 roundings, far more than its point-in-polygon test accumulates.
constexpr double kFloatMarginRelative = 1e-5;
// Nodes of locate's Detour query (its const queries use none; Detour needs a pool to initialise).
constexpr int kLocateQueryNodes = 64;

// Fills the baked part of `index`: the Detour query, the float margin, the climb and the surface heights.
void index_baked(const NavMesh& mesh, MeshIndex& index) {
  double largest = 1.0;
  for (Vec2 v : mesh.verts) largest = std::max({largest, std::fabs(v.x), std::fabs(v.y)});
  for (double h : mesh.heights) largest = std::max(largest, std::fabs(h));
  index.detour_margin = kFloatMarginRelative * largest;
  const dtNavMesh& nav = *mesh.baked->detour;
  index.detour_climb = std::numeric_limits<double>::infinity();
  for (int t = 0; t < nav.getMaxTiles(); ++t) {
    const dtMeshTile* tile = nav.getTile(t);
    if (!tile || !tile->header) continue;
    index.detour_climb = std::min(index.detour_climb, double(tile->header->walkableClimb));
    for (int v = 0; v < tile->header->vertCount; ++v)
      index.surface_max_abs_height = std::max(index.surface_max_abs_height, std::fabs(double(tile->verts[v * 3 + 1])));
    for (int v = 0; v < tile->header->detailVertCount; ++v)
      index.surface_max_abs_height =
          std::max(index.surface_max_abs_height, std::fabs(double(tile->detailVerts[v * 3 + 1])));
  }
  if (!std::isfinite(index.detour_climb)) index.detour_climb = 0.0;
  std::shared_ptr<dtNavMeshQuery> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  if (query && dtStatusSucceed(query->init(&nav, kLocateQueryNodes))) index.detour_query = std::move(query);
  index.grid = PolygonGrid(mesh, index.detour_margin);
}

// Each baked door's polygons and connections (MeshIndex::BakedDoor).
void index_baked_doors(const NavMesh& mesh, MeshIndex& index) {
  const int doors = int(mesh.door_ids.size());
  if (doors == 0) return;
  index.baked_doors.resize(size_t(doors));
  const auto door_of = [&](int p) {
    const int k = mesh.polys[size_t(p)].door;
    return k >= 0 && k < doors ? k : -1;
  };
  for (int p = 0; p < int(mesh.polys.size()); ++p) {
    const int k = door_of(p);
    if (k >= 0) index.baked_doors[size_t(k)].polys.push_back(p);
    const std::vector<int>& nbs = mesh.polys[size_t(p)].neighbours;
    for (int e = 0; e < int(nbs.size()); ++e) {
      const int nb = nbs[size_t(e)];
      if (nb < 0) continue;
      const int across = door_of(nb);
      if (k >= 0) index.baked_doors[size_t(k)].edges.emplace_back(p, e);
      if (across >= 0 && across != k) index.baked_doors[size_t(across)].edges.emplace_back(p, e);
    }
  }
}

}  // namespace

MeshIndex::SearchEdges::SearchEdges(const NavMesh& mesh) {
  first_.resize(mesh.polys.size() + 1);
  cost_.resize(mesh.polys.size());
  size_t count = 0;
  for (size_t p = 0; p < mesh.polys.size(); ++p) {
    first_[p] = unsigned(count);
    count += mesh.polys[p].neighbours.size();
    cost_[p] = mesh.polys[p].cost;
  }
  first_.back() = unsigned(count);
  edges_ = std::make_unique_for_overwrite<SearchEdge[]>(count);
  state_ = std::make_unique<std::atomic<State>[]>(mesh.polys.size());  // all NotYet
}

const MeshIndex::SearchEdge* MeshIndex::SearchEdges::of(const NavMesh& mesh, int poly) const {
  std::atomic<State>& state = state_[size_t(poly)];
  State now = state.load(std::memory_order_acquire);
  if (now == State::NotYet && state.compare_exchange_strong(now, State::Writing, std::memory_order_acquire)) {
    write(mesh, poly);
    state.store(State::Written, std::memory_order_release);
    now = State::Written;
  }
  return now == State::Written ? &edges_[first_[size_t(poly)]] : nullptr;
}

void MeshIndex::SearchEdges::write(const NavMesh& mesh, int p) const {
  const NavPoly& poly = mesh.polys[size_t(p)];
  const std::vector<BorderEdge>* on_border =
      mesh.baked && !mesh.baked->borders.empty() && !mesh.baked->borders[size_t(p)].empty()
          ? &mesh.baked->borders[size_t(p)]
          : nullptr;
  SearchEdge* out = &edges_[first_[size_t(p)]];
  for (size_t e = 0; e < poly.neighbours.size(); ++e, ++out) {
    out->next = e < poly.verts.size() ? poly.neighbours[e] : -1;
    if (out->next < 0) continue;
    const BorderEdge* border =
        on_border && e < on_border->size() && (*on_border)[e].border ? &(*on_border)[e] : nullptr;
    out->slot = border ? border->node : out->next;
    const Vec3 mid = border ? border->mid : mesh.edge_midpoint(p, int(e));
    out->x = mid.x;
    out->y = mid.y;
    out->z = mid.z;
  }
}

MeshIndex::MeshIndex(const NavMesh& mesh)
    : tolerance(locate_tolerance(mesh)), scale(std::max(1.0, bounds_of(mesh.verts).largest_side())) {
  if (mesh.kind == NavMesh::Kind::Polygons) {
    if (mesh.baked && mesh.baked->detour)
      index_baked(mesh, *this);
    else
      grid = PolygonGrid(mesh, tolerance);
    edges_join = std::make_unique<std::atomic<EdgesJoin>[]>(mesh.polys.size());  // all NotYet
    reach_state_ = std::make_unique<std::atomic<Kept>[]>(mesh.polys.size());     // all NotYet
    reach_ = std::make_unique_for_overwrite<PolygonReach[]>(mesh.polys.size());
    if (mesh.links.empty()) search_edges = SearchEdges(mesh);
    index_baked_doors(mesh, *this);
    if (!mesh.links.empty()) poly_links.resize(mesh.polys.size());
    for (int i = 0; i < int(mesh.links.size()); ++i) {
      const NavLink& l = mesh.links[size_t(i)];
      if (l.from_poly >= 0) poly_links[size_t(l.from_poly)].push_back(mesh.link_code(l.from_poly, {i, false}));
      if (l.bidirectional && l.to_poly >= 0)
        poly_links[size_t(l.to_poly)].push_back(mesh.link_code(l.to_poly, {i, true}));
    }
    for (std::vector<int>& codes : poly_links) std::sort(codes.begin(), codes.end());
    return;
  }
  for (size_t i = 0; i < mesh.nodes.size(); ++i) node_ids.try_emplace(mesh.nodes[i].id, int(i));
  graph_out.resize(mesh.nodes.size());
  for (size_t e = 0; e < mesh.edges.size(); ++e) graph_out[size_t(mesh.edges[e].from)].push_back(int(e));
}

Components connected_components(const NavMesh& mesh, const LinkBlocks* blocked) {
  Components out;
  const int n = int(mesh.polys.size());
  out.of_poly.assign(size_t(n), -1);
  const auto barred = [&](int p, size_t e) { return blocked && blocked->barred(p, int(e)); };
  std::vector<int> stack;
  for (int seed = 0; seed < n; ++seed) {
    if (out.of_poly[size_t(seed)] >= 0) continue;
    const int id = out.count++;
    out.of_poly[size_t(seed)] = id;
    stack.push_back(seed);
    while (!stack.empty()) {
      const int p = stack.back();
      stack.pop_back();
      const std::vector<int>& nbs = mesh.polys[size_t(p)].neighbours;
      for (size_t e = 0; e < nbs.size(); ++e) {
        const int q = nbs[e];
        if (q < 0 || out.of_poly[size_t(q)] >= 0 || barred(p, e)) continue;
        out.of_poly[size_t(q)] = id;
        stack.push_back(q);
      }
    }
  }
  return out;
}

PolygonReach MeshIndex::reach_of(const NavMesh& mesh, int p) const {
  const auto work_out = [&] {
    thread_local std::vector<Vec2> ring;
    const NavPoly& poly = mesh.polys[size_t(p)];
    ring.resize(poly.verts.size());
    for (size_t i = 0; i < ring.size(); ++i) ring[i] = mesh.verts[size_t(poly.verts[i])];
    return polygon_reach(ring);
  };
  std::atomic<Kept>& state = reach_state_[size_t(p)];
  Kept now = state.load(std::memory_order_acquire);
  if (now == Kept::Written) return reach_[size_t(p)];
  if (now == Kept::NotYet && state.compare_exchange_strong(now, Kept::Writing, std::memory_order_acquire)) {
    reach_[size_t(p)] = work_out();
    state.store(Kept::Written, std::memory_order_release);
    return reach_[size_t(p)];
  }
  return work_out();
}

QueryCache& QueryCache::operator=(const QueryCache& other) noexcept {
  if (this != &other) clear();
  return *this;
}

QueryCache& QueryCache::operator=(QueryCache&& other) noexcept {
  if (this == &other) return *this;
  clear();
  take_from(other);
  return *this;
}

void QueryCache::take_from(QueryCache& other) noexcept {
  const std::scoped_lock lock(mutex_, other.mutex_);
  owned_ = std::move(other.owned_);
  built_.store(other.built_.exchange(nullptr, std::memory_order_acq_rel), std::memory_order_release);
}

void QueryCache::clear() noexcept {
  const std::lock_guard<std::mutex> lock(mutex_);
  built_.store(nullptr, std::memory_order_release);
  owned_.reset();
}

QueryCache::Layout QueryCache::layout_of(const NavMesh& mesh) {
  return {mesh.revision.value(), mesh.verts.data(), mesh.verts.size(), mesh.polys.data(),
          mesh.polys.size(),     mesh.nodes.data(), mesh.nodes.size(), mesh.edges.data(),
          mesh.edges.size(),     mesh.links.data(), mesh.links.size(), mesh.baked.get()};
}

std::shared_ptr<const MeshIndex> QueryCache::index(const NavMesh& mesh) const {
  const Layout now = layout_of(mesh);
  if (const Built* b = built_.load(std::memory_order_acquire); b && b->layout == now) return b->index;
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!owned_ || !(owned_->layout == now)) {  // not built yet, or built for the mesh before a change
    built_.store(nullptr, std::memory_order_release);
    owned_ = std::make_unique<const Built>(Built{now, std::make_shared<const MeshIndex>(mesh)});
    built_.store(owned_.get(), std::memory_order_release);
  }
  return owned_->index;
}

const MeshIndex& QueryCache::index_of(const NavMesh& mesh) const {
  if (const Built* b = built_.load(std::memory_order_acquire); b && b->layout == layout_of(mesh)) return *b->index;
  return *index(mesh);  // built now: `owned_` keeps it
}

bool QueryCache::has_index(const NavMesh& mesh) const {
  const Built* b = built_.load(std::memory_order_acquire);
  return b && b->layout == layout_of(mesh);
}

}  // namespace navlab
