#include "tiled_convert.h"

#include <DetourNavMesh.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "offmesh_links.h"
#include "tolerances.h"

namespace navlab {

// Tiled Detour mesh → NavMesh. Per polygon the vertex order and the counter-clockwise fix follow
// core/navmesh/bake.h's single-tile reader; what is added here is welding across tiles and splitting border
// edges at the vertices of the polygons they face, so that each edge has exactly one neighbour.
//
// The conversion is per tile: a polygon reads only its own tile and, across the tile border, the
// polygons its external links face (which live in the eight neighbouring tiles). So after an update
// only the rebuilt tiles and their neighbours are converted again; every other polygon is moved over
// with its neighbour indices shifted. Vertices are then numbered in order of first use in polygon
// order, in both paths, which makes the patched mesh identical to a full conversion.
namespace {

// Share of an edge: a neighbouring tile's vertex this close to an end is that end, not a cut inside it.
constexpr double kInterior = 1e-6;

Vec3 world_of(const float* v) { return {v[0], v[1], v[2]}; }

// The welder's bucket of a world point: its planning-plane position to the millimetre. Unsigned
// arithmetic wraps where a file's far-off coordinates would overflow a signed product.
long long weld_key(Vec3 w) {
  const auto x = static_cast<unsigned long long>(std::llround(w.x * 1000.0));
  const auto z = static_cast<unsigned long long>(std::llround(w.z * 1000.0));
  return static_cast<long long>((x * 1000003ULL) ^ z);
}

// The tile's ground polygons: Detour numbers its off-mesh connections' polygons after them (offMeshBase).
int ground_polys(const dtMeshTile& tile) { return tile.header->offMeshBase; }

struct ConvertCtx {
  const dtNavMesh& nav;
  const std::vector<int>& base;  // tile slot -> index of its polygon 0 in the new layout (-1: no polygons)
  std::vector<Vec2>& verts;
  std::vector<double>& heights;
  TiledWeld& weld;
  double climb;
  const std::function<int(Vec2)>* area_at = nullptr;  // painted area at a point (null: area 0)
  int door_count = 0;                                 // door k is area area_count + k

  int add_vertex(Vec3 w) {
    verts.push_back(to_plane(w));
    heights.push_back(w.y);
    return int(verts.size()) - 1;
  }
  // Only vertices on a tile's border can be shared with another tile; they are matched by
  // planning-plane position to the nearest millimetre and heights within agent_max_climb.
  int welded(Vec3 w) {
    auto& bucket = weld.buckets[weld_key(w)];
    for (int v : bucket)
      if (std::abs(heights[size_t(v)] - w.y) <= climb && distance(verts[size_t(v)], to_plane(w)) < tol::kWeld) return v;
    const int v = add_vertex(w);
    bucket.push_back(v);
    return v;
  }
  int index_of(dtPolyRef ref) const {
    unsigned int salt = 0, it = 0, ip = 0;
    nav.decodePolyId(ref, salt, it, ip);
    return base[it] + int(ip);
  }
  // Appends the polygons of the tile in `slot` to `polys`.
  void tile(int slot, std::vector<NavPoly>& polys, int area_count);
};

void ConvertCtx::tile(int slot, std::vector<NavPoly>& polys, int area_count) {
  const dtMeshTile* tile = nav.getTile(slot);
  const float* tmin = tile->header->bmin;
  const float* tmax = tile->header->bmax;
  std::vector<int> local(size_t(tile->header->vertCount), -1);  // tile vertex -> mesh vertex
  auto vertex_of = [&](int i) {
    if (local[size_t(i)] >= 0) return local[size_t(i)];
    const float* v = &tile->verts[i * 3];
    const float near = float(tol::kWeld);
    const bool border = std::abs(v[0] - tmin[0]) < near || std::abs(v[0] - tmax[0]) < near ||
                        std::abs(v[2] - tmin[2]) < near || std::abs(v[2] - tmax[2]) < near;
    return local[size_t(i)] = border ? welded(world_of(v)) : add_vertex(world_of(v));
  };
  for (int ip = 0; ip < ground_polys(*tile); ++ip) {
    const dtPoly& dp = tile->polys[ip];
    NavPoly p;
    const int n = dp.vertCount;
    p.verts.reserve(size_t(n) + 2);
    p.neighbours.reserve(size_t(n) + 2);
    for (int j = 0; j < n; ++j) {
      const Vec3 va = world_of(&tile->verts[dp.verts[j] * 3]);
      const Vec3 vb = world_of(&tile->verts[dp.verts[(j + 1) % n] * 3]);
      p.verts.push_back(vertex_of(dp.verts[j]));
      const unsigned short nei = dp.neis[j];
      if (!(nei & DT_EXT_LINK)) {
        p.neighbours.push_back(nei != 0 ? base[size_t(slot)] + int(nei) - 1 : -1);
        continue;
      }
      // A tile border edge: split it at the vertices of the polygons it faces.
      const Vec2 a = to_plane(va), b = to_plane(vb);
      const Vec2 ab = b - a;
      const double len2 = dot(ab, ab);
      std::vector<dtPolyRef> faced;
      std::vector<std::pair<double, Vec3>> cuts;
      for (unsigned k = dp.firstLink; k != DT_NULL_LINK; k = tile->links[k].next) {
        const dtLink& link = tile->links[k];
        if (link.edge != j) continue;
        faced.push_back(link.ref);
        const dtMeshTile* nt = nullptr;
        const dtPoly* np = nullptr;
        nav.getTileAndPolyByRefUnsafe(link.ref, &nt, &np);
        for (int q = 0; q < np->vertCount; ++q) {
          const Vec3 w = world_of(&nt->verts[np->verts[q] * 3]);
          const Vec2 c = to_plane(w);
          const double t = len2 > 0 ? dot(c - a, ab) / len2 : 0.0;
          if (t > kInterior && t < 1 - kInterior && distance_to_segment(c, a, b) < tol::kWeld) cuts.push_back({t, w});
        }
      }
      std::sort(cuts.begin(), cuts.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
      std::vector<Vec3> pts{va};
      for (const auto& c : cuts)
        if (distance(to_plane(c.second), to_plane(pts.back())) > tol::kWeld) pts.push_back(c.second);
      if (pts.size() > 1 && distance(to_plane(pts.back()), b) <= tol::kWeld) pts.pop_back();
      pts.push_back(vb);
      for (size_t s = 0; s + 1 < pts.size(); ++s) {
        if (s > 0) p.verts.push_back(welded(pts[s]));
        const Vec2 m = (to_plane(pts[s]) + to_plane(pts[s + 1])) * 0.5;
        int neighbour = -1;
        for (dtPolyRef r : faced) {
          const dtMeshTile* nt = nullptr;
          const dtPoly* np = nullptr;
          nav.getTileAndPolyByRefUnsafe(r, &nt, &np);
          for (int q = 0; q < np->vertCount && neighbour < 0; ++q) {
            const Vec2 c0 = to_plane(world_of(&nt->verts[np->verts[q] * 3]));
            const Vec2 c1 = to_plane(world_of(&nt->verts[np->verts[(q + 1) % np->vertCount] * 3]));
            if (distance_to_segment(m, c0, c1) < tol::kWeld) neighbour = index_of(r);
          }
        }
        p.neighbours.push_back(neighbour);
      }
    }
    make_counter_clockwise(p, verts);
    p.area = dp.getArea();
    if (p.area >= area_count && p.area < area_count + door_count) {
      // A door polygon takes back the area painted beneath it (at its vertex average), as in core/navmesh/bake.h.
      p.door = p.area - area_count;
      Vec2 sum{};
      for (int v : p.verts) sum = sum + verts[size_t(v)];
      p.area = area_at && *area_at && !p.verts.empty() ? (*area_at)(sum * (1.0 / double(p.verts.size()))) : 0;
    } else if (p.area >= area_count) {
      p.area = 0;
    }
    polys.push_back(std::move(p));
  }
}

// Numbers the vertices of `out` in order of first use in polygon order (its polygons index `old_verts`
// until then); vertices no polygon uses any more (of the replaced polygons) are dropped, from the welder
// and the heights too.
void number_vertices(TiledNavMesh& out, const std::vector<Vec2>& old_verts, TiledWeld& weld,
                     std::vector<double>& heights) {
  std::vector<int> vmap(old_verts.size(), -1);
  std::vector<Vec2>& verts = out.mesh.verts;
  std::vector<double> new_heights;
  verts.reserve(old_verts.size());
  new_heights.reserve(old_verts.size());
  for (NavPoly& p : out.mesh.polys)
    for (int& v : p.verts) {
      int& to = vmap[size_t(v)];
      if (to < 0) {
        to = int(verts.size());
        verts.push_back(old_verts[size_t(v)]);
        new_heights.push_back(heights[size_t(v)]);
      }
      v = to;
    }
  for (auto it = weld.buckets.begin(); it != weld.buckets.end();) {
    auto& bucket = it->second;
    size_t n = 0;
    for (int v : bucket)
      if (vmap[size_t(v)] >= 0) bucket[n++] = vmap[size_t(v)];
    bucket.resize(n);
    it = bucket.empty() ? weld.buckets.erase(it) : std::next(it);
  }
  heights = std::move(new_heights);
  if (out.mesh.is3d) out.mesh.heights = heights;
}

// The new layout: the tiles that have polygons, in tile-id order, and where each tile's polygons start.
struct TileOrder {
  std::vector<std::pair<int, int>> order;  // (tile id, tile slot)
  std::vector<int> base;                   // by tile slot: its first polygon's index (-1: no polygons)
  int total = 0;                           // polygons in all
};
TileOrder tile_order(const dtNavMesh& nav, const TiledLayout& lay) {
  const int layer_size = lay.tw * lay.th;
  TileOrder out;
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    if (t && t->header && ground_polys(*t) > 0)
      out.order.push_back({t->header->layer * layer_size + t->header->y * lay.tw + t->header->x, i});
  }
  std::sort(out.order.begin(), out.order.end());
  out.base.assign(size_t(nav.getMaxTiles()), -1);
  for (const auto& [id, slot] : out.order) {
    out.base[size_t(slot)] = out.total;
    out.total += ground_polys(*nav.getTile(slot));
  }
  return out;
}

}  // namespace

int convert_tiled(const dtNavMesh& nav, const TiledLayout& lay, const std::vector<int>* rebuilt, TiledNavMesh& mesh,
                  TiledWeld& weld) {
  std::vector<double>& heights = weld.heights;
  const int layer_size = lay.tw * lay.th;
  const TileOrder layout = tile_order(nav, lay);
  const std::vector<std::pair<int, int>>& order = layout.order;
  const std::vector<int>& base = layout.base;
  const int total = layout.total;

  // The old layout: each tile's range of polygons.
  const bool full = rebuilt == nullptr || mesh.keys.empty();
  mesh.mesh.revision.bump();                               // the tiles' polygons are rewritten in place
  std::unordered_map<int, std::pair<int, int>> old_range;  // tile id -> (first, count)
  if (full) {
    mesh = TiledNavMesh{};
    weld.buckets.clear();
    heights.clear();
  } else {
    for (size_t i = 0; i < mesh.tile_of.size(); ++i)
      ++old_range.try_emplace(mesh.tile_of[i], int(i), 0).first->second.second;
  }
  // Converted again: the rebuilt tiles and their neighbours (any layer), and any tile that is new.
  std::vector<char> redo(order.size(), 1);
  if (!full)
    for (size_t o = 0; o < order.size(); ++o) {
      const int id = order[o].first, tx = id % lay.tw, ty = (id % layer_size) / lay.tw;
      auto it = old_range.find(id);
      bool near = it == old_range.end() || it->second.second != ground_polys(*nav.getTile(order[o].second));
      for (size_t r = 0; r < rebuilt->size() && !near; ++r) {
        const int rid = (*rebuilt)[r], rx = rid % lay.tw, ry = (rid % layer_size) / lay.tw;
        near = std::abs(rx - tx) <= 1 && std::abs(ry - ty) <= 1;
      }
      redo[o] = near;
    }
  // Old polygon index -> new index for every tile that was not rebuilt (a converted neighbour keeps
  // its polygons too, and the kept polygons next to it point into it).
  std::vector<int> remap(mesh.mesh.polys.size(), -1);
  if (!full)
    for (const auto& [id, slot] : order) {
      auto it = old_range.find(id);
      if (it == old_range.end() || std::binary_search(rebuilt->begin(), rebuilt->end(), id)) continue;
      const auto& [first, count] = it->second;
      for (int k = 0; k < count; ++k) remap[size_t(first + k)] = base[size_t(slot)] + k;
    }

  ConvertCtx ctx{nav, base, mesh.mesh.verts, heights, weld, lay.climb};
  ctx.area_at = lay.area_at;
  ctx.door_count = lay.doors ? int(lay.doors->size()) : 0;
  TiledNavMesh out;
  out.mesh.kind = NavMesh::Kind::Polygons;
  out.mesh.is3d = lay.is3d;
  out.mesh.eroded = true;
  out.mesh.area_names = *lay.area_names;
  if (lay.doors)
    for (const Door& d : *lay.doors) out.mesh.door_ids.push_back(d.id);
  out.mesh.polys.reserve(size_t(total));
  out.keys.reserve(size_t(total));
  out.tile_of.reserve(size_t(total));
  int converted = 0;
  for (size_t o = 0; o < order.size(); ++o) {
    const auto& [id, slot] = order[o];
    const int count = ground_polys(*nav.getTile(slot));
    if (redo[o]) {
      ctx.tile(slot, out.mesh.polys, int(lay.area_names->size()));
      converted += count;
    } else {
      const int first = old_range.at(id).first;
      for (int k = 0; k < count; ++k) {
        NavPoly& p = mesh.mesh.polys[size_t(first + k)];
        for (int& nb : p.neighbours)
          if (nb >= 0) nb = remap[size_t(nb)];
        out.mesh.polys.push_back(std::move(p));
      }
    }
    for (int k = 0; k < count; ++k) {
      out.keys.push_back((id << lay.poly_bits) | k);
      out.tile_of.push_back(id);
    }
  }

  number_vertices(out, mesh.mesh.verts, weld, heights);
  // Links are few: read again in full after every change (their ground polygons' indices may shift).
  out.mesh.links = read_offmesh_links(nav, lay.links, lay.is3d, [&](unsigned int ref) {
    unsigned int salt = 0, it = 0, ip = 0;
    nav.decodePolyId(ref, salt, it, ip);
    const dtMeshTile* t = it < base.size() ? nav.getTile(int(it)) : nullptr;
    return t && t->header && base[it] >= 0 && int(ip) < ground_polys(*t) ? base[it] + int(ip) : -1;
  });
  mesh = std::move(out);
  return converted;
}

}  // namespace navlab

namespace navlab {

namespace {

// Detour's portal midpoint for `link` of polygon `poly` in `tile` (dtNavMeshQuery::getEdgeMidPoint): the
// midpoint of the polygon's edge, or on a tile border of its part from bmin / 255 to bmax / 255, in
// Detour's float arithmetic.
Vec3 detour_portal_mid(const dtMeshTile& tile, const dtPoly& poly, const dtLink& link, bool is3d) {
  const float* v0 = &tile.verts[poly.verts[link.edge] * 3];
  const float* v1 = &tile.verts[poly.verts[(link.edge + 1) % poly.vertCount] * 3];
  float left[3], right[3];
  const float tmin = link.bmin * (1.0f / 255.0f), tmax = link.bmax * (1.0f / 255.0f);
  const bool clipped = link.bmin != 0 || link.bmax != 255;
  for (int a = 0; a < 3; ++a) {
    left[a] = clipped ? v0[a] + (v1[a] - v0[a]) * tmin : v0[a];
    right[a] = clipped ? v0[a] + (v1[a] - v0[a]) * tmax : v1[a];
  }
  const float mx = (left[0] + right[0]) * 0.5f, my = (left[1] + right[1]) * 0.5f, mz = (left[2] + right[2]) * 0.5f;
  return {mx, is3d ? double(my) : 0.0, mz};
}

}  // namespace

std::vector<std::vector<BorderEdge>> border_edges(const dtNavMesh& nav, const TiledLayout& lay, const NavMesh& mesh,
                                                  const std::vector<unsigned int>& refs) {
  std::vector<std::vector<BorderEdge>> out(mesh.polys.size());
  for (size_t i = 0; i < mesh.polys.size(); ++i) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    if (dtStatusFailed(nav.getTileAndPolyByRef(refs[i], &tile, &poly))) continue;
    const std::vector<int>& nbs = mesh.polys[i].neighbours;
    for (size_t k = 0; k < nbs.size(); ++k) {
      if (nbs[k] < 0) continue;
      for (unsigned l = poly->firstLink; l != DT_NULL_LINK; l = tile->links[l].next) {
        const dtLink& link = tile->links[l];
        if (link.ref != refs[size_t(nbs[k])] || link.side == 0xff) continue;
        if (out[i].empty()) out[i].resize(nbs.size());
        out[i][k] = {true, static_cast<unsigned char>(link.side >> 1), detour_portal_mid(*tile, *poly, link, lay.is3d)};
        break;
      }
    }
  }
  return out;
}

void number_state_nodes(BakedNavMesh& baked, const NavMesh& mesh) {
  const int n = int(mesh.polys.size());
  std::vector<int> index(size_t(n) * (kDetourNodeStates - 1), -1);  // (polygon, state - 1) -> state_nodes
  auto node = [&](int poly, int state) {
    if (state <= 0 || poly < 0) return poly;
    int& at = index[size_t(poly) * (kDetourNodeStates - 1) + size_t(state - 1)];
    if (at < 0) {
      at = int(baked.state_nodes.size());
      baked.state_nodes.push_back({poly, static_cast<unsigned char>(state)});
    }
    return n + at;
  };
  baked.state_nodes.clear();
  for (int i = 0; i < n; ++i) {
    for (size_t k = 0; k < baked.borders[size_t(i)].size(); ++k) {
      BorderEdge& e = baked.borders[size_t(i)][k];
      if (e.border) e.node = node(mesh.polys[size_t(i)].neighbours[k], e.state);
    }
  }
  baked.link_nodes.clear();
  for (const NavLink& l : mesh.links) baked.link_nodes.push_back(node(l.to_poly, l.land_state));
}

std::shared_ptr<BakedNavMesh> tiled_baked(std::shared_ptr<dtNavMesh> nav, const TiledLayout& lay,
                                          const TiledNavMesh& mesh) {
  auto baked = std::make_shared<BakedNavMesh>();
  const dtNavMesh& cnav = *nav;
  const int layer_size = lay.tw * lay.th;
  std::unordered_map<int, const dtMeshTile*> by_id;  // tile id -> Detour tile
  for (int i = 0; i < cnav.getMaxTiles(); ++i) {
    const dtMeshTile* t = cnav.getTile(i);
    if (t && t->header) by_id[t->header->layer * layer_size + t->header->y * lay.tw + t->header->x] = t;
  }
  baked->tile_first.assign(size_t(cnav.getMaxTiles()), -1);
  baked->refs.reserve(mesh.keys.size());
  const int mask = (1 << lay.poly_bits) - 1;
  for (size_t i = 0; i < mesh.keys.size(); ++i) {
    const dtMeshTile* t = by_id.at(mesh.tile_of[i]);
    const int slot = int(t - cnav.getTile(0));
    if (baked->tile_first[size_t(slot)] < 0) baked->tile_first[size_t(slot)] = int(i);
    baked->refs.push_back(cnav.getPolyRefBase(t) | unsigned(mesh.keys[i] & mask));
  }
  baked->borders = border_edges(cnav, lay, mesh.mesh, baked->refs);
  number_state_nodes(*baked, mesh.mesh);
  baked->detour = std::move(nav);
  return baked;
}

}  // namespace navlab
