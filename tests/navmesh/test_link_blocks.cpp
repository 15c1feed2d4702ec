// The sparse table of barred polygon edges (core/navmesh/link_blocks.h) against a dense one: every
// (polygon, edge) reads the reason a dense table holds, whatever order the bars came in, and the rows
// are the polygons that have a barred edge, in increasing order. A table cleared and barred again reads
// as a new one.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "link_blocks.h"

namespace navlab {
namespace {

TEST(LinkBlocks, ReadsAsADenseTableWhateverTheOrderOfTheBars) {
  std::mt19937 rng(7);
  LinkBlocks reused;  // cleared and barred again every round: it must read as the round's new table
  for (int round = 0; round < 40; ++round) {
    const int polys = 1 + int(rng() % 300);
    std::vector<int> edges(static_cast<size_t>(polys));
    for (int& e : edges) e = 3 + int(rng() % 4);
    struct Bar {
      int poly, edge, reason;
    };
    std::vector<Bar> bars;
    const int count = int(rng() % 60);
    for (int i = 0; i < count; ++i) {
      const int p = int(rng() % unsigned(polys));
      bars.push_back({p, int(rng() % unsigned(edges[size_t(p)])), int(rng() % 5)});
    }
    std::vector<std::vector<int>> dense(static_cast<size_t>(polys));
    for (int p = 0; p < polys; ++p) dense[size_t(p)].assign(size_t(edges[size_t(p)]), -1);
    LinkBlocks sparse;
    for (const Bar& b : bars) {
      int& cell = dense[size_t(b.poly)][size_t(b.edge)];
      if (cell < 0) cell = b.reason;  // the first reason stays
      sparse.bar(b.poly, b.edge, edges[size_t(b.poly)], b.reason);
    }
    EXPECT_EQ(sparse.empty(), bars.empty());
    std::vector<int> with_rows;
    for (int p = 0; p < polys + 70; ++p) {
      const bool any =
          p < polys && std::any_of(dense[size_t(p)].begin(), dense[size_t(p)].end(), [](int r) { return r >= 0; });
      if (any) with_rows.push_back(p);
      EXPECT_EQ(sparse.row(p) != nullptr, any) << "round " << round << " polygon " << p;
      for (int e = -1; e <= 7; ++e) {
        const int want = p < polys && e >= 0 && e < edges[size_t(p)] ? dense[size_t(p)][size_t(e)] : -1;
        ASSERT_EQ(sparse.at(p, e), want) << "round " << round << " polygon " << p << " edge " << e;
      }
    }
    std::vector<int> rows;
    for (const LinkBlocks::Row& r : sparse.rows()) rows.push_back(r.poly);
    EXPECT_EQ(rows, with_rows);
    // The same bars in another order (first reasons kept per edge) make an equal table.
    std::vector<Bar> shuffled = bars;
    std::stable_sort(shuffled.begin(), shuffled.end(), [](const Bar& a, const Bar& b) { return a.poly > b.poly; });
    LinkBlocks again;
    for (const Bar& b : shuffled) again.bar(b.poly, b.edge, edges[size_t(b.poly)], b.reason);
    EXPECT_EQ(again, sparse);
    reused.clear();
    EXPECT_TRUE(reused.empty());
    for (const Bar& b : bars) reused.bar(b.poly, b.edge, edges[size_t(b.poly)], b.reason);
    EXPECT_EQ(reused, sparse) << "round " << round;
    for (int p = 0; p < polys + 70; ++p) {
      EXPECT_EQ(reused.row(p) != nullptr, sparse.row(p) != nullptr) << "round " << round << " polygon " << p;
      for (int e = -1; e <= 7; ++e) ASSERT_EQ(reused.at(p, e), sparse.at(p, e)) << "round " << round;
    }
  }
}

}  // namespace
}  // namespace navlab
