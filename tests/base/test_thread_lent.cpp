#include "thread_lent.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace navlab {
namespace {

struct Scratch {
  std::vector<int> buffer;
};

TEST(ThreadLent, TheThreadsOwnIsLentToOneUserAtATime) {
  const Scratch* first = nullptr;
  {
    const ThreadLent<Scratch> a;
    a->buffer.assign(100, 7);
    first = &*a;
    const ThreadLent<Scratch> inner;
    EXPECT_NE(&*inner, first) << "a user inside a user gets a temporary";
    EXPECT_TRUE(inner->buffer.empty()) << "the temporary is a new object";
    {
      const ThreadLent<Scratch> deeper;
      EXPECT_NE(&*deeper, first);
      EXPECT_NE(&*deeper, &*inner);
    }
  }
  const ThreadLent<Scratch> again;
  EXPECT_EQ(&*again, first) << "the thread's own is lent again once given back";
  EXPECT_EQ(again->buffer.size(), 100u) << "and keeps what the last user left in it";
  const Scratch* other = nullptr;
  std::thread([&] {
    const ThreadLent<Scratch> there;
    other = &*there;
  }).join();
  EXPECT_NE(other, first) << "another thread has its own";
}

// Given back after a temporary was taken and released, the thread's own is lent again, not another
// temporary (the temporary's release must not take the lent mark).
TEST(ThreadLent, ATemporarysReleaseLeavesTheOwnLent) {
  const Scratch* own = nullptr;
  {
    const ThreadLent<Scratch> a;
    own = &*a;
    { const ThreadLent<Scratch> temporary; }
    const ThreadLent<Scratch> b;
    EXPECT_NE(&*b, own) << "the own object is still lent to a";
  }
  const ThreadLent<Scratch> c;
  EXPECT_EQ(&*c, own);
}

}  // namespace
}  // namespace navlab
