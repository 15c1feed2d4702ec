// libFuzzer target: app script text -> parse_script (app/gui/script/gui_script_read.h: the JSON nesting limit,
// the script's shape, its frame and play limits), which runs before any action and needs no window.
#include <cstddef>
#include <cstdint>
#include <string>

#include "gui_script_read.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)navlab::app::parse_script(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
  return 0;
}
