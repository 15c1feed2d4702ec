// Animated GIF files from RGBA8 frames (top row first), through giflib: each frame gets its own
// 256-colour table (giflib's median-cut quantizer), the animation loops forever. Frames are encoded
// and written as they are added (memory does not grow with their number), into a temporary file that
// becomes the GIF only when finish() succeeds (core/base/atomic_file.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atomic_file.h"
#include "result.h"

struct GifFileType;

namespace navlab::gl {

class GifWriter {
 public:
  GifWriter(std::string path, int w, int h);
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;
  ~GifWriter();  // unfinished: the temporary file is removed, an old file at the path stays as it was

  // Opens the file and writes the header; fails with the file's error.
  Result<void> open();
  // One frame of w*h*4 bytes shown for `delay_cs` hundredths of a second; fails with the first error so far.
  Result<void> add(const std::vector<uint8_t>& rgba, int delay_cs);
  // Writes the trailer and replaces the file at the path; fails with the first error so far.
  Result<void> finish();

 private:
  Error fail(const std::string& why);
  AtomicFile file_;
  std::string path_;
  int w_, h_;
  GifFileType* gif_ = nullptr;
  std::string error_;
};

}  // namespace navlab::gl
