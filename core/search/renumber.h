// One renumbering rule for what was planned on a tiled mesh before some of its tiles were rebuilt: an old
// polygon index → its stable key (tile and polygon within the tile) → its index in the new mesh. The
// polygons of the rebuilt tiles are gone (their keys may name other polygons now). The app keeps a plan
// whose corridor a rebuild did not touch and renumbers it with this; the follower compares by keys.
#pragma once

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "search.h"

namespace navlab {

class Renumbering {
 public:
  // `old_keys` and `old_tiles`: each old polygon's key and tile; `new_keys`: each new polygon's key;
  // `rebuilt`: the tiles rebuilt. Keeps references to `old_keys`, `old_tiles` and `new_keys`.
  Renumbering(const std::vector<int>& old_keys, const std::vector<int>& old_tiles, const std::vector<int>& new_keys,
              const std::vector<int>& rebuilt);

  // The new index of old polygon `old_index`; -1 when it is gone (its tile rebuilt) or was no polygon.
  int polygon(int old_index) const;
  // A record's node: negative values (none, already gone) stay; a gone polygon becomes kNodeGone.
  int record(int node) const;

  // A search's corridor (gone polygons -1) and records (gone: kNodeGone), renumbered in place.
  void apply(std::vector<int>& corridor, SearchTrace& trace) const;

 private:
  int new_index(int key) const;
  const std::vector<int>& old_keys_;
  const std::vector<int>& old_tiles_;
  const std::vector<int>& new_keys_;
  // The cache lists polygons tile after tile, so the new keys are usually in order and a binary search
  // finds one (a hash of 100k keys per rebuild would cost a drag frame milliseconds); else a hash.
  bool sorted_;
  std::unordered_map<int, int> index_;
  std::unordered_set<int> gone_;
};

}  // namespace navlab
