// Frees large things the UI thread is done with (a replaced navmesh, a finished bake's copy of the
// scene) on threads of their own, so that the frame that replaces them does not spend milliseconds in
// free(). Nothing with GL objects may be handed over: GL is the UI thread's.
#pragma once

#include <chrono>
#include <future>
#include <utility>
#include <vector>

namespace navlab::app {

class Disposer {
 public:
  // Destroys `value` on a thread of its own.
  template <class T>
  void later(T value) {
    collect();
    pending_.push_back(std::async(std::launch::async, [v = std::move(value)]() mutable {
      T gone = std::move(v);  // destroyed here, on the worker, not with the callable
    }));
  }
  // Joins the threads that have finished (each frame).
  void collect() {
    std::erase_if(pending_, [](const std::future<void>& f) {
      return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    });
  }
  size_t pending() const { return pending_.size(); }
  // Waits for all of them (std::future's destructor).
  ~Disposer() = default;

 private:
  std::vector<std::future<void>> pending_;
};

}  // namespace navlab::app
