#include "corridor_version.h"

#include <algorithm>
#include <iterator>
#include <sstream>

namespace navlab {

namespace {

template <class T>
void sort_unique(std::vector<T>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

template <class T>
bool has(const std::vector<T>& sorted, const T& x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

std::string conn_text(const Connection& c) { return std::to_string(c.a) + "-" + std::to_string(c.b); }

}  // namespace

ReadSet make_read_set(const std::vector<int>& corridor, const std::vector<DoorCover>& covers,
                      const std::vector<std::string>& blocked_by, const std::vector<int>* keys,
                      const std::vector<int>* tile_of) {
  ReadSet r;
  for (size_t i = 0; i < corridor.size(); ++i) {
    const int p = corridor[i];
    r.polygons.push_back(keys ? (*keys)[p] : p);
    if (tile_of) r.tiles.push_back((*tile_of)[p]);
    if (i + 1 < corridor.size()) r.connections.push_back(Connection::of(p, corridor[i + 1]));
  }
  sort_unique(r.polygons);
  sort_unique(r.tiles);
  sort_unique(r.connections);
  for (const DoorCover& d : covers)
    for (const Connection& c : d.connections)
      if (has(r.connections, c)) {
        r.doors.push_back(d.door);
        break;
      }
  for (const std::string& b : blocked_by) r.doors.push_back(b);
  sort_unique(r.doors);
  // Connections are stored by key too, so they survive a renumbering of a tiled mesh.
  if (keys) {
    for (Connection& c : r.connections) c = Connection::of((*keys)[c.a], (*keys)[c.b]);
    sort_unique(r.connections);
  }
  return r;
}

namespace {

// The connections closed doors cover with an end among `expanded` (polygon indices), and their doors.
void add_refused(ReadSet& r, const std::vector<int>& expanded, const std::vector<DoorCover>& covers,
                 const std::vector<int>* keys) {
  std::vector<int> met = expanded;
  sort_unique(met);
  auto key = [&](int p) { return keys && p >= 0 && size_t(p) < keys->size() ? (*keys)[size_t(p)] : p; };
  for (const DoorCover& d : covers) {
    if (d.open) continue;
    bool any = false;
    for (const Connection& c : d.connections)
      if (has(met, c.a) || has(met, c.b)) {
        r.refused.push_back(Connection::of(key(c.a), key(c.b)));
        any = true;
      }
    if (any) r.doors.push_back(d.door);
  }
  sort_unique(r.refused);
  sort_unique(r.doors);
}

}  // namespace

ReadSet plan_read_set(const PlanUse& use, const std::vector<DoorCover>& covers, const std::vector<int>* keys,
                      const std::vector<int>* tile_of) {
  std::vector<int> corridor = use.corridor;
  if (corridor.empty() && use.start >= 0) corridor.push_back(use.start);
  ReadSet r = make_read_set(corridor, covers, use.blocked_by, keys, tile_of);
  add_refused(r, use.expanded, covers, keys);
  if (use.status == Status::Complete) return r;
  for (int p : use.expanded) {
    if (p < 0 || (keys && size_t(p) >= keys->size()) || (tile_of && size_t(p) >= tile_of->size())) continue;
    r.polygons.push_back(keys ? (*keys)[size_t(p)] : p);
    if (tile_of) r.tiles.push_back((*tile_of)[size_t(p)]);
  }
  sort_unique(r.polygons);
  sort_unique(r.tiles);
  return r;
}

NavChange door_change(NavChange::Kind kind, const std::string& door, const std::vector<DoorCover>& before,
                      const std::vector<DoorCover>& after, bool closed) {
  NavChange c;
  c.kind = kind;
  c.door = door;
  auto cover = [&](const std::vector<DoorCover>& covers) {
    for (const DoorCover& d : covers)
      if (d.door == door) return d.connections;
    return std::vector<Connection>{};
  };
  if (kind == NavChange::Kind::DoorClosed || kind == NavChange::Kind::DoorOpened) {
    c.connections = cover(before);
  } else if (kind == NavChange::Kind::DoorMoved && closed) {
    // Only what flips: a connection covered before and after stays closed.
    std::vector<Connection> was = cover(before), now = cover(after);
    sort_unique(was);
    sort_unique(now);
    std::set_symmetric_difference(was.begin(), was.end(), now.begin(), now.end(), std::back_inserter(c.connections));
  }
  return c;
}

const char* NavChange::cause() const {
  switch (kind) {
    case Kind::DoorClosed:
      return "door_closed";
    case Kind::DoorOpened:
      return "door_opened";
    case Kind::DoorMoved:
      return "door_moved";
    case Kind::TilesRebuilt:
      return "tiles_rebuilt";
    case Kind::MeshRebaked:
      return "mesh_rebaked";
  }
  return "door_closed";
}

std::string NavChange::describe() const {
  std::ostringstream s;
  switch (kind) {
    case Kind::DoorClosed:
    case Kind::DoorOpened:
    case Kind::DoorMoved:
      s << door << (kind == Kind::DoorClosed ? " closed" : kind == Kind::DoorOpened ? " opened" : " moved");
      s << ": " << connections.size() << (connections.size() == 1 ? " connection" : " connections") << " affected";
      break;
    case Kind::TilesRebuilt:
      s << tiles.size() << (tiles.size() == 1 ? " tile" : " tiles") << " rebuilt";
      if (!obstacle.empty()) s << " after obstacle " << obstacle << " changed";
      break;
    case Kind::MeshRebaked:
      s << "the mesh was baked again after " << door << " moved";
      break;
  }
  if (!connections.empty()) {
    s << " (";
    for (size_t i = 0; i < connections.size() && i < 6; ++i) s << (i ? ", " : "") << conn_text(connections[i]);
    if (connections.size() > 6) s << ", ...";
    s << ")";
  }
  s << ".";
  return s.str();
}

Touch touches(const ReadSet& reads, const NavChange& change) {
  Touch t;
  auto hit = [&](std::string why) {
    t.touched = true;
    t.why = std::move(why);
  };
  // A connection the plan crosses closes under it; one its search was refused at opens (a door opened
  // or moved away), so a shorter plan may exist.
  const bool opens = change.kind == NavChange::Kind::DoorOpened || change.kind == NavChange::Kind::DoorMoved;
  for (const Connection& c : change.connections)
    if (has(reads.connections, c) || (opens && has(reads.refused, c))) t.connections.push_back(c);
  const bool crossed = !t.connections.empty() && has(reads.connections, t.connections.front());
  if (!t.connections.empty() && !crossed) {
    hit("The plan's search met connection " + conn_text(t.connections.front()) + " closed and went round it; " +
        change.door + (change.kind == NavChange::Kind::DoorOpened ? " opened" : " moved off it") +
        ", so a shorter plan may exist.");
    return t;
  }
  const bool door_state = change.kind == NavChange::Kind::DoorClosed || change.kind == NavChange::Kind::DoorOpened;
  if (door_state && !change.door.empty() && has(reads.doors, change.door)) {
    hit("The plan read door " + change.door + ", which " +
        (change.kind == NavChange::Kind::DoorClosed ? "closed." : "opened."));
    return t;
  }
  if (crossed) {
    hit("The plan crosses connection " + conn_text(t.connections.front()) + ", gated by " + change.door + ".");
    return t;
  }
  if (change.kind == NavChange::Kind::MeshRebaked && !reads.empty()) {
    hit("Every polygon of the plan was baked again (" + change.door + " moved), so its numbers no longer hold.");
    return t;
  }
  for (int tile : change.tiles)
    if (has(reads.tiles, tile)) {
      hit("The plan runs through tile " + std::to_string(tile) + ", which was rebuilt.");
      return t;
    }
  for (int p : change.polygons)
    if (has(reads.polygons, p)) {
      hit("The plan runs through polygon " + std::to_string(p) + ", which changed.");
      return t;
    }
  return t;
}

}  // namespace navlab
