// libFuzzer target: lesson text -> parse_lesson, read as a file of scenes/lessons/ (so its slides name the
// shipped scenes, which are loaded and planned on to check each slide's step). Any crash, sanitizer
// report or timeout is a bug: bad input must end with a message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = NAVLAB_SOURCE_DIR "/scenes/lessons/fuzz.json";
  (void)navlab::parse_lesson(std::string(reinterpret_cast<const char*>(data), size), path);
  return 0;
}
