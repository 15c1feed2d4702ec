// A reused object per thread, lent to one user at a time: the planner's scratch (a NavQuery's search
// labels, a plan's door gates) keeps its buffers from one call to the next this way, so a call on a
// thread that has run one before allocates nothing for it. A call made inside another on the same thread
// (a corridor search that a plan calls back into) finds the thread's object lent and gets a temporary
// one of its own, which lives as long as its ThreadLent.
#pragma once

#include <optional>

namespace navlab {

template <class T>
class ThreadLent {
 public:
  ThreadLent() {
    Slot& s = slot();
    if (s.lent) {
      object_ = &temporary_.emplace();
    } else {
      s.lent = true;
      object_ = &s.object;
    }
  }
  ~ThreadLent() {
    if (!temporary_) slot().lent = false;
  }
  ThreadLent(const ThreadLent&) = delete;
  ThreadLent& operator=(const ThreadLent&) = delete;

  T& operator*() const { return *object_; }
  T* operator->() const { return object_; }

 private:
  struct Slot {
    T object;
    bool lent = false;
  };
  static Slot& slot() {
    thread_local Slot s;
    return s;
  }

  T* object_ = nullptr;
  std::optional<T> temporary_;  // set when the thread's own was lent already
};

}  // namespace navlab
