// `navlab bench` compares every pair's route with Detour's and lists those that differ. Checked against
// a comparison written here from Detour's API: the same seeded pairs (random_pairs), our corridor and
// straight path from plan(), Detour's from findNearestPoly + findPath + findStraightPath on the baked
// mesh. The set of pairs the bench lists must be exactly the set this oracle finds, flag by flag.
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <DetourStatus.h>
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "locate.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"
#include "random_pairs.h"
#include "scene.h"

namespace navlab {
namespace {

using ojson = nlohmann::ordered_json;

struct OracleDiff {
  bool corridor = false, straight = false;
};

// A point within 1e-4 m of the segment between its neighbours turns by no angle: dropped on both sides.
std::vector<Vec2> corners_only(std::vector<Vec2> pts) {
  for (size_t i = 1; i + 1 < pts.size();)
    if (distance_to_segment(pts[i], pts[i - 1], pts[i + 1]) <= 1e-4)
      pts.erase(pts.begin() + long(i));
    else
      ++i;
  return pts;
}

// Pair index -> what differs, over the pairs both sides complete.
std::map<int, OracleDiff> oracle(const Scene& scene, const NavMesh& mesh, int count, std::uint64_t seed,
                                 int& compared) {
  const dtNavMesh* nav = mesh.baked->detour.get();
  dtNavMeshQuery q;
  EXPECT_TRUE(dtStatusSucceed(q.init(nav, 4096)));
  dtQueryFilter filter;  // every area cost 1: the scenes used here have no area costs
  const LocateDef def = locate_def(scene.bake);
  const float ext[3] = {float(def.half_extent_xz), float(def.half_extent_y), float(def.half_extent_xz)};
  std::map<int, OracleDiff> out;
  compared = 0;
  const std::vector<RandomPair> pairs = random_pairs(mesh, count, seed);
  for (size_t i = 0; i < pairs.size(); ++i) {
    const PlanResult ours = plan(scene, mesh, PlanRequest{pairs[i].start, pairs[i].goal, {}});
    const Vec3 ws = pairs[i].start.world(), wg = pairs[i].goal.world();
    const float sp[3] = {float(ws.x), float(ws.y), float(ws.z)}, gp[3] = {float(wg.x), float(wg.y), float(wg.z)};
    float sn[3], gn[3];
    dtPolyRef sref = 0, gref = 0;
    q.findNearestPoly(sp, ext, &filter, &sref, sn);
    q.findNearestPoly(gp, ext, &filter, &gref, gn);
    dtPolyRef path[1024];
    int n = 0;
    if (!sref || !gref || dtStatusFailed(q.findPath(sref, gref, sn, gn, &filter, path, &n, 1024)) || n == 0 ||
        path[n - 1] != gref || ours.search.status != Status::Complete)
      continue;
    ++compared;
    float straight[3 * 1024];
    int ns = 0;
    q.findStraightPath(sn, gn, path, n, straight, nullptr, nullptr, &ns, 1024, 0);
    std::vector<int> corridor;
    for (int k = 0; k < n; ++k) corridor.push_back(int(path[k] & ~mesh.baked->base_ref));
    std::vector<Vec2> theirs;
    for (int k = 0; k < ns; ++k) theirs.push_back({straight[3 * k], -straight[3 * k + 2]});  // the plane is (x, -z)
    const std::vector<Vec2> a = corners_only(ours.funnel.points), b = corners_only(theirs);
    bool same = a.size() == b.size();
    for (size_t k = 0; same && k < a.size(); ++k) same = distance(a[k], b[k]) <= 1e-3;
    const OracleDiff d{corridor != ours.search.corridor, !same};
    if (d.corridor || d.straight) out[int(i)] = d;
  }
  return out;
}

// The bench's "agreement" for `scene_file`, checked against the oracle.
ojson expect_listed_as_oracle(const std::string& scene_file, int count, int seed) {
  const test::RunResult r = test::run_navlab("bench '" + scene_file + "' --sample-us 2 --pairs " +
                                             std::to_string(count) + " --seed " + std::to_string(seed));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const ojson a = ojson::parse(r.out)["agreement"];
  EXPECT_TRUE(a.is_object()) << r.out;
  if (!a.is_object()) return a;

  const Result<Scene> scene = load_scene(scene_file);
  const Result<NavMesh> mesh = scene.ok() ? build_navmesh(scene.value()) : Result<NavMesh>::fail(scene.error());
  EXPECT_TRUE(mesh.ok()) << mesh.error();
  if (!mesh.ok()) return a;
  int compared = 0;
  const std::map<int, OracleDiff> want = oracle(scene.value(), mesh.value(), count, std::uint64_t(seed), compared);

  EXPECT_EQ(a["pairs"], compared);
  int corridors = 0, straights = 0;
  for (const auto& [pair, d] : want) {
    corridors += d.corridor;
    straights += d.straight;
  }
  EXPECT_EQ(a["corridor_differs"], corridors);
  EXPECT_EQ(a["straight_path_differs"], straights);
  std::map<int, OracleDiff> listed;
  for (const ojson& d : a["differing"]) {
    listed[d["pair"].get<int>()] = {d["corridor"].get<bool>(), d["straight_path"].get<bool>()};
    EXPECT_EQ(d["start"].size(), 2u) << d.dump();  // a floor plan's points are [x, y]
  }
  EXPECT_EQ(listed.size(), want.size()) << a.dump();
  for (const auto& [pair, d] : want) {
    EXPECT_TRUE(listed.count(pair)) << "pair " << pair << " not listed: " << a.dump();
    EXPECT_EQ(listed[pair].corridor, d.corridor) << "pair " << pair;
    EXPECT_EQ(listed[pair].straight, d.straight) << "pair " << pair;
  }
  return a;
}

// With the edge-midpoint A* (Detour's own search) the office floor's routes are Detour's.
TEST(CliBenchAgreement, TheOfficeFloorsRoutesAreDetours) {
  const ojson a = expect_listed_as_oracle(test::scene_path("default.json"), 120, 3);
  EXPECT_GT(a["pairs"].get<int>(), 100);
  EXPECT_TRUE(a["differing"].empty()) << a.dump();
}

// Costs from polygon centroids choose other corridors than Detour's on some pairs, and other corners:
// every such pair is listed, with what differs.
TEST(CliBenchAgreement, EveryPairWhoseRouteIsNotDetoursIsListed) {
  ojson s = ojson::parse(test::read_text(test::scene_path("default.json")));
  s["search"] = {{"cost_model", "centroids"}};
  const std::string file = test::temp_dir() + "/centroids.json";
  test::write_text(file, s.dump());
  const ojson a = expect_listed_as_oracle(file, 120, 3);
  EXPECT_GT(a["corridor_differs"].get<int>(), 0) << a.dump();
  EXPECT_GT(a["straight_path_differs"].get<int>(), 0) << a.dump();
  const test::RunResult r = test::run_navlab("bench '" + file + "' --sample-us 2 --pairs 120 --seed 3 --text");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("routes against Detour's over the"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("corridor differs"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace navlab
