#include "follow_job.h"

#include <chrono>
#include <utility>

#include "tilecache.h"

namespace navlab {

FollowJob::FollowJob(Scene scene, std::shared_ptr<const NavMesh> mesh, Query query, std::vector<FollowEvent> events,
                     FollowDef def, bool own_tile_cache)
    : scene_(std::move(scene)),
      mesh_(std::move(mesh)),
      query_(std::move(query)),
      events_(std::move(events)),
      def_(def),
      own_tile_cache_(own_tile_cache) {
  // The thread reads the copies above and writes only out_ (and finished_ last); nothing else reads out_
  // before take() has joined it.
  thread_ = std::thread([this] {
    const auto t0 = std::chrono::steady_clock::now();
    std::unique_ptr<TileCache> own;
    def_.tile_cache = nullptr;
    def_.progress = &progress_;
    if (own_tile_cache_ && !progress_.cancel.load()) {
      if (auto built = TileCache::build(scene_, tile_cache_def(scene_), &progress_)) {
        own = std::move(built.value());
        def_.tile_cache = own.get();
      }
    }
    out_.result = follow(scene_, *mesh_, query_, events_, def_);
    out_.tile_cache = def_.tile_cache != nullptr;
    out_.thread = std::this_thread::get_id();
    out_.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    finished_.store(true);
  });
}

FollowJob::~FollowJob() {
  cancel();
  if (thread_.joinable()) thread_.join();
}

FollowJobOutput FollowJob::take() {
  if (thread_.joinable()) thread_.join();
  return std::move(out_);
}

}  // namespace navlab
