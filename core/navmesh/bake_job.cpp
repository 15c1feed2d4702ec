#include "bake_job.h"

#include <utility>

#include "navmesh_build.h"

namespace navlab {

void ready_for_queries(const NavMesh& mesh) { mesh.query_cache.index_of(mesh); }

BakeJob::BakeJob(Scene scene, Prepare prepare)
    : scene_(std::move(scene)), prepare_(std::move(prepare)), start_(std::chrono::steady_clock::now()) {
  // The thread writes only out_ and progress_ (and finished_ last); nothing else reads out_ before take()
  // has joined it.
  thread_ = std::thread([this] {
    const auto t0 = std::chrono::steady_clock::now();
    out_.mesh = build_navmesh(scene_, &out_.steps, &out_.stages, &progress_);
    out_.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    // The mesh is readied here too, and what the caller's `prepare` adds, so the first plan and spawn
    // check on the thread that takes the mesh do not build its index (a move takes it along).
    if (out_.mesh && !progress_.cancel.load()) {
      const NavMesh& mesh = out_.mesh.value();
      ready_for_queries(mesh);
      if (prepare_) prepare_(mesh);
    }
    finished_.store(true);
  });
}

BakeJob::~BakeJob() {
  cancel();
  if (thread_.joinable()) thread_.join();
}

double BakeJob::elapsed_ms() const {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
}

BakeOutput BakeJob::take() {
  if (thread_.joinable()) thread_.join();
  out_.cancelled = progress_.cancel.load();
  return std::move(out_);
}

}  // namespace navlab
