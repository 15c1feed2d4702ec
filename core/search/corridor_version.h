// Corridor versions and read sets.
//
// Every plan a follower adopts gets a version number and a read set: the polygons, connections, doors
// and tiles it used. A change to the navigation state (a door opened, closed or moved, tiles rebuilt) is
// described as a NavChange; the plan stays valid unless the change touches its read set. A change
// elsewhere on the mesh never invalidates it.
#pragma once

#include <string>
#include <vector>

#include "result.h"

namespace navlab {

// A connection between two polygons (or graph nodes), stored unordered: a <= b.
struct Connection {
  int a = -1;
  int b = -1;
  static Connection of(int x, int y) { return x <= y ? Connection{x, y} : Connection{y, x}; }
  friend bool operator==(const Connection&, const Connection&) = default;
  friend auto operator<=>(const Connection&, const Connection&) = default;
};

// The doors of a scene with the connections each covers (whatever its open state).
struct DoorCover {
  std::string door;
  bool open = true;
  std::vector<Connection> connections;
};

// What a plan read. Every vector is sorted and unique.
struct ReadSet {
  std::vector<int> polygons;            // polygon (or node) keys of the corridor
  std::vector<Connection> connections;  // connections crossed by the corridor
  // Connections a closed door covered where the plan's search met them (one end expanded): the search
  // was refused there, so opening one may give a shorter plan (plan_read_set).
  std::vector<Connection> refused;
  std::vector<std::string> doors;  // doors gating a crossed or refused connection, and doors that
                                   // blocked it
  std::vector<int> tiles;          // tiled meshes: tiles holding a corridor polygon
  bool empty() const {
    return polygons.empty() && connections.empty() && refused.empty() && doors.empty() && tiles.empty();
  }
};

// The read set of a corridor (polygon/node indices in travel order). `covers`: the scene's doors;
// `blocked_by`: ids of doors that made the plan fail or end partial (they are read too: opening one
// invalidates the failed plan). `keys` (optional) maps a polygon index to a key that stays stable when
// the mesh is rebuilt (tiled meshes); `tile_of` (optional) maps a polygon index to its tile.
ReadSet make_read_set(const std::vector<int>& corridor, const std::vector<DoorCover>& covers,
                      const std::vector<std::string>& blocked_by = {}, const std::vector<int>* keys = nullptr,
                      const std::vector<int>* tile_of = nullptr);

// What a plan used, as the read-set rule (plan_read_set) needs it.
struct PlanUse {
  Status status = Status::Failed;
  std::vector<int> corridor;            // polygon (node) indices, start first; may be empty
  int start = -1;                       // located start polygon (node), -1 off the mesh
  std::vector<std::string> blocked_by;  // doors (areas) that failed it or made it partial
  std::vector<int> expanded;            // polygons (nodes) its search popped (SearchResult::popped)
};

// The one read-set rule for a plan, used by the follower and the app alike:
//   - the corridor (a plan with no corridor: the polygon its start is on, when located);
//   - the doors gating a crossed connection and the doors in blocked_by;
//   - the refused connections: those a closed door (in `covers`) covers with an end among the polygons
//     the search expanded, and their doors. The search met them and could not cross: a plan that went
//     round a closed door read it, and that door opening or moving away may shorten it. A connection
//     the search never reached cannot shorten the plan (an admissible search expands every polygon
//     cheaper than the path it found), so it is not read;
//   - a plan that did not reach its goal (status not Complete) also read every polygon its search
//     expanded: a change there (a rebuilt tile, a door opened) may open a way to the goal.
// `keys`/`tile_of` as in make_read_set. Every vector of the result is sorted and unique.
ReadSet plan_read_set(const PlanUse& use, const std::vector<DoorCover>& covers, const std::vector<int>* keys = nullptr,
                      const std::vector<int>* tile_of = nullptr);

// One change of the navigation state.
//   DoorClosed / DoorOpened  `door` and the connections it covers.
//   DoorMoved                `door`; when it is closed, `connections` are those whose state the move flips:
//                            covered before and not after (they open) or after and not before (they
//                            close). A moved open door changes no connection: empty.
//   TilesRebuilt             `tiles` (and the stable `polygons` keys that were in them, when known).
//   MeshRebaked              the whole mesh was baked again (a baked door moved, `door`): every polygon
//                            number may have changed, so it touches every plan that read anything.
struct NavChange {
  enum class Kind { DoorClosed, DoorOpened, DoorMoved, TilesRebuilt, MeshRebaked };
  Kind kind = Kind::DoorClosed;
  std::string door;
  std::vector<Connection> connections;
  std::vector<int> polygons;
  std::vector<int> tiles;
  std::string obstacle;  // TilesRebuilt: the obstacle whose change caused it ("" if unknown)
  // Stable machine name: "door_closed", "door_opened", "door_moved", "tiles_rebuilt", "mesh_rebaked".
  const char* cause() const;
  // One sentence, e.g. "door1 closed: it covers 1 connection (3-4)."
  std::string describe() const;
};

// The NavChange of a door event, from the door covers just before it (`before`) and just after it
// (`after`: the door's new state or shape applied). Closed/opened: the connections the door covers.
// Moved: when the door is closed (`closed`), the connections it covered before or covers after but not
// both (a closed door dragged out of its doorway opens what it covered there, wherever it is dropped);
// an open door that moves changes no connection (empty).
NavChange door_change(NavChange::Kind kind, const std::string& door, const std::vector<DoorCover>& before,
                      const std::vector<DoorCover>& after, bool closed);

// Whether `change` touches `reads`, with one sentence saying which read item it hit.
//   - a door closed or opened that the plan read (ReadSet::doors);
//   - a connection of the change the plan crosses (it closes under the plan) or, for a door opened or
//     moved, one the plan's search was refused at (it opens: a shorter plan may exist);
//   - a rebaked mesh (any plan that read something), a rebuilt tile or changed polygon it read.
struct Touch {
  bool touched = false;
  std::string why;                      // empty when not touched
  std::vector<Connection> connections;  // the change's connections the plan crosses or was refused at
};
Touch touches(const ReadSet& reads, const NavChange& change);

// A plan's version and what it read. Versions start at 1 and grow by one per adopted plan.
struct CorridorVersion {
  int version = 0;
  ReadSet reads;
};

}  // namespace navlab
