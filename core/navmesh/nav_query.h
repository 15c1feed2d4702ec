// The objects a query reuses from one call to the next, as Detour's dtNavMeshQuery keeps its node pool
// and open list: the polygon search's labels and open list (core/search) and Polyanya's nodes and open
// list (core/optimal). What a query works out about a mesh is not here but in the mesh's index
// (MeshIndex, rebuilt when the mesh's revision changes): a NavQuery holds no fact of any mesh, so one
// serves searches on any mesh, and a search on a new or edited mesh starts from a clean state without
// being told.
//
// A NavQuery serves one query at a time and is not thread-safe: each thread keeps its own. A caller that
// runs many queries (a worker, a benchmark, `navlab check`'s jobs) may own one and pass it in; every call
// that is not given one uses the calling thread's own (NavQuery::ThisThread). A query started inside
// another on the same thread (a corridor search that a plan calls back into) finds that one in use and
// gets a temporary one.
#pragma once

#include <array>
#include <cstddef>
#include <memory>

#include "thread_lent.h"

namespace navlab {

class NavQuery {
 public:
  // The reused parts, one object of each, made on first use.
  enum class Part { Search, Polyanya, Count };

  NavQuery() = default;
  NavQuery(const NavQuery&) = delete;
  NavQuery& operator=(const NavQuery&) = delete;

  // The object of `part`, made by `make` (a std::shared_ptr<T>) the first time it is asked for. Each part
  // is asked for with one type only (its module's own).
  template <class T, class Make>
  T& part(Part which, Make make) {
    std::shared_ptr<void>& slot = parts_[size_t(which)];
    if (!slot) slot = make();
    return *static_cast<T*>(slot.get());
  }

  // The calling thread's NavQuery while this object lives; a temporary one when the thread's own is in
  // use already (a query inside a query).
  using ThisThread = ThreadLent<NavQuery>;

 private:
  std::array<std::shared_ptr<void>, size_t(Part::Count)> parts_;
};

}  // namespace navlab
