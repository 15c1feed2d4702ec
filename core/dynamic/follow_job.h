// A follower run (follow()) on a thread of its own, of copies of its inputs (the mesh shared, read only):
// the app's UI thread keeps drawing while a run that bakes again (a door dropped on a large baked level, a
// tile cache of its own) works. The caller takes the output once the job has finished, or cancels it.
#pragma once

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "bake.h"
#include "follower.h"
#include "navmesh.h"
#include "scene.h"

namespace navlab {

struct FollowJobOutput {
  FollowResult result;
  bool tile_cache = false;  // the run moved doors in a tile cache of its own
  double ms = 0.0;          // wall-clock time of the run (with baking its tile cache), milliseconds
  std::thread::id thread;   // the thread it ran on (the job's own)
};

class FollowJob {
 public:
  // Starts follow(scene, *mesh, query, events, def) on a new thread at once (`mesh` must not be null; the
  // job keeps it alive and only reads it). With `own_tile_cache` the run first bakes a tile cache of
  // `scene` (every door marked) and moves the doors in it (FollowDef::tile_cache; def's own is not used);
  // when that bake fails it runs on `mesh`. def.progress is the job's own (cancel()).
  FollowJob(Scene scene, std::shared_ptr<const NavMesh> mesh, Query query, std::vector<FollowEvent> events,
            FollowDef def, bool own_tile_cache);
  // Cancels the run and waits for it.
  ~FollowJob();
  FollowJob(const FollowJob&) = delete;
  FollowJob& operator=(const FollowJob&) = delete;

  // Whether the run has returned (take() then does not wait).
  bool finished() const { return finished_.load(); }
  // Waits for the run, then hands its output over. [Limit: once per job]
  FollowJobOutput take();
  // Asks the run to stop (FollowDef::progress): it stops before its next step, a bake again under way
  // before its next phase or tile, the bake of its own tile cache before its next tile; its output then
  // says reason "cancelled". Safe from any thread, any number of times.
  void cancel() { progress_.cancel.store(true); }
  // The run's bake under way, if any (its own tile cache's first, then each bake again): its phase
  // (BakePhase; -1 before the first bake) or its tiles. Safe to read from any thread while the run works.
  const BakeProgress& progress() const { return progress_; }

 private:
  Scene scene_;
  std::shared_ptr<const NavMesh> mesh_;
  Query query_;
  std::vector<FollowEvent> events_;
  FollowDef def_;
  bool own_tile_cache_;
  BakeProgress progress_;
  FollowJobOutput out_;
  std::atomic<bool> finished_{false};
  std::thread thread_;  // last: started once everything it reads is constructed
};

}  // namespace navlab
