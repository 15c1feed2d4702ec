// Channels (seed 003): gates around the funnel path, sections inside the navmesh and free of obstacles,
// pre/post sections, the channel array split where an obstacle sits. Checked with an independent
// point-in-polygon test and hand geometry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "channel.h"
#include "channel_plan.h"
#include "channel_runs.h"
#include "coverage.h"
#include "meshes.h"
#include "plan.h"

namespace navlab {
namespace {

using test::load_text;

// An L corridor 4 m wide: east along y in [0, 4], then north along x in [10, 14].
const char* kL = R"({"navlab": 1,
  "navmesh": {"vertices": [[0,0],[10,0],[14,0],[14,4],[10,4],[0,4],[14,14],[10,14]],
              "polygons": [[0,1,4,5],[1,2,3,4],[4,3,6,7]]},
  "queries": [{"start": [1, 2], "goal": [12, 13]}]})";

// A straight corridor 20 x 4 m with a round blocker on the path in the middle.
const char* kBlocked = R"({"navlab": 1,
  "navmesh": {"vertices": [[0,0],[20,0],[20,4],[0,4]], "polygons": [[0,1,2,3]]},
  "blockers": [{"id": "crate", "center": [10, 2], "radius": 0.5}],
  "queries": [{"start": [1, 2], "goal": [19, 2]}]})";

// A corridor 6 x 4 m with a wedge hanging from its top wall down to (3, 3), between the two gates of a
// short straight path: the first section must shrink to pass under the wedge's tip.
const char* kNotch = R"({"navlab": 1,
  "navmesh": {"vertices": [[0,0],[3,0],[3,3],[2.5,4],[0,4],[6,0],[6,4],[3.5,4]],
              "polygons": [[0,1,2,3,4],[1,5,6,7,2]]},
  "queries": [{"start": [1, 1], "goal": [3.9, 1]}]})";

bool on_mesh(const NavMesh& mesh, Vec2 p) {
  for (size_t i = 0; i < mesh.polys.size(); ++i) {
    std::vector<Vec2> poly;
    for (int v : mesh.polys[i].verts) poly.push_back(mesh.verts[v]);
    if (test::inside_polygon(poly, p)) return true;
  }
  return false;
}

// Samples a polygon's interior and boundary on a grid of `step` m.
std::vector<Vec2> samples(const std::vector<Vec2>& poly, double step) {
  std::vector<Vec2> out;
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  for (Vec2 p : poly) x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  for (double x = x0; x <= x1; x += step)
    for (double y = y0; y <= y1; y += step)
      if (test::inside_polygon(poly, {x, y})) out.push_back({x, y});
  for (size_t i = 0; i < poly.size(); ++i) {
    const Vec2 a = poly[i], b = poly[(i + 1) % poly.size()];
    const int n = std::max(1, int(distance(a, b) / step));
    for (int k = 0; k <= n; ++k) out.push_back(lerp(a, b, double(k) / n));
  }
  return out;
}

using Built = test::ChannelRun;

TEST(Channel, LCorridorHasOneChannelWithATurnGateAtTheInnerCorner) {
  const Built b = test::run_channel(kL);
  ASSERT_TRUE(b.plan.funnel.ok());
  ASSERT_EQ(b.plan.funnel.points.size(), 3u);  // start, the corner (10, 4), goal
  ASSERT_EQ(b.channel.channels.channels.size(), 1u);
  const Channel& c = b.channel.channels.channels[0];
  EXPECT_EQ(c.gates.front().kind, GateKind::Start);
  EXPECT_EQ(c.gates.back().kind, GateKind::End);
  int turns = 0;
  for (const Gate& g : c.gates) {
    if (g.kind != GateKind::Turn) continue;
    ++turns;
    // The corner (10, 4) is the left end. Start and goal are mirror images across the diagonal through
    // it, so the gate runs down that diagonal towards the far corner (14, 0), 4·sqrt(2) = 5.66 m away,
    // and stops at max_half_width = 5 m.
    EXPECT_TRUE(g.turn_left);
    EXPECT_NEAR(g.left.x, 10.0, 1e-12);
    EXPECT_NEAR(g.left.y, 4.0, 1e-12);
    EXPECT_NEAR(g.right.x, 10.0 + 5.0 / std::sqrt(2.0), 1e-9);
    EXPECT_NEAR(g.right.y, 4.0 - 5.0 / std::sqrt(2.0), 1e-9);
  }
  EXPECT_EQ(turns, 1);
  // Straights of 9.2 m and 9.2 m with max_gate_spacing 3 m: 3 intermediate gates on each.
  EXPECT_EQ(c.gates.size(), 1u + 3u + 1u + 3u + 1u);
  for (size_t i = 1; i < c.gates.size(); ++i)
    if (c.gates[i].kind != GateKind::Turn && c.gates[i - 1].kind != GateKind::Turn) {
      EXPECT_LE(distance(c.gates[i].at, c.gates[i - 1].at), ChannelDef{}.max_gate_spacing + 1e-9);
    }
}

TEST(Channel, EverySectionLiesInsideTheNavmesh) {
  for (const char* text : {kL, kBlocked, kNotch}) {
    const Built b = test::run_channel(text);
    ASSERT_FALSE(b.channel.channels.channels.empty());
    for (const Channel& c : b.channel.channels.channels)
      for (const Section& s : c.sections) {
        ASSERT_GE(s.polygon.size(), 3u);
        for (Vec2 p : samples(s.polygon, 0.1)) EXPECT_TRUE(on_mesh(b.l.mesh, p)) << p.x << "," << p.y;
      }
  }
}

TEST(Channel, PreAndPostSectionsAreCounterClockwiseAndOnTheNavmesh) {
  const Built b = test::run_channel(kL);
  const Channel& c = b.channel.channels.channels.at(0);
  for (const std::vector<Vec2>* poly : {&c.pre, &c.post}) {
    ASSERT_EQ(poly->size(), 4u);
    double area2 = 0.0;
    for (size_t i = 0; i < poly->size(); ++i) area2 += cross((*poly)[i], (*poly)[(i + 1) % poly->size()]);
    EXPECT_GT(area2, 0.0);
    for (Vec2 p : samples(*poly, 0.1)) EXPECT_TRUE(on_mesh(b.l.mesh, p));
  }
  // The pre section is closed by the first gate (its last point is the gate's right end, its first the
  // left end); the post section by the last gate.
  EXPECT_EQ(c.pre.front(), c.gates.front().left);
  EXPECT_EQ(c.pre.back(), c.gates.front().right);
  EXPECT_EQ(c.post.front(), c.gates.back().right);
  EXPECT_EQ(c.post.back(), c.gates.back().left);
  // Both reach back / forward from their gate (the far edge's midpoint lies behind / ahead of it).
  const Vec2 t0 = c.gates[1].at - c.gates[0].at, t1 = c.gates.back().at - c.gates[c.gates.size() - 2].at;
  EXPECT_LT(dot((c.pre[1] + c.pre[2]) / 2.0 - c.gates.front().at, t0), -0.1);
  EXPECT_GT(dot((c.post[1] + c.post[2]) / 2.0 - c.gates.back().at, t1), 0.1);
}

TEST(Channel, AnObstacleOnThePathSplitsTheChannelAndNoSectionTouchesIt) {
  const Built b = test::run_channel(kBlocked);
  ASSERT_EQ(b.channel.channels.channels.size(), 2u);
  // The crate: every point within 0.5 m of (10, 2) must be outside every section of every channel.
  for (const Channel& c : b.channel.channels.channels)
    for (const Section& s : c.sections) {
      EXPECT_TRUE(s.free);
      for (Vec2 p : samples(s.polygon, 0.05)) EXPECT_GT(distance(p, Vec2{10, 2}), 0.5) << p.x << "," << p.y;
    }
  bool split = false;
  for (const ChannelStep& st : b.trace.channel.steps)
    if (st.kind == ChannelStep::Kind::Split) {
      split = true;
      EXPECT_EQ(st.blocked_by, "crate");
      EXPECT_NE(st.describe().find("crate"), std::string::npos);
    }
  EXPECT_TRUE(split);
}

TEST(Channel, AnObstacleInThePostSectionInvalidatesOnlyTheLastSection) {
  // A closed door just beyond the goal: inside the post section, outside every section.
  const char* text = R"({"navlab": 1,
    "navmesh": {"vertices": [[0,0],[20,0],[20,4],[0,4]], "polygons": [[0,1,2,3]]},
    "doors": [{"id": "d", "segment": [[18.5, 1], [18.5, 3]], "open": false}],
    "queries": [{"start": [1, 2], "goal": [18, 2]}]})";
  const Built b = test::run_channel(text);
  ASSERT_EQ(b.channel.channels.channels.size(), 1u);
  const Channel& c = b.channel.channels.channels[0];
  // 17 m: 5 intermediate gates, 7 gates, 6 sections; the last one is dropped.
  EXPECT_EQ(c.gates.size(), 6u);
  EXPECT_NEAR(c.gates.back().at.x, 1.0 + 17.0 * 5.0 / 6.0, 1e-9);
}

TEST(Channel, RecordsKeepTheGatesAndSectionsTheyDescribe) {
  const Built l = test::run_channel(kL);  // nothing shrinks: the records' gates and sections are the channel's
  const Channel& c = l.channel.channels.channels.at(0);
  for (const ChannelStep& st : l.trace.channel.steps) {
    if (st.kind == ChannelStep::Kind::GatePlaced) {
      const Gate& g = c.gates.at(size_t(st.gate));
      EXPECT_NEAR(distance(st.left, g.left), 0.0, 1e-12) << st.gate;
      EXPECT_NEAR(distance(st.right, g.right), 0.0, 1e-12) << st.gate;
    }
    if (st.kind == ChannelStep::Kind::SectionChecked) {
      const std::vector<Vec2>& poly = c.sections.at(size_t(st.section)).polygon;
      ASSERT_EQ(size_t(st.corner_count), poly.size());
      for (size_t k = 0; k < poly.size(); ++k) EXPECT_EQ(st.corners[k], poly[k]);
    }
  }
  // The turn gate (hand geometry as above): from the corner (10, 4) 5 m down the diagonal.
  const auto turn = std::find_if(l.trace.channel.steps.begin(), l.trace.channel.steps.end(), [](const ChannelStep& st) {
    return st.kind == ChannelStep::Kind::GatePlaced && st.gate_kind == GateKind::Turn;
  });
  ASSERT_NE(turn, l.trace.channel.steps.end());
  EXPECT_NEAR(distance(turn->left, Vec2{10, 4}), 0.0, 1e-12);
  EXPECT_NEAR(distance(turn->right, Vec2{10 + 5 / std::sqrt(2.0), 4 - 5 / std::sqrt(2.0)}), 0.0, 1e-9);
  // The notch: the first section shrinks; its last shrink is the section that was then checked, and
  // it passes under the wedge's tip (3, 3).
  const Built notch = test::run_channel(kNotch);
  const ChannelStep *shrunk = nullptr, *checked = nullptr;
  for (const ChannelStep& st : notch.trace.channel.steps) {
    if (st.kind == ChannelStep::Kind::GateShrunk && st.section == 0) shrunk = &st;
    if (st.kind == ChannelStep::Kind::SectionChecked && st.section == 0) checked = &st;
  }
  ASSERT_TRUE(shrunk && checked);
  ASSERT_EQ(shrunk->corner_count, checked->corner_count);
  for (int k = 0; k < shrunk->corner_count; ++k) EXPECT_EQ(shrunk->corners[size_t(k)], checked->corners[size_t(k)]);
  for (int k = 0; k < shrunk->corner_count; ++k) EXPECT_LT(shrunk->corners[size_t(k)].y, 3.0 + 1e-9);
}

TEST(Channel, StepsDescribeEveryGate) {
  const Built b = test::run_channel(kL);
  int placed = 0;
  for (const ChannelStep& st : b.trace.channel.steps) {
    EXPECT_FALSE(st.describe().empty());
    if (st.kind == ChannelStep::Kind::GatePlaced) ++placed;
  }
  EXPECT_EQ(placed, 9);
}

}  // namespace
}  // namespace navlab
