// The polygon edges a search may not cross (a closed door's connections), each with the index of the
// reason that bars it. Kept sparse: a few closed doors bar a handful of edges, and a table the size of
// the mesh would cost more to make and free on every plan than the search that reads it (100,000
// polygons: about 3 MB per plan). A lookup tests one bit per polygon, and only a polygon with a barred
// edge looks further (a binary search over the polygons that have one).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
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

  bool empty() const { return used_ == 0; }
  // No edge barred. The rows and their reason lists keep their buffers, so the bars of a plan made again
  // and again (the same doors closed) allocate nothing once they have grown.
  void clear() {
    for (const Row& r : rows()) has_[size_t(r.poly) / 64] = 0;
    used_ = 0;
  }
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
    const auto it = std::lower_bound(rows_.begin(), used_end(), poly, [](const Row& r, int p) { return r.poly < p; });
    return &it->reasons;
  }
  // Bars edge `edge` of polygon `poly`, which has `edges` edges, for `reason`; an edge barred already
  // keeps its first reason.
  void bar(int poly, int edge, int edges, int reason) {
    auto it = std::lower_bound(rows_.begin(), used_end(), poly, [](const Row& r, int p) { return r.poly < p; });
    if (it == used_end() || it->poly != poly) {
      // A row kept from before the last clear() (or a new one) moved into place, its buffer reused.
      const size_t at = size_t(it - rows_.begin());
      if (used_ == rows_.size()) rows_.emplace_back();
      std::rotate(rows_.begin() + std::ptrdiff_t(at), used_end(), used_end() + 1);
      ++used_;
      it = rows_.begin() + std::ptrdiff_t(at);
      it->poly = poly;
      it->reasons.assign(size_t(std::max(edges, edge + 1)), -1);
      const size_t word = size_t(poly) / 64;
      if (word >= has_.size()) has_.resize(word + 1, 0);
      has_[word] |= std::uint64_t(1) << (size_t(poly) % 64);
    }
    if (size_t(edge) >= it->reasons.size()) it->reasons.resize(size_t(edge) + 1, -1);
    if (it->reasons[size_t(edge)] < 0) it->reasons[size_t(edge)] = reason;
  }
  // The polygons with a barred edge, in increasing order.
  std::span<const Row> rows() const { return {rows_.data(), used_}; }
  friend bool operator==(const LinkBlocks& a, const LinkBlocks& b) { return std::ranges::equal(a.rows(), b.rows()); }

 private:
  std::vector<Row>::iterator used_end() { return rows_.begin() + std::ptrdiff_t(used_); }
  std::vector<Row>::const_iterator used_end() const { return rows_.begin() + std::ptrdiff_t(used_); }

  std::vector<Row> rows_;  // the first used_, by polygon, increasing; the rest kept for reuse
  size_t used_ = 0;
  std::vector<std::uint64_t> has_;  // bit p: polygon p has a row (sized to the highest such polygon)
};

}  // namespace navlab
