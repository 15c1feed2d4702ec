// The app's Disposer (app/gui/document/gui_dispose.h): what it is handed is destroyed on another thread, not the
// caller's, and nothing is left undestroyed when the Disposer itself goes.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "gui_dispose.h"

namespace navlab::test {
namespace {

struct Seen {
  std::mutex m;
  std::set<std::thread::id> threads;
  std::atomic<int> destroyed{0};
};

// Records the thread it is destroyed on; a moved-from probe records nothing.
struct Probe {
  std::shared_ptr<Seen> seen;
  explicit Probe(std::shared_ptr<Seen> s) : seen(std::move(s)) {}
  Probe(Probe&& o) noexcept = default;
  ~Probe() {
    if (!seen) return;
    std::lock_guard<std::mutex> lock(seen->m);
    seen->threads.insert(std::this_thread::get_id());
    ++seen->destroyed;
  }
};

TEST(Disposer, DestroysWhatItIsHandedOnAnotherThreadAndWaitsForAllOfIt) {
  auto seen = std::make_shared<Seen>();
  {
    app::Disposer d;
    for (int i = 0; i < 20; ++i) d.later(Probe(seen));
    d.collect();
    EXPECT_LE(d.pending(), 20u);
  }
  EXPECT_EQ(seen->destroyed.load(), 20);
  EXPECT_EQ(seen->threads.count(std::this_thread::get_id()), 0u) << "a probe was destroyed on the caller's thread";
}

TEST(Disposer, TakesMoveOnlyThings) {
  auto seen = std::make_shared<Seen>();
  {
    app::Disposer d;
    d.later(std::make_unique<Probe>(seen));
  }
  EXPECT_EQ(seen->destroyed.load(), 1);
  EXPECT_EQ(seen->threads.count(std::this_thread::get_id()), 0u);
}

}  // namespace
}  // namespace navlab::test
