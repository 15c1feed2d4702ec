#include "check.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace navlab {
namespace {

void abort_handler(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "navlab: internal error: %s:%d: NAVLAB_ASSERT(%s) failed\n", file, line, condition);
  std::abort();
}

std::atomic<AssertHandler> g_handler{abort_handler};

}  // namespace

AssertHandler set_assert_handler(AssertHandler handler) {
  return g_handler.exchange(handler ? handler : abort_handler);
}

void assert_failed(const char* condition, const char* file, int line) {
  g_handler.load()(condition, file, line);
  // A handler that returns (rather than aborting or throwing) must not let the broken state run on.
  std::abort();
}

}  // namespace navlab
