// A bake on a thread of its own: build_navmesh of a copy of a scene, watched (tiles done, the phase under
// way) and cancelled from another thread, such as the app's UI thread, which keeps drawing while the
// level bakes. The caller takes the output once the job has finished.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

#include "bake.h"
#include "bake_stages.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// What one bake produced: the mesh (its query index built) or the error, the bake's phases and stage
// records, its wall time.
struct BakeOutput {
  Result<NavMesh> mesh = Result<NavMesh>::fail("not baked");
  std::vector<BakeStep> steps;
  BakeStages stages;       // single-tile bakes only (bake_stages.h)
  double ms = 0.0;         // wall-clock time of build_navmesh, milliseconds
  bool cancelled = false;  // cancel() was called: the output must not replace anything
};

// Builds what the queries on `mesh` keep with it (core/navmesh/query_cache.h): its query index (locate's
// grid, the Detour query, the search's edge records). What other modules keep with the index (the spawn
// checks' components and walls, the exact shortest path's wall ends: MeshIndex::ModuleFacts) is readied
// by their own calls (ready_spawn_checks, ready_polyanya) in a caller's `prepare`. A thread that readies
// a new mesh so spares the thread that takes it (a move of the mesh takes them along).
void ready_for_queries(const NavMesh& mesh);

class BakeJob {
 public:
  // Readies a new mesh for the thread that takes it, on the job's thread (core/navmesh knows only the
  // index; a caller adds what other parts keep with the mesh, such as the search's scratch space).
  using Prepare = std::function<void(const NavMesh&)>;
  // Starts build_navmesh(scene) with stage records on a new thread at once. A mesh baked is readied there
  // too (ready_for_queries), then `prepare` (optional) run on it.
  explicit BakeJob(Scene scene, Prepare prepare = {});
  // Cancels the bake and waits for its thread (a tiled bake stops after the tiles under way, a
  // single-tile bake before its next phase).
  ~BakeJob();
  BakeJob(const BakeJob&) = delete;
  BakeJob& operator=(const BakeJob&) = delete;

  // The scene being baked (the copy the thread reads; it never changes).
  const Scene& scene() const { return scene_; }
  // Tiles done and total (tiled bakes) or the phase under way (single tile), updated by the bake.
  const BakeProgress& progress() const { return progress_; }
  // Asks the bake to stop; the output then says cancelled. Safe from any thread, any number of times.
  void cancel() { progress_.cancel.store(true); }
  bool cancel_requested() const { return progress_.cancel.load(); }
  // Whether the bake has returned (take() then does not wait).
  bool finished() const { return finished_.load(); }
  // Milliseconds since the job started.
  double elapsed_ms() const;
  // Waits for the bake, then hands its output over. [Limit: once per job]
  BakeOutput take();

 private:
  Scene scene_;
  Prepare prepare_;
  BakeProgress progress_;
  std::atomic<bool> finished_{false};
  BakeOutput out_;
  std::chrono::steady_clock::time_point start_;
  std::thread thread_;  // last: started once everything it reads is constructed
};

}  // namespace navlab
