// A follower run (follow()) on a thread of its own, of copies of its inputs: the app's UI thread keeps
// drawing while a run that bakes again (a door dropped on a large baked level, a tile cache of its own)
// works. The caller takes the output once the job has finished.
#pragma once

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

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
  // Starts follow(scene, mesh, query, events, def) on a new thread at once. With `own_tile_cache` the
  // run first bakes a tile cache of `scene` (every door marked) and moves the doors in it
  // (FollowDef::tile_cache; def's own is not used); when that bake fails it runs on `mesh`.
  FollowJob(Scene scene, NavMesh mesh, Query query, std::vector<FollowEvent> events, FollowDef def, bool own_tile_cache);
  // Waits for the run: follow() cannot be stopped part way. [Limit: a run that bakes again on a large
  // level takes seconds]
  ~FollowJob();
  FollowJob(const FollowJob&) = delete;
  FollowJob& operator=(const FollowJob&) = delete;

  // Whether the run has returned (take() then does not wait).
  bool finished() const { return finished_.load(); }
  // Waits for the run, then hands its output over. [Limit: once per job]
  FollowJobOutput take();

 private:
  Scene scene_;
  NavMesh mesh_;
  Query query_;
  std::vector<FollowEvent> events_;
  FollowDef def_;
  bool own_tile_cache_;
  FollowJobOutput out_;
  std::atomic<bool> finished_{false};
  std::thread thread_;  // last: started once everything it reads is constructed
};

}  // namespace navlab
