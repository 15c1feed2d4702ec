#include "corridor_version.h"

#include <gtest/gtest.h>

#include <random>

namespace navlab {
namespace {

// Corridor 0-1-2-3; door "a" covers 1-2 (on the corridor), door "b" covers 4-5 (elsewhere).
std::vector<DoorCover> covers() { return {{"a", true, {Connection::of(2, 1)}}, {"b", true, {Connection::of(4, 5)}}}; }

TEST(CorridorVersion, ReadSetHoldsPolygonsConnectionsAndDoorsUsed) {
  const ReadSet r = make_read_set({0, 1, 2, 3}, covers());
  EXPECT_EQ(r.polygons, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(r.connections, (std::vector<Connection>{{0, 1}, {1, 2}, {2, 3}}));
  EXPECT_EQ(r.doors, (std::vector<std::string>{"a"}));
  EXPECT_TRUE(r.tiles.empty());
}

TEST(CorridorVersion, ClosingADoorOnTheCorridorTouchesIt) {
  const ReadSet r = make_read_set({0, 1, 2, 3}, covers());
  NavChange c{NavChange::Kind::DoorClosed, "a", {Connection::of(1, 2)}, {}, {}, ""};
  const Touch t = touches(r, c);
  EXPECT_TRUE(t.touched);
  EXPECT_NE(t.why.find("a"), std::string::npos);
  EXPECT_STREQ(c.cause(), "door_closed");
}

TEST(CorridorVersion, ADoorChangedElsewhereDoesNotTouchIt) {
  const ReadSet r = make_read_set({0, 1, 2, 3}, covers());
  for (auto kind : {NavChange::Kind::DoorClosed, NavChange::Kind::DoorOpened, NavChange::Kind::DoorMoved}) {
    NavChange c{kind, "b", {Connection::of(4, 5)}, {}, {}, ""};
    EXPECT_FALSE(touches(r, c).touched) << c.describe();
  }
}

TEST(CorridorVersion, AClosedDoorMovedOntoTheCorridorTouchesIt) {
  const ReadSet r = make_read_set({0, 1, 2, 3}, covers());
  // Door b was on 4-5 and now covers 2-3.
  NavChange c{NavChange::Kind::DoorMoved, "b", {Connection::of(4, 5), Connection::of(3, 2)}, {}, {}, ""};
  EXPECT_TRUE(touches(r, c).touched);
  // Moving an open door changes no connection.
  NavChange open_move{NavChange::Kind::DoorMoved, "a", {}, {}, {}, ""};
  EXPECT_FALSE(touches(r, open_move).touched);
}

TEST(CorridorVersion, OpeningADoorThatBlockedAFailedPlanTouchesIt) {
  const ReadSet r = make_read_set({0}, covers(), {"b"});
  EXPECT_EQ(r.doors, (std::vector<std::string>{"b"}));
  NavChange c{NavChange::Kind::DoorOpened, "b", {Connection::of(4, 5)}, {}, {}, ""};
  EXPECT_TRUE(touches(r, c).touched);
}

TEST(CorridorVersion, RebuiltTilesTouchOnlyPlansThroughThem) {
  const std::vector<int> tile_of{0, 0, 1, 1, 2, 2};
  const std::vector<int> keys{100, 101, 200, 201, 300, 301};
  const ReadSet r = make_read_set({0, 1, 2}, {}, {}, &keys, &tile_of);
  EXPECT_EQ(r.tiles, (std::vector<int>{0, 1}));
  EXPECT_EQ(r.polygons, (std::vector<int>{100, 101, 200}));
  EXPECT_EQ(r.connections, (std::vector<Connection>{{100, 101}, {101, 200}}));
  NavChange far{NavChange::Kind::TilesRebuilt, "", {}, {}, {2}, "ob"};
  EXPECT_FALSE(touches(r, far).touched);
  NavChange near{NavChange::Kind::TilesRebuilt, "", {}, {}, {2, 1}, "ob"};
  EXPECT_TRUE(touches(r, near).touched);
  EXPECT_NE(near.describe().find("2 tiles rebuilt"), std::string::npos);
}

// Property: a change touches a read set exactly when it shares a connection, tile or (for open/close)
// a read door with it.
TEST(CorridorVersion, TouchIsExactlyAnIntersection) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> node(0, 11);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int> corridor;
    for (int i = 0, n = 1 + node(rng) % 6; i < n; ++i) corridor.push_back(node(rng));
    std::vector<DoorCover> cs;
    for (int d = 0; d < 3; ++d) cs.push_back({"d" + std::to_string(d), true, {Connection::of(node(rng), node(rng))}});
    const ReadSet r = make_read_set(corridor, cs);
    const int d = node(rng) % 3;
    NavChange c{NavChange::Kind::DoorClosed, cs[d].door, cs[d].connections, {}, {}, ""};
    bool expect = false;
    for (size_t i = 0; i + 1 < corridor.size(); ++i)
      if (Connection::of(corridor[i], corridor[i + 1]) == cs[d].connections[0]) expect = true;
    EXPECT_EQ(touches(r, c).touched, expect) << trial;
  }
}

}  // namespace
}  // namespace navlab
