// Door moves in a tile cache on a thread of its own, so that dragging a door across a large level never
// waits for Detour: the caller queues where a door now is, the job's thread rebuilds the tiles the move
// touches and converts them again (TileCache::move_door), copies the cache's mesh and readies it for
// queries (ready_for_queries, then the caller's `prepare`), and the caller takes the newest mesh when it
// wants it.
//
// Moves queued while others run are done together: a door's newer shape replaces its older one not yet
// begun. An output not yet taken is folded into the next one, which then holds every tile rebuilt and
// every door moved since the output taken last: the caller compares the mesh it takes with the one it
// has, never with one it did not see.
//
// The cache is the job's while the job lives. The caller reads it only through idle_cache(), which
// waits for the queued moves first; what TileCache fixes at its bake (tiles_x, tiles_y, tile_bounds,
// bake_ms) may be read at any time.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "scene.h"
#include "tilecache.h"

namespace navlab {

class TileJob {
 public:
  // Readies a new mesh on the job's thread for the thread that takes it (e.g. the app's viewport shapes of
  // it); what it returns goes along with the output.
  using Prepare = std::function<std::shared_ptr<void>(const NavMesh&)>;

  struct Output {
    TiledNavMesh mesh;  // the cache's mesh after the moves, readied for queries
    // The moves' updates together: rebuilt_tiles every tile rebuilt since the last output taken (sorted,
    // each once), update_calls, converted_polygons, ms and convert_ms their sums.
    TileUpdate update;
    int moves = 0;                   // moves done since the last output taken
    std::vector<std::string> doors;  // the doors moved, each once, in the order they were first moved
    bool final = false;              // one of the moves was a dropped door (move()'s `final`)
    double ready_ms = 0.0;           // this mesh's copy, readying and `prepare`, ms
    std::shared_ptr<void> prepared;  // what `prepare` returned for this mesh (null without one)
  };

  // The job takes `cache` over (nothing else may change it while the job lives) and starts its thread.
  explicit TileJob(std::shared_ptr<TileCache> cache, Prepare prepare = {});
  // Finishes the move under way and drops the queued ones.
  ~TileJob();
  TileJob(const TileJob&) = delete;
  TileJob& operator=(const TileJob&) = delete;

  // Queues the move of scene door `door.id` to `door`'s shape (`final`: it was dropped there). A move of
  // the same door queued and not yet begun is replaced (a drop stays a drop).
  void move(const Door& door, bool final);
  // The output ready, if any (it is then gone from the job).
  std::optional<Output> take();
  // Whether a move is queued or under way (an output may be ready meanwhile).
  bool busy() const;
  // Whether nothing is queued, under way or ready: every move queued so far is in an output taken.
  bool done() const;
  // Waits until no move is queued or under way.
  void wait();
  // The cache, once no move is queued or under way; read only, and only until the next move().
  const TileCache& idle_cache();
  // The cache's fixed layout (valid for the job's life whatever runs): tiles_x, tiles_y, tile_bounds.
  const TileCache& layout() const { return *cache_; }

 private:
  struct Queued {
    Door door;
    bool final = false;
  };
  void run();
  Output apply(std::vector<Queued> moves);

  std::shared_ptr<TileCache> cache_;
  Prepare prepare_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Queued> queued_;  // at most one per door, in the order first queued
  bool running_ = false;        // the thread is doing moves it took from queued_
  bool stop_ = false;
  std::optional<Output> ready_;
  std::thread thread_;  // last: started once everything it reads is constructed
};

}  // namespace navlab
