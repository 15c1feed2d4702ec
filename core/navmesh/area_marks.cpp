#include "area_marks.h"

#include <Recast.h>

namespace navlab {

int AreaTable::add(const std::string& name, double cost) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return int(i);
  names.push_back(name);
  costs.push_back(cost);
  return int(names.size()) - 1;
}

std::vector<VolumeMark> volume_marks(const std::vector<AreaVolume>& volumes, AreaTable& table) {
  std::vector<VolumeMark> out;
  for (const AreaVolume& v : volumes) {
    VolumeMark m;
    m.area = table.add(v.name, v.cost);
    m.hmin = float(v.height_min);
    m.hmax = float(v.height_max);
    const double middle = 0.5 * (v.height_min + v.height_max);
    for (const ScenePoint& p : v.polygon) {
      const Vec3 w = to_world(p.plane, middle);
      m.verts.insert(m.verts.end(), {float(w.x), float(w.y), float(w.z)});
      m.ring.push_back(p.plane);
    }
    out.push_back(std::move(m));
  }
  return out;
}

long mark_volumes(rcContext& ctx, const std::vector<VolumeMark>& marks, rcCompactHeightfield& chf) {
  // Our area 0 is Recast's walkable area; the others keep their index (as the bake maps them).
  auto recast_id = [](int a) { return a == 0 ? (unsigned char)RC_WALKABLE_AREA : (unsigned char)a; };
  std::vector<unsigned char> before(chf.areas, chf.areas + chf.spanCount);
  for (const VolumeMark& m : marks)
    if (m.verts.size() >= 9)
      rcMarkConvexPolyArea(&ctx, m.verts.data(), int(m.verts.size() / 3), m.hmin, m.hmax, recast_id(m.area), chf);
  long marked = 0;
  for (int i = 0; i < chf.spanCount; ++i) marked += chf.areas[i] != before[size_t(i)];
  return marked;
}

int volume_area_at(const std::vector<VolumeMark>& marks, Vec2 p, double height) {
  int area = 0;
  for (const VolumeMark& m : marks)
    if (height >= m.hmin && height <= m.hmax && point_in_ring(p, m.ring)) area = m.area;
  return area;
}

void apply_area_costs(NavMesh& mesh, const std::vector<double>& costs) {
  mesh.revision.bump();  // the costs change in place
  for (NavPoly& p : mesh.polys)
    if (p.area >= 0 && size_t(p.area) < costs.size()) p.cost = costs[size_t(p.area)];
}

}  // namespace navlab
