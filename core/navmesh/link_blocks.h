// The polygon edges a search may not cross (a closed door's connections), each with the index of the
// reason that bars it. Kept sparse: a few closed doors bar a handful of edges, and a table the size of
// the mesh would cost more to make and free on every plan than the search that reads it (100,000
// polygons: about 3 MB per plan). A lookup tests one bit per polygon, and only a polygon with a barred
// edge looks further (a binary search over the polygons that have one).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace navlab {

class LinkBlocks {
 public:
  // One polygon with a barred edge: per edge (NavPoly::neighbours order) its reason, or -1 (open).
  struct Row {
    int poly = -1;
    std::vector<int> reasons;
    friend bool operator==(const Row&, const Row&) = default;
  };

  bool empty() const { return rows_.empty(); }
  // The reason barring edge `edge` of polygon `poly`, or -1.
  int at(int poly, int edge) const {
    const std::vector<int>* r = row(poly);
    return r && edge >= 0 && size_t(edge) < r->size() ? (*r)[size_t(edge)] : -1;
  }
  bool barred(int poly, int edge) const { return at(poly, edge) >= 0; }
  // Polygon `poly`'s reasons per edge, or null when none of its edges is barred.
  const std::vector<int>* row(int poly) const {
    const size_t word = size_t(poly) / 64;
    if (poly < 0 || word >= has_.size() || !(has_[word] >> (size_t(poly) % 64) & 1u)) return nullptr;
    const auto it = std::lower_bound(rows_.begin(), rows_.end(), poly, [](const Row& r, int p) { return r.poly < p; });
    return &it->reasons;
  }
  // Bars edge `edge` of polygon `poly`, which has `edges` edges, for `reason`; an edge barred already
  // keeps its first reason.
  void bar(int poly, int edge, int edges, int reason) {
    auto it = std::lower_bound(rows_.begin(), rows_.end(), poly, [](const Row& r, int p) { return r.poly < p; });
    if (it == rows_.end() || it->poly != poly) {
      it = rows_.insert(it, Row{poly, std::vector<int>(size_t(std::max(edges, edge + 1)), -1)});
      const size_t word = size_t(poly) / 64;
      if (word >= has_.size()) has_.resize(word + 1, 0);
      has_[word] |= std::uint64_t(1) << (size_t(poly) % 64);
    }
    if (size_t(edge) >= it->reasons.size()) it->reasons.resize(size_t(edge) + 1, -1);
    if (it->reasons[size_t(edge)] < 0) it->reasons[size_t(edge)] = reason;
  }
  // The polygons with a barred edge, in increasing order.
  const std::vector<Row>& rows() const { return rows_; }
  friend bool operator==(const LinkBlocks& a, const LinkBlocks& b) { return a.rows_ == b.rows_; }

 private:
  std::vector<Row> rows_;           // by polygon, increasing
  std::vector<std::uint64_t> has_;  // bit p: polygon p has a row (sized to the highest such polygon)
};

}  // namespace navlab
