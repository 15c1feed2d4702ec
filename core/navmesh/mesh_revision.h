// A number naming one state of a mesh's contents, for what is kept between queries on it
// (core/navmesh/query_cache.h): a mesh that is made or copied gets a number no mesh had before, a move
// takes the number along (the moved-from mesh gets a new one), and code that edits a mesh in place
// after it may have been queried calls bump(), which gives it a new number too.
#pragma once

#include <atomic>
#include <cstdint>

namespace navlab {

class MeshRevision {
 public:
  MeshRevision() : n_(fresh()) {}
  MeshRevision(const MeshRevision&) : n_(fresh()) {}
  MeshRevision(MeshRevision&& other) noexcept : n_(other.n_) { other.n_ = fresh(); }
  MeshRevision& operator=(const MeshRevision&) {
    n_ = fresh();
    return *this;
  }
  MeshRevision& operator=(MeshRevision&& other) noexcept {
    n_ = other.n_;
    other.n_ = fresh();
    return *this;
  }
  ~MeshRevision() = default;

  // The mesh was edited in place: from now on it is another mesh for what was kept of it.
  void bump() { n_ = fresh(); }
  std::uint64_t value() const { return n_; }

 private:
  static std::uint64_t fresh() {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
  }
  std::uint64_t n_;
};

}  // namespace navlab
