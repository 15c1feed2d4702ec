#include "offmesh_links.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>

#include <algorithm>
#include <utility>

#include "bake.h"

namespace navlab {

bool starts_in_tile(const float* p, const float* bmin, const float* bmax) {
  // dtCreateNavMeshData's classification: inside is bmin <= x < bmax and bmin <= z < bmax, so the tiles
  // of a grid, which meet edge to edge, take each point once.
  return p[0] >= bmin[0] && p[0] < bmax[0] && p[2] >= bmin[2] && p[2] < bmax[2];
}

OffMeshCons::OffMeshCons(const std::vector<LinkDef>& links, const BakeDef& def)
    : OffMeshCons(links, def, nullptr, nullptr) {}

OffMeshCons::OffMeshCons(const std::vector<LinkDef>& links, const BakeDef& def, const float* bmin, const float* bmax) {
  for (size_t i = 0; i < links.size(); ++i) {
    const LinkDef& l = links[i];
    const Vec3 a = l.from.world(), b = l.to.world();
    const float ends[6] = {float(a.x), float(a.y), float(a.z), float(b.x), float(b.y), float(b.z)};
    if (bmin && !starts_in_tile(ends, bmin, bmax)) continue;
    verts.insert(verts.end(), ends, ends + 6);
    rad.push_back(float(l.radius_or(def)));
    flags.push_back(kPolyFlagWalk);
    areas.push_back(0);
    dir.push_back(l.bidirectional ? DT_OFFMESH_CON_BIDIR : 0);
    user_id.push_back((unsigned int)i);
  }
}

void OffMeshCons::fill(dtNavMeshCreateParams& params) const {
  params.offMeshConCount = size();
  if (rad.empty()) return;
  params.offMeshConVerts = verts.data();
  params.offMeshConRad = rad.data();
  params.offMeshConFlags = flags.data();
  params.offMeshConAreas = areas.data();
  params.offMeshConDir = dir.data();
  params.offMeshConUserID = user_id.data();
}

namespace {

// A stored connection and the tile that holds it.
struct StoredCon {
  const dtMeshTile* tile;
  const dtOffMeshConnection* con;
};

std::vector<StoredCon> stored_connections(const dtNavMesh& nav) {
  std::vector<StoredCon> out;
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    if (!t || !t->header) continue;
    for (int k = 0; k < t->header->offMeshConCount; ++k) out.push_back({t, &t->offMeshCons[k]});
  }
  return out;
}

// Fills `l` from its connection: the ends where Detour snapped them (vertex 0 of the off-mesh polygon is
// the start, vertex 1 the end) and the ground polygons its links lead to.
void read_connection(const dtNavMesh& nav, const StoredCon& s, bool is3d,
                     const std::function<int(unsigned int)>& ground_index, NavLink& l) {
  const dtMeshTile& tile = *s.tile;
  const dtOffMeshConnection& con = *s.con;
  const dtPoly& poly = tile.polys[con.poly];
  const float* a = &tile.verts[poly.verts[0] * 3];
  const float* b = &tile.verts[poly.verts[1] * 3];
  l.from = to_plane({a[0], a[1], a[2]});
  l.to = to_plane({b[0], b[1], b[2]});
  l.from_height = is3d ? a[1] : 0.0;
  l.to_height = is3d ? b[1] : 0.0;
  l.detour_ref = nav.getPolyRefBase(&tile) | (unsigned int)con.poly;
  // The end's side of the start tile (0xff: inside it): findPath enters the landing polygon in node
  // state side >> 1, as across any tile border.
  l.land_state = con.side == 0xff ? 0 : con.side >> 1;
  // The off-mesh polygon's links: edge 0 leads to the polygon under its start, edge 1 under its end.
  for (unsigned int i = poly.firstLink; i != DT_NULL_LINK; i = tile.links[i].next)
    (tile.links[i].edge == 0 ? l.from_poly : l.to_poly) = ground_index(tile.links[i].ref);
}

}  // namespace

std::vector<NavLink> read_offmesh_links(const dtNavMesh& nav, const std::vector<LinkDef>* defs, bool is3d,
                                        const std::function<int(unsigned int)>& ground_index) {
  std::vector<StoredCon> stored = stored_connections(nav);
  std::vector<NavLink> links;
  if (defs) {
    links.resize(defs->size());
    for (size_t i = 0; i < defs->size(); ++i) {
      links[i].from = (*defs)[i].from.plane;
      links[i].to = (*defs)[i].to.plane;
      links[i].bidirectional = (*defs)[i].bidirectional;
    }
    // A tile cache's layers at one place share their x and z bounds: a start within the heights of two
    // of them is stored in both. The first (in tile slot order) is the link; the search crosses that one.
    for (const StoredCon& s : stored)
      if (s.con->userId < links.size() && links[s.con->userId].detour_ref == 0)
        read_connection(nav, s, is3d, ground_index, links[s.con->userId]);
  } else {
    std::stable_sort(stored.begin(), stored.end(),
                     [](const StoredCon& x, const StoredCon& y) { return x.con->userId < y.con->userId; });
    links.resize(stored.size());
    for (size_t i = 0; i < stored.size(); ++i) {
      read_connection(nav, stored[i], is3d, ground_index, links[i]);
      links[i].bidirectional = (stored[i].con->flags & DT_OFFMESH_CON_BIDIR) != 0;
    }
  }
  for (size_t i = 0; i < links.size(); ++i) {
    NavLink& l = links[i];
    const bool given = defs && (*defs)[i].cost;
    l.cost = given ? *(*defs)[i].cost : distance(to_world(l.from, l.from_height), to_world(l.to, l.to_height));
  }
  return links;
}

}  // namespace navlab
