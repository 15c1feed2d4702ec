// Clocks for the app's own measurements (frame cost, the cost of a full draw of the viewport), in ms.
#pragma once

#include <ctime>

namespace navlab::app {

// The clock `id` (CLOCK_THREAD_CPUTIME_ID, CLOCK_PROCESS_CPUTIME_ID, CLOCK_MONOTONIC) in milliseconds.
inline double clock_ms(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

// CPU time of the calling thread, ms.
inline double thread_cpu_ms() { return clock_ms(CLOCK_THREAD_CPUTIME_ID); }

}  // namespace navlab::app
