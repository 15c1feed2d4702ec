// Animated GIF files from RGBA8 frames (top row first), through giflib: each frame gets its own
// 256-colour table (giflib's median-cut quantizer), the animation loops forever.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace navlab::gl {

struct GifFrame {
  std::vector<uint8_t> rgba;  // w*h*4 bytes, top row first
  int delay_cs = 100;         // how long the frame shows, 1/100 s
};

// Writes the frames (all w x h) to `path`. Returns "" or a readable error.
std::string write_gif(const std::string& path, int w, int h, const std::vector<GifFrame>& frames);

}  // namespace navlab::gl
