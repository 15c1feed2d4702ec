// plan_into() and plan_motion_into() into a result reused from call to call allocate nothing once the
// result (and the per-thread buffers of the stages) have grown on a level: every allocation of this
// test program is counted by a replaced operator new while a window is open.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "meshes.h"
#include "motion.h"
#include "plan.h"
#include "random_pairs.h"

namespace {
std::atomic<long> g_allocations{0};
thread_local bool g_counting = false;
}  // namespace

// operator new counts and takes its memory from malloc; operator delete gives it back with free, so a
// sanitizer that replaces both (AddressSanitizer) sees matching pairs. (GCC, not knowing that operator new
// is this malloc, warns of free on its pointers wherever it inlines a new beside a delete.)
void* operator new(std::size_t n) {
  if (g_counting) g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (g_counting) g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace navlab {
namespace {

// Counts the allocations of f() on this thread.
template <class F>
long allocations(F&& f) {
  const long before = g_allocations.load();
  g_counting = true;
  f();
  g_counting = false;
  return g_allocations.load() - before;
}

// The scene's random pairs planned twice into one result: the first round may grow it (and the mesh's
// index, and the stages' per-thread buffers); the second round, the same pairs again, must allocate
// nothing at all where the plan completes (a failure's message is text made for it). `doors` closes or
// opens doors for every plan, as the app's door panel and the follower's door events do.
void expect_no_allocation_on_the_second_round(const char* scene_name, const DoorOverrides& doors = {}) {
  const test::Loaded l = test::load(scene_name);
  const std::vector<RandomPair> pairs = random_pairs(l.mesh, 60, 7);
  ASSERT_FALSE(pairs.empty());
  PlanResult r;
  MotionResult m;
  for (const RandomPair& p : pairs) plan_into(l.scene, l.mesh, PlanRequest{p.start, p.goal, doors}, r);
  int complete = 0;
  for (const RandomPair& p : pairs) {
    const PlanRequest request{p.start, p.goal, doors};
    const long n = allocations([&] { plan_into(l.scene, l.mesh, request, r); });
    if (r.status != Status::Complete) continue;
    ++complete;
    EXPECT_EQ(n, 0) << scene_name << ": plan_into allocated " << n << " times";
    // The motion stages on their own, into their own reused result.
    plan_motion_into(l.mesh, r.search.corridor, r.locate.start.point, r.portals, l.scene.agent, nullptr, m);
    const long k = allocations([&] {
      plan_motion_into(l.mesh, r.search.corridor, r.locate.start.point, r.portals, l.scene.agent, nullptr, m);
    });
    EXPECT_EQ(k, 0) << scene_name << ": plan_motion_into allocated " << k << " times";
  }
  EXPECT_GT(complete, 20) << scene_name;
}

TEST(PlanIntoAllocations, NoneAfterTheFirstCallsOnTheOfficeFloor) {
  expect_no_allocation_on_the_second_round("default.json");
}

TEST(PlanIntoAllocations, NoneAfterTheFirstCallsOnA3DLevel) {
  expect_no_allocation_on_the_second_round("mesh_level.json");
}

TEST(PlanIntoAllocations, NoneAfterTheFirstCallsWithABakedDoorClosed) {
  // door_west's own polygons and connections, found in the bake.
  expect_no_allocation_on_the_second_round("default.json", DoorOverrides{{"door_west"}, {}});
}

TEST(PlanIntoAllocations, NoneAfterTheFirstCallsWithADoorShapeClosed) {
  // A hand-made mesh: the edges door1's segment covers, found from its shape.
  expect_no_allocation_on_the_second_round("doors_balcony.json", DoorOverrides{{"door1"}, {}});
}

}  // namespace
}  // namespace navlab
