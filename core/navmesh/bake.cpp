#include "bake.h"
#include "bake_pipeline.h"
#include "bake_stages.h"
#include "cell_raster.h"
#include "format.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <Recast.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>

#include "bake_check.h"
#include "offmesh_links.h"

namespace navlab {

namespace {

// Our area index a ↔ Recast area id: 0 ("default") is RC_WALKABLE_AREA, a >= 1 is a itself.
unsigned char recast_area(int a) { return a == 0 ? RC_WALKABLE_AREA : (unsigned char)a; }
int our_area(unsigned char id) { return id == RC_WALKABLE_AREA ? 0 : int(id); }

}  // namespace

Result<void> check_bake_def(const BakeDef& b) {
  auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
  if (!positive(b.cell_size)) return Error{"bake.cell_size must be > 0, got " + num(b.cell_size, kExactDigits)};
  if (!positive(b.cell_height)) return Error{"bake.cell_height must be > 0, got " + num(b.cell_height, kExactDigits)};
  if (!positive(b.agent_height))
    return Error{"bake.agent_height must be > 0, got " + num(b.agent_height, kExactDigits)};
  if (!std::isfinite(b.agent_radius) || b.agent_radius < 0.0)
    return Error{"bake.agent_radius must be >= 0, got " + num(b.agent_radius, kExactDigits)};
  if (b.verts_per_poly < 3 || b.verts_per_poly > DT_VERTS_PER_POLYGON)
    return Error{"bake.verts_per_poly must be in 3..6, got " + std::to_string(b.verts_per_poly)};
  return {};
}

namespace {

long count_walkable(const rcCompactHeightfield& chf) {
  long n = 0;
  for (int i = 0; i < chf.spanCount; ++i) n += chf.areas[i] != RC_NULL_AREA;
  return n;
}

// Centre of compact-heightfield cell (x, z) in the planning plane.
Vec2 cell_centre(const rcCompactHeightfield& chf, int x, int z) {
  const double wx = chf.bmin[0] + (x + 0.5) * chf.cs, wz = chf.bmin[2] + (z + 0.5) * chf.cs;
  return to_plane({wx, 0.0, wz});
}

template <class F>
void for_each_span(rcCompactHeightfield& chf, F&& f) {
  for (int z = 0; z < chf.height; ++z)
    for (int x = 0; x < chf.width; ++x) {
      const rcCompactCell& c = chf.cells[x + z * chf.width];
      for (unsigned i = c.index, end = c.index + c.count; i < end; ++i) f(x, z, int(i));
    }
}

// The NavMesh of the baked tile, with each polygon's door (-1: none) and the door ids.
NavMesh to_navmesh(std::shared_ptr<BakedNavMesh> baked, const CellRules& rules, const std::vector<int>& poly_door) {
  NavMesh mesh = navmesh_from_tile(std::move(baked), rules.is3d, rules.area_names, &rules.links);
  for (size_t i = 0; i < mesh.polys.size(); ++i) mesh.polys[i].door = poly_door[i];
  apply_area_costs(mesh, rules.area_costs);
  for (const DoorMark& d : rules.doors) mesh.door_ids.push_back(d.id);
  return mesh;
}

// Marks every door of `marks` on the walkable cells: door k becomes Recast area first_area + k. Returns
// the spans that carry a door area afterwards.
long mark_doors(rcContext& ctx, const std::vector<DoorMark>& marks, int first_area, rcCompactHeightfield& chf) {
  for (size_t k = 0; k < marks.size(); ++k) {
    const DoorMark& d = marks[k];
    if (d.verts.size() < 9) continue;
    rcMarkConvexPolyArea(&ctx, d.verts.data(), int(d.verts.size() / 3), d.hmin, d.hmax,
                         (unsigned char)(first_area + int(k)), chf);
  }
  long marked = 0;
  for (int i = 0; i < chf.spanCount; ++i)
    marked += chf.areas[i] != RC_NULL_AREA && chf.areas[i] != RC_WALKABLE_AREA && chf.areas[i] >= first_area;
  return marked;
}

}  // namespace

std::vector<int> door_polygons(const CellRules& rules, rcPolyMesh& pm) {
  std::vector<int> door(size_t(pm.npolys), -1);
  const int first = rules.door_area(0), last = rules.door_area(int(rules.doors.size()));
  for (int i = 0; i < pm.npolys; ++i) {
    pm.flags[i] = kPolyFlagWalk;
    const int id = pm.areas[i];
    if (rules.doors.empty() || id == RC_WALKABLE_AREA || id < first || id >= last) continue;
    door[size_t(i)] = id - first;
    pm.flags[i] |= kPolyFlagDoor;
    const unsigned short* p = &pm.polys[i * 2 * pm.nvp];
    Vec2 sum{};
    double height = 0.0;
    int n = 0;
    for (; n < pm.nvp && p[n] != RC_MESH_NULL_IDX; ++n) {
      const unsigned short* v = &pm.verts[p[n] * 3];
      sum = sum + to_plane({pm.bmin[0] + v[0] * pm.cs, 0.0, pm.bmin[2] + v[2] * pm.cs});
      height += pm.bmin[1] + v[1] * pm.ch;
    }
    pm.areas[i] = recast_area(rules.area_at && n > 0 ? rules.area_at(sum * (1.0 / n), height / n) : 0);
  }
  return door;
}

void recast_params(const BakeDef& def, long long cells, rcConfig& cfg) {
  cfg.walkableSlopeAngle = float(def.agent_max_slope);
  cfg.walkableHeight = int(std::ceil(def.agent_height / def.cell_height));
  cfg.walkableClimb = int(std::floor(def.agent_max_climb / def.cell_height));
  cfg.walkableRadius = int(std::ceil(def.agent_radius / def.cell_size));
  cfg.maxEdgeLen = int(def.edge_max_len / def.cell_size);
  cfg.maxSimplificationError = float(def.edge_max_error);
  cfg.minRegionArea = region_area_cells(def.region_min_size, cells);
  cfg.mergeRegionArea = region_area_cells(def.region_merge_size, cells);
  cfg.maxVertsPerPoly = def.verts_per_poly;
  cfg.detailSampleDist = float(def.detail_sample_dist < 0.9 ? 0.0 : def.cell_size * def.detail_sample_dist);
  cfg.detailSampleMaxError = float(def.cell_height * def.detail_sample_max_error);
}

namespace {

// Recast's settings for `def` over the bounds of `verts` (`margin` m of grid around the content on each
// side). Fails with why the grid cannot be baked.
Result<void> bake_config(const BakeDef& def, const std::vector<float>& verts, double margin, rcConfig& cfg) {
  cfg.cs = float(def.cell_size);
  cfg.ch = float(def.cell_height);
  rcCalcBounds(verts.data(), int(verts.size() / 3), cfg.bmin, cfg.bmax);
  const double grid_x = cfg.bmax[0] - cfg.bmin[0], grid_z = cfg.bmax[2] - cfg.bmin[2];
  const BakeGridSize grid{grid_x - 2.0 * margin, grid_z - 2.0 * margin, cfg.bmax[1] - cfg.bmin[1], grid_x, grid_z};
  if (Result<void> bad = check_bake_grid(def, grid); !bad) return bad;
  if (Result<void> bad = check_partition(def, grid); !bad) return bad;
  rcCalcGridSize(cfg.bmin, cfg.bmax, cfg.cs, &cfg.width, &cfg.height);
  recast_params(def, (long long)cfg.width * cfg.height, cfg);
  return {};
}

// Rasterises the walkable triangles into `solid` (null: an allocation failure); counts them in
// `walkable` and leaves each triangle's area (RC_NULL_AREA: not walkable) in `areas`.
Result<void> rasterize(rcContext& ctx, const rcConfig& cfg, const std::vector<float>& verts,
                       const std::vector<int>& tris, const BakeDef& def, rcHeightfield* solid, long& walkable,
                       std::vector<unsigned char>& areas) {
  const int nverts = int(verts.size() / 3), ntris = int(tris.size() / 3);
  if (Result<void> bad = check_raster_work(verts, tris, def); !bad) return bad;
  if (!solid || !rcCreateHeightfield(&ctx, *solid, cfg.width, cfg.height, cfg.bmin, cfg.bmax, cfg.cs, cfg.ch))
    return Error{"Recast could not allocate the heightfield"};
  areas.assign(size_t(ntris), 0);
  rcMarkWalkableTriangles(&ctx, cfg.walkableSlopeAngle, verts.data(), nverts, tris.data(), ntris, areas.data());
  walkable = 0;
  for (unsigned char a : areas) walkable += a != RC_NULL_AREA;
  if (walkable == 0)
    return Error{"no triangle is walkable: each of the " + std::to_string(ntris) +
                 " is steeper than bake.agent_max_slope " + num(def.agent_max_slope) +
                 " degrees or has no area (a level needs floor triangles facing up)"};
  if (!rcRasterizeTriangles(&ctx, verts.data(), nverts, tris.data(), areas.data(), ntris, *solid, cfg.walkableClimb))
    return Error{"Recast could not rasterise the triangles"};
  return {};
}

}  // namespace

void detour_params(rcPolyMesh& pm, const rcPolyMeshDetail& dm, const BakeDef& def, dtNavMeshCreateParams& params) {
  params.verts = pm.verts;
  params.vertCount = pm.nverts;
  params.polys = pm.polys;
  params.polyAreas = pm.areas;
  params.polyFlags = pm.flags;
  params.polyCount = pm.npolys;
  params.nvp = pm.nvp;
  params.detailMeshes = dm.meshes;
  params.detailVerts = dm.verts;
  params.detailVertsCount = dm.nverts;
  params.detailTris = dm.tris;
  params.detailTriCount = dm.ntris;
  params.walkableHeight = float(def.agent_height);
  params.walkableRadius = float(def.agent_radius);
  params.walkableClimb = float(def.agent_max_climb);
  rcVcopy(params.bmin, pm.bmin);
  rcVcopy(params.bmax, pm.bmax);
  params.cs = pm.cs;
  params.ch = pm.ch;
  params.buildBvTree = true;
  // Detour area ids are ours (0 = default); Recast's RC_WALKABLE_AREA maps to 0.
  for (int i = 0; i < pm.npolys; ++i) pm.areas[i] = (unsigned char)our_area(pm.areas[i]);
}

namespace {

// The single Detour tile of the polygon and detail meshes (areas mapped to ours: RC_WALKABLE_AREA is 0),
// with the off-mesh connections `cons`.
Result<std::shared_ptr<dtNavMesh>> detour_tile(rcPolyMesh& pm, const rcPolyMeshDetail& dm, const BakeDef& def,
                                               const OffMeshCons& cons) {
  using R = Result<std::shared_ptr<dtNavMesh>>;
  dtNavMeshCreateParams params{};
  detour_params(pm, dm, def, params);
  cons.fill(params);
  unsigned char* data = nullptr;
  int size = 0;
  if (!dtCreateNavMeshData(&params, &data, &size)) return R::fail("Detour could not create the navmesh data");
  std::shared_ptr<dtNavMesh> nav(dtAllocNavMesh(), [](dtNavMesh* p) { dtFreeNavMesh(p); });
  if (!nav) {
    dtFree(data);
    return R::fail("Detour could not allocate the navmesh");
  }
  if (dtStatusFailed(nav->init(data, size, DT_TILE_FREE_DATA))) {
    dtFree(data);
    return R::fail("Detour could not initialise the navmesh");
  }
  return R(std::move(nav));
}

// Why walkable cells made no polygon: every region was dropped as smaller than region_min_size, or
// regions were kept but their contours simplified to nothing.
std::string no_polygons_why(const rcCompactHeightfield& chf, const rcContourSet& cset, long walkable,
                            const BakeDef& def) {
  long in_regions = 0;
  for (int i = 0; i < chf.spanCount; ++i) in_regions += (chf.spans[i].reg & ~RC_BORDER_REG) != 0;
  const std::string head =
      "the bake produced no polygons: " + std::to_string(walkable) + " walkable cells remain after erosion";
  if (in_regions == 0)
    return head + " but every region is smaller than region_min_size " + num(def.region_min_size, kExactDigits) +
           " cells";
  return head + " and " + std::to_string(in_regions) + " of them lie in regions, but Recast traced " +
         std::to_string(cset.nconts) + " contours of three or more corners from them: the regions are too small or " +
         "thin at bake.cell_size " + num(def.cell_size, kExactDigits) + " m (try a smaller bake.cell_size, or a " +
         "smaller bake.edge_max_error than " + num(def.edge_max_error, kExactDigits) + ")";
}

}  // namespace

Result<void> check_bake_input(const BakeInput& in, const BakeDef& def) {
  if (Result<void> bad = check_bake_def(def); !bad) return bad;
  const CellRules& rules = in.rules;
  if (rules.door_area(int(rules.doors.size())) > RC_WALKABLE_AREA)
    return Error{std::to_string(rules.area_names.size()) + " area names and " + std::to_string(rules.doors.size()) +
                 " doors need more than the 62 Recast area ids a bake can mark"};
  return {};
}

namespace {

// Tells `progress` (optional) that phase `p` starts. Fails, when the bake was cancelled, with the
// error that stops it there.
Result<void> enter_phase(BakeProgress* progress, BakePhase p) {
  if (!progress) return {};
  progress->phase.store(int(p));
  if (!progress->cancel.load()) return {};
  return Error{std::string("bake cancelled before ") + to_string(p) + " (phase " + std::to_string(int(p) + 1) + " of " +
               std::to_string(kBakePhaseCount) + ")"};
}

// The floor plan's cell rules (when it has them) over the compact heightfield: each cell's area, or
// kNotFloor, whose spans are made unwalkable here. Empty when the rules have no raster.
std::vector<int> apply_floor_raster(const CellRules& rules, rcCompactHeightfield& chf) {
  if (!rules.raster) return {};
  const rcCompactHeightfield& hf = chf;
  std::vector<int> raster =
      rules.raster(CellGrid{chf.width, chf.height, [&hf](int x, int z) { return cell_centre(hf, x, z); }});
  for_each_span(chf, [&](int x, int z, int i) {
    if (raster[size_t(x + z * chf.width)] == kNotFloor) chf.areas[i] = RC_NULL_AREA;
  });
  return raster;
}

}  // namespace

bool build_regions(rcContext& ctx, Partition partition, const rcConfig& cfg, rcCompactHeightfield& chf) {
  switch (partition) {
    case Partition::Monotone:
      return rcBuildRegionsMonotone(&ctx, chf, cfg.borderSize, cfg.minRegionArea, cfg.mergeRegionArea);
    case Partition::Layers:
      return rcBuildLayerRegions(&ctx, chf, cfg.borderSize, cfg.minRegionArea);
    case Partition::Watershed:
      break;
  }
  return rcBuildDistanceField(&ctx, chf) &&
         rcBuildRegions(&ctx, chf, cfg.borderSize, cfg.minRegionArea, cfg.mergeRegionArea);
}
Result<RecastMeshes> run_recast(rcContext& ctx, const rcConfig& cfg, const BakeInput& in, const BakeDef& def,
                                std::vector<BakeStep>* trace, BakeStages* stages, BakeProgress* progress) {
  using R = Result<RecastMeshes>;
  const std::vector<float>& verts = in.verts;
  const std::vector<int>& tris = in.tris;
  const CellRules& rules = in.rules;
  auto step = [&](const char* phase, Clock::time_point t0, long count, const char* unit) {
    if (trace) trace->push_back({phase, ms_since(t0), count, unit});
  };
  RecastMeshes out;
  if (Result<void> stop = enter_phase(progress, BakePhase::Rasterize); !stop) return Error{stop.error()};
  auto t0 = Clock::now();
  RcPtr<rcHeightfield> solid(rcAllocHeightfield());
  long walkable_tris = 0;
  std::vector<unsigned char> tri_areas;
  if (Result<void> bad = rasterize(ctx, cfg, verts, tris, def, solid.get(), walkable_tris, tri_areas); !bad)
    return Error{bad.error()};
  record_input(stages, verts, tris, tri_areas);
  step("rasterize", t0, walkable_tris, "walkable triangles");

  if (Result<void> stop = enter_phase(progress, BakePhase::Filter); !stop) return Error{stop.error()};
  t0 = Clock::now();
  rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
  rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
  rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);
  record_heightfield(stages, *solid);
  RcPtr<rcCompactHeightfield>& chf = out.chf;
  chf.reset(rcAllocCompactHeightfield());
  if (!chf || !rcBuildCompactHeightfield(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid, *chf))
    return R::fail("Recast could not build the compact heightfield");
  solid.reset();
  const std::vector<int> raster = apply_floor_raster(rules, *chf);
  out.before_erosion = count_walkable(*chf);
  step("filter", t0, out.before_erosion, "walkable spans");

  if (Result<void> stop = enter_phase(progress, BakePhase::Erode); !stop) return Error{stop.error()};
  t0 = Clock::now();
  if (!rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf)) return R::fail("Recast could not erode the walkable area");
  out.after_erosion = count_walkable(*chf);
  if (!raster.empty())
    for_each_span(*chf, [&](int x, int z, int i) {
      if (chf->areas[i] != RC_NULL_AREA) chf->areas[i] = recast_area(raster[size_t(x + z * chf->width)]);
    });
  step("erode", t0, out.after_erosion, "walkable spans left");
  if (Result<void> stop = enter_phase(progress, BakePhase::Mark); !stop) return Error{stop.error()};
  if (!rules.volumes.empty()) {
    t0 = Clock::now();
    step("areas", t0, mark_volumes(ctx, rules.volumes, *chf), "area spans marked");
  }
  if (!rules.doors.empty()) {
    t0 = Clock::now();
    step("doors", t0, mark_doors(ctx, rules.doors, rules.door_area(0), *chf), "door spans marked");
  }
  if (out.after_erosion == 0) return out;

  if (Result<void> stop = enter_phase(progress, BakePhase::Regions); !stop) return Error{stop.error()};
  t0 = Clock::now();
  if (!build_regions(ctx, def.partition, cfg, *chf)) return R::fail("Recast could not build regions");
  // Recast's maxRegions is one past the largest region id; id 0 is "no region".
  step("regions", t0, chf->maxRegions - 1, "regions");
  record_compact(stages, *chf);

  if (Result<void> stop = enter_phase(progress, BakePhase::Contours); !stop) return Error{stop.error()};
  t0 = Clock::now();
  RcPtr<rcContourSet>& cset = out.cset;
  cset.reset(rcAllocContourSet());
  if (!cset || !rcBuildContours(&ctx, *chf, cfg.maxSimplificationError, cfg.maxEdgeLen, *cset))
    return R::fail("Recast could not build contours");
  step("contours", t0, cset->nconts, "contours");
  record_contours(stages, *cset);
  std::vector<int> corners(size_t(cset->nconts));
  for (int i = 0; i < cset->nconts; ++i) corners[size_t(i)] = cset->conts[i].nverts;
  if (Result<void> big = check_contour_corners(corners, def, double(cfg.width) * cfg.height); !big)
    return Error{big.error()};

  if (Result<void> stop = enter_phase(progress, BakePhase::Polygons); !stop) return Error{stop.error()};
  t0 = Clock::now();
  RcPtr<rcPolyMesh>& pmesh = out.pmesh;
  pmesh.reset(rcAllocPolyMesh());
  if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, cfg.maxVertsPerPoly, *pmesh))
    return R::fail("Recast could not build the polygon mesh");
  step("polygons", t0, pmesh->npolys, "polygons");
  record_polymesh(stages, *pmesh);
  if (pmesh->npolys == 0) return out;

  if (Result<void> stop = enter_phase(progress, BakePhase::Detail); !stop) return Error{stop.error()};
  t0 = Clock::now();
  RcPtr<rcPolyMeshDetail>& dmesh = out.dmesh;
  dmesh.reset(rcAllocPolyMeshDetail());
  if (!dmesh || !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf, cfg.detailSampleDist, cfg.detailSampleMaxError, *dmesh))
    return R::fail("Recast could not build the detail mesh");
  step("detail", t0, dmesh->ntris, "detail triangles");
  record_detail(stages, *dmesh);
  return out;
}

namespace {

// The single-tile pipeline (RecastDemo's Solo Mesh steps) over the bake input.
Result<NavMesh> bake(const BakeInput& in, const BakeDef& def, std::vector<BakeStep>* trace, BakeStages* stages,
                     BakeProgress* progress) {
  using R = Result<NavMesh>;
  if (Result<void> bad = check_bake_input(in, def); !bad) return Error{bad.error()};
  const auto t_total = Clock::now();
  rcConfig cfg{};
  if (Result<void> bad = bake_config(def, in.verts, in.rules.margin, cfg); !bad) return Error{bad.error()};
  record_grid(stages, cfg.bmin, cfg.bmax, cfg.cs, cfg.ch, cfg.width, cfg.height, cfg.walkableSlopeAngle);
  rcContext ctx(false);
  auto recast = run_recast(ctx, cfg, in, def, trace, stages, progress);
  if (!recast) return R::fail(recast.error());
  RecastMeshes& rc = recast.value();
  if (rc.after_erosion == 0)
    return R::fail("the bake produced no polygons: no walkable cell is left after eroding " +
                   std::to_string(rc.before_erosion) + " walkable cells by agent_radius " +
                   num(def.agent_radius, kExactDigits) +
                   " m (the floor is narrower than twice the agent radius, or no triangle is walkable)");
  if (rc.pmesh->npolys == 0) return R::fail(no_polygons_why(*rc.chf, *rc.cset, rc.after_erosion, def));

  if (Result<void> stop = enter_phase(progress, BakePhase::Detour); !stop) return Error{stop.error()};
  const auto t0 = Clock::now();
  // The default Detour query filter rejects polygons with no flags: every polygon gets kPolyFlagWalk.
  const std::vector<int> poly_door = door_polygons(in.rules, *rc.pmesh);
  auto nav = detour_tile(*rc.pmesh, *rc.dmesh, def, OffMeshCons(in.rules.links, def));
  if (!nav) return R::fail(nav.error());
  if (trace) trace->push_back({"detour", ms_since(t0), rc.pmesh->npolys, "polygons in the tile"});

  auto baked = std::make_shared<BakedNavMesh>();
  baked->detour = std::move(nav.value());
  NavMesh mesh = to_navmesh(baked, in.rules, poly_door);
  baked->bake_ms = ms_since(t_total);
  return mesh;
}

// The Recast marks of `doors`: footprints in world coordinates at the doors' heights (0 on a floor plan).
std::vector<DoorMark> door_marks(const std::vector<Door>& doors, const BakeDef& def) {
  std::vector<DoorMark> out;
  for (const Door& d : doors) {
    DoorMark m;
    m.id = d.id;
    double lo = 0.0, hi = 0.0;
    for (size_t i = 0; i < d.shape.size(); ++i) {
      lo = i == 0 ? d.shape[i].height : std::min(lo, d.shape[i].height);
      hi = i == 0 ? d.shape[i].height : std::max(hi, d.shape[i].height);
    }
    m.hmin = float(lo - def.agent_max_climb);
    m.hmax = float(hi + def.agent_height);
    for (Vec2 p : door_footprint(d, def)) {
      const Vec3 w = to_world(p, 0.5 * (lo + hi));
      m.verts.insert(m.verts.end(), {float(w.x), float(w.y), float(w.z)});
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace

// Reads the single Detour tile back into the NavMesh value (see navmesh.h for the conventions).
NavMesh navmesh_from_tile(std::shared_ptr<BakedNavMesh> baked, bool is3d, std::vector<std::string> area_names,
                          const std::vector<LinkDef>* links) {
  NavMesh mesh;
  mesh.kind = NavMesh::Kind::Polygons;
  mesh.is3d = is3d;
  mesh.area_names = std::move(area_names);
  const dtNavMesh& nav = *baked->detour;
  const dtMeshTile* tile = nav.getTile(0);
  for (int i = 0; i < nav.getMaxTiles() && !(tile && tile->header); ++i) tile = nav.getTile(i);  // the one tile
  baked->base_ref = nav.getPolyRefBase(tile);
  for (int i = 0; i < tile->header->vertCount; ++i) {
    const float* v = &tile->verts[i * 3];
    mesh.verts.push_back(to_plane({v[0], v[1], v[2]}));
    if (is3d) mesh.heights.push_back(v[1]);
  }
  // Ground polygons only: Detour numbers the off-mesh connections' polygons after them (offMeshBase).
  for (int i = 0; i < tile->header->offMeshBase; ++i) {
    const dtPoly& dp = tile->polys[i];
    NavPoly p;
    const int n = dp.vertCount;
    for (int j = 0; j < n; ++j) {
      p.verts.push_back(dp.verts[j]);
      // Internal links are stored as neighbour index + 1; 0 is a wall. A single tile has no external links.
      const unsigned short nei = dp.neis[j];
      p.neighbours.push_back(nei != 0 && !(nei & DT_EXT_LINK) ? int(nei) - 1 : -1);
    }
    make_counter_clockwise(p, mesh.verts);
    p.area = our_area(dp.getArea());
    mesh.polys.push_back(std::move(p));
  }
  const unsigned int base = baked->base_ref;
  const int ground = tile->header->offMeshBase;
  mesh.links = read_offmesh_links(nav, links, is3d, [&nav, base, ground](unsigned int ref) {
    const unsigned int poly = nav.decodePolyIdPoly(ref);
    return (ref & ~poly) == base && int(poly) < ground ? int(poly) : -1;
  });
  mesh.baked = std::move(baked);
  mesh.eroded = true;
  return mesh;
}

std::vector<Vec2> door_footprint(const Door& door, const BakeDef& def) {
  std::vector<Vec2> out;
  door_footprint_into(door, def, out);
  return out;
}

void door_footprint_into(const Door& door, const BakeDef& def, std::vector<Vec2>& out) {
  out.clear();
  if (door.is_polygon) {
    if (door.shape.size() >= 3)
      for (const ScenePoint& p : door.shape) out.push_back(p.plane);
    return;
  }
  if (door.shape.size() < 2) return;
  const Vec2 a = door.shape[0].plane, b = door.shape[1].plane;
  const double len = length(b - a);
  if (!(len > 0.0)) return;
  const Vec2 u = (b - a) * (1.0 / len), n{-u.y, u.x};
  const Vec2 along = u * (kDoorEndCells * def.cell_size), across = n * (0.5 * kDoorDepthCells * def.cell_size);
  out.assign({a - along - across, b + along - across, b + along + across, a - along + across});
}

long mark_door_areas(rcContext& ctx, const std::vector<Door>& doors, const BakeDef& def, int first_area,
                     rcCompactHeightfield& chf) {
  return mark_doors(ctx, door_marks(doors, def), first_area, chf);
}

std::string BakeStep::describe() const {
  return phase + ": " + std::to_string(count) + " " + unit + fmt(" (%.2f ms).", ms);
}

Result<BakeInput> floorplan_input(const Scene::Floorplan& plan, const BakeDef& def, const std::vector<Door>& doors) {
  using R = Result<BakeInput>;
  const Bounds2 bounds = bounds_of(plan.outline);
  if (bounds.empty()) return R::fail("floorplan outline: no finite point to bake");
  // The slab: the outline's bounding rectangle at height 0, counter-clockwise in the plane (its normal
  // points up), plus a point below so the heightfield has some depth. Walls and pillars are carved per
  // cell (cell centre outside the outline or inside a hole), so concave outlines need no triangulation.
  // The rectangle reaches two cells beyond the outline: Recast's ledge filter drops the cells on the
  // grid's border (their outside neighbour counts as a drop), and that must not eat into the floor.
  const double m = 2.0 * def.cell_size;
  const double lo_x = bounds.lo.x - m, hi_x = bounds.hi.x + m, lo_y = bounds.lo.y - m, hi_y = bounds.hi.y + m;
  const Vec3 c[4] = {to_world({lo_x, lo_y}, 0.0), to_world({hi_x, lo_y}, 0.0), to_world({hi_x, hi_y}, 0.0),
                     to_world({lo_x, hi_y}, 0.0)};
  BakeInput in;
  std::vector<float>& verts = in.verts;
  for (const Vec3& v : c) verts.insert(verts.end(), {float(v.x), float(v.y), float(v.z)});
  verts.insert(verts.end(), {float(c[0].x), -0.2f, float(c[0].z)});
  in.tris = {0, 1, 2, 0, 2, 3};

  CellRules& rules = in.rules;
  rules.margin = m;
  AreaTable table;
  std::vector<int> paint_ids;
  for (const AreaPaint& a : plan.areas) paint_ids.push_back(table.add(a.name, a.cost));
  rules.area_names = table.names;
  rules.area_costs = table.costs;
  if (rules.area_names.size() >= RC_WALKABLE_AREA)
    return R::fail("floorplan paints " + std::to_string(rules.area_names.size()) +
                   " area names; at most 62 are supported");
  rules.raster = [&plan, paint_ids](const CellGrid& grid) { return rasterize_floorplan(plan, paint_ids, grid); };
  if (!plan.areas.empty())
    rules.area_at = [&plan, paint_ids](Vec2 p, double) {
      int id = 0;
      for (size_t i = 0; i < plan.areas.size(); ++i)
        if (point_in_ring(p, plan.areas[i].polygon)) id = paint_ids[i];
      return id;
    };
  rules.doors = door_marks(doors, def);
  return in;
}

BakeInput triangles_input(const ObjMesh& soup, const BakeDef& def, const std::vector<Door>& doors,
                          const std::vector<AreaVolume>& areas) {
  BakeInput in;
  for (const Vec3& v : soup.verts) in.verts.insert(in.verts.end(), {float(v.x), float(v.y), float(v.z)});
  for (const auto& t : soup.tris) in.tris.insert(in.tris.end(), t.begin(), t.end());
  in.rules.is3d = true;
  AreaTable table;
  in.rules.volumes = volume_marks(areas, table);
  in.rules.area_names = table.names;
  in.rules.area_costs = table.costs;
  if (!in.rules.volumes.empty())
    in.rules.area_at = [marks = in.rules.volumes](Vec2 p, double height) { return volume_area_at(marks, p, height); };
  in.rules.doors = door_marks(doors, def);
  return in;
}

Result<NavMesh> bake_floorplan(const Scene::Floorplan& plan, const BakeDef& def, std::vector<BakeStep>* trace,
                               const std::vector<Door>& doors, const std::vector<LinkDef>& links, BakeStages* stages,
                               BakeProgress* progress) {
  auto in = floorplan_input(plan, def, doors);
  if (!in) return Result<NavMesh>::fail(in.error());
  in.value().rules.links = links;
  return bake(in.value(), def, trace, stages, progress);
}

Result<NavMesh> bake_triangles(const ObjMesh& soup, const BakeDef& def, std::vector<BakeStep>* trace,
                               const std::vector<Door>& doors, const std::vector<LinkDef>& links, BakeStages* stages,
                               BakeProgress* progress, const std::vector<AreaVolume>& areas) {
  BakeInput in = triangles_input(soup, def, doors, areas);
  in.rules.links = links;
  return bake(in, def, trace, stages, progress);
}

}  // namespace navlab
