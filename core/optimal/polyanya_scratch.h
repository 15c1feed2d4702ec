// What Polyanya's searches keep between calls: each mesh's tables, worked out on its first search and
// kept with its index (MeshIndex::ModuleFacts::PolyanyaTables, so an edited mesh gets new ones), and a
// search's own vectors, kept by a NavQuery (NavQuery::Part::Polyanya) with their capacity, so that a
// search costs the nodes it reaches, not the mesh's size. Internal to core/optimal.
#pragma once

#include <cstddef>
#include <vector>

#include "geom.h"
#include "nav_query.h"
#include "navmesh.h"
#include "polyanya.h"
#include "query_cache.h"

namespace navlab::polyanya_detail {

// Per mesh, filters aside.
struct MeshTables {
  // Per vertex: a shortest path may turn there, as far as the walls go: beside some wall the free space
  // around the vertex spans more than 180° (a convex corner of an obstacle, or the tip of a thin wall).
  // Where the walls run straight on, or the free space is a room's inner corner, no shortest path
  // turns: those vertices are not corners.
  std::vector<char> convex;
  // Per polygon corner k (polygon p's from first[p], side by side, so that expanding a polygon reads one
  // block instead of the polygon's vectors and its vertices scattered over the mesh): the vertex's
  // position and index, the polygon across edge k (NavPoly::neighbours) and the index of that same edge
  // in the polygon across (-1: a wall, or not found).
  std::vector<unsigned> first;
  std::vector<Vec2> pos;
  std::vector<int> vid;
  std::vector<int> across;
  std::vector<int> twin;
  // Per polygon: it has one neighbour at most, so a path entering it goes nowhere else (a dead end).
  std::vector<char> dead_end;

  int twin_of(int poly, int edge) const { return twin[first[size_t(poly)] + unsigned(edge)]; }
  // Polygon `poly`'s corners as a view of the arrays above.
  struct Polygon {
    const Vec2* pos;
    const int* vid;
    const int* across;
    size_t n;
    size_t next(size_t k) const { return k + 1 == n ? 0 : k + 1; }
  };
  Polygon polygon(int poly) const {
    const unsigned f = first[size_t(poly)];
    return {pos.data() + f, vid.data() + f, across.data() + f, first[size_t(poly) + 1] - f};
  }
};

// The tables of `mesh`, made on the first call (with the tolerance of its index: twins are found by
// position) and kept with its index.
const MeshTables& mesh_tables(const NavMesh& mesh);

// A search node. The entry edge of `poly` is (verts[edge], verts[edge + 1]); seen from the root (on the
// other side of it), verts[edge] is on the left and verts[edge + 1] on the right, because polygons are
// counter-clockwise. A final node (`final`) ends at the goal; it turns at `left` (== `right`) when
// `turns`.
struct Node {
  Vec2 root, left, right;
  double g = 0.0, h = 0.0, f = 0.0;
  int parent = -1;
  int poly = -1;       // next polygon
  int edge = -1;       // entry edge of `poly`
  int from_poly = -1;  // the polygon whose edge `from_edge` leads into `poly`
  int from_edge = -1;
  int root_vertex = -1;                     // -1: the start point
  int left_vertex = -1, right_vertex = -1;  // mesh vertex when that end is the end of the entry edge
  int turn_vertex = -1;                     // final node: the vertex it turns at (-1: none, or no vertex)
  int via_vertex = -1;  // AlongEdge: the root the path ran along the edge's line from (-1: the start)
  Vec2 via;
  SuccessorKind why = SuccessorKind::Start;
  bool final = false;
  bool turns = false;
};

struct OpenEntry {
  double f, g;
  long seq;
  int node;
};

// One search's state, on any mesh (sized by the search to the mesh it runs on).
struct Scratch {
  std::vector<double> root_g;  // per vertex: the best g it was a root with (this search's stamp only)
  std::vector<unsigned> root_stamp;
  unsigned stamp = 0;
  std::vector<Node> nodes;
  std::vector<OpenEntry> open;                // a binary heap
  std::vector<Node> successors;               // of the node being expanded
  std::vector<double> side_right, side_left;  // per vertex of the polygon being expanded
};

// The scratch `nav_query` keeps for Polyanya's searches.
Scratch& scratch_of(NavQuery& nav_query);

}  // namespace navlab::polyanya_detail
