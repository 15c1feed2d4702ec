#include "tile_job.h"

#include <algorithm>
#include <chrono>

#include "bake_job.h"

namespace navlab {

namespace {

// `later` folded into `earlier`'s place: the tiles and doors of both, the sums of their counts.
void fold(TileJob::Output& later, TileJob::Output earlier) {
  TileUpdate& u = later.update;
  u.rebuilt_tiles.insert(u.rebuilt_tiles.end(), earlier.update.rebuilt_tiles.begin(),
                         earlier.update.rebuilt_tiles.end());
  std::sort(u.rebuilt_tiles.begin(), u.rebuilt_tiles.end());
  u.rebuilt_tiles.erase(std::unique(u.rebuilt_tiles.begin(), u.rebuilt_tiles.end()), u.rebuilt_tiles.end());
  u.update_calls += earlier.update.update_calls;
  u.converted_polygons += earlier.update.converted_polygons;
  u.ms += earlier.update.ms;
  u.convert_ms += earlier.update.convert_ms;
  later.moves += earlier.moves;
  later.final = later.final || earlier.final;
  for (const std::string& d : later.doors)
    if (std::find(earlier.doors.begin(), earlier.doors.end(), d) == earlier.doors.end()) earlier.doors.push_back(d);
  later.doors = std::move(earlier.doors);
}

}  // namespace

TileJob::TileJob(std::shared_ptr<TileCache> cache, Prepare prepare)
    : cache_(std::move(cache)), prepare_(std::move(prepare)), thread_([this] { run(); }) {}

TileJob::~TileJob() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void TileJob::move(const Door& door, bool final) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto same = std::find_if(queued_.begin(), queued_.end(), [&](const Queued& q) { return q.door.id == door.id; });
    if (same == queued_.end()) {
      queued_.push_back({door, final});
    } else {
      same->door = door;
      same->final = same->final || final;
    }
  }
  changed_.notify_all();
}

std::optional<TileJob::Output> TileJob::take() {
  const std::lock_guard<std::mutex> lock(mutex_);
  return std::exchange(ready_, std::nullopt);
}

bool TileJob::busy() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return running_ || !queued_.empty();
}

bool TileJob::done() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return !running_ && queued_.empty() && !ready_;
}

void TileJob::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return !running_ && queued_.empty(); });
}

const TileCache& TileJob::idle_cache() {
  wait();
  return *cache_;
}

void TileJob::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stop_ || !queued_.empty(); });
    if (stop_) return;
    std::vector<Queued> moves = std::move(queued_);
    queued_.clear();
    running_ = true;
    lock.unlock();
    Output out = apply(std::move(moves));
    lock.lock();
    if (ready_) fold(out, std::move(*ready_));  // not taken yet: the next output stands for both
    ready_ = std::move(out);
    running_ = false;
    changed_.notify_all();
  }
}

TileJob::Output TileJob::apply(std::vector<Queued> moves) {
  Output out;
  for (const Queued& q : moves) {
    Output one;
    one.update = cache_->move_door(q.door);
    one.moves = 1;
    one.doors = {q.door.id};
    one.final = q.final;
    fold(one, std::move(out));
    out = std::move(one);
  }
  const auto t0 = std::chrono::steady_clock::now();
  out.mesh = cache_->navmesh();
  ready_for_queries(out.mesh.mesh);
  if (prepare_) out.prepared = prepare_(out.mesh.mesh);
  out.ready_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace navlab
