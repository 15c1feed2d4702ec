// The renumbering of a plan kept across a tile rebuild (core/search/renumber.h), on keys worked by hand:
// tiles 0, 1 and 2 with keys tile * 16 + polygon; tile 1 rebuilt with one polygon more, which moves
// every polygon of tile 2 up by one index.
#include <gtest/gtest.h>

#include <vector>

#include "renumber.h"

namespace navlab {
namespace {

// Old mesh: tile 0 has polygons 0, 1; tile 1 has 2, 3; tile 2 has 4, 5.
const std::vector<int> kOldKeys = {0, 1, 16, 17, 32, 33};
const std::vector<int> kOldTiles = {0, 0, 1, 1, 2, 2};
// New mesh: tile 1 rebuilt with three polygons (keys 16, 17, 18), tile 2 now at indices 5, 6.
const std::vector<int> kNewKeys = {0, 1, 16, 17, 18, 32, 33};

TEST(Renumbering, KeptTilesMoveByKeyAndRebuiltOnesAreGone) {
  const Renumbering r(kOldKeys, kOldTiles, kNewKeys, {1});
  EXPECT_EQ(r.polygon(0), 0);
  EXPECT_EQ(r.polygon(1), 1);
  EXPECT_EQ(r.polygon(2), -1);  // tile 1 was rebuilt: key 16 names a new polygon now
  EXPECT_EQ(r.polygon(3), -1);
  EXPECT_EQ(r.polygon(4), 5);
  EXPECT_EQ(r.polygon(5), 6);
  EXPECT_EQ(r.polygon(-1), -1);
  EXPECT_EQ(r.polygon(6), -1);  // no such old polygon
  EXPECT_EQ(r.record(-1), -1);
  EXPECT_EQ(r.record(kNodeGone), kNodeGone);
  EXPECT_EQ(r.record(3), kNodeGone);
  EXPECT_EQ(r.record(5), 6);
}

TEST(Renumbering, UnsortedKeysAreFoundTooAndAPolygonWhoseKeyVanishedIsGone) {
  const std::vector<int> shuffled = {33, 0, 17, 1, 32};  // tile 1 lost key 16; order is not by key
  const Renumbering r(kOldKeys, kOldTiles, shuffled, {});
  EXPECT_EQ(r.polygon(0), 1);
  EXPECT_EQ(r.polygon(1), 3);
  EXPECT_EQ(r.polygon(2), -1);
  EXPECT_EQ(r.polygon(3), 2);
  EXPECT_EQ(r.polygon(4), 4);
  EXPECT_EQ(r.polygon(5), 0);
}

TEST(Renumbering, ASearchsCorridorAndRecordsAreRenumberedInPlace) {
  const Renumbering r(kOldKeys, kOldTiles, kNewKeys, {1});
  std::vector<int> corridor = {0, 2, 4};
  SearchTrace trace;
  SearchStep popped;
  popped.node = 4;
  popped.parent = 2;
  SearchStep first;
  first.node = 0;
  first.parent = -1;
  trace.steps = {first, popped};
  trace.route = {0, 2, 4};
  r.apply(corridor, trace);
  EXPECT_EQ(corridor, (std::vector<int>{0, -1, 5}));
  EXPECT_EQ(trace.steps[0].node, 0);
  EXPECT_EQ(trace.steps[0].parent, -1);
  EXPECT_EQ(trace.steps[1].node, 5);
  EXPECT_EQ(trace.steps[1].parent, kNodeGone);
  EXPECT_EQ(trace.route, (std::vector<int>{0, kNodeGone, 5}));
}

}  // namespace
}  // namespace navlab
