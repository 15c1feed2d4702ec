// PNG files from RGBA8 pixels (top row first), through stb_image_write.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace navlab::gl {

// Writes `rgba` (w*h*4 bytes, top row first) to `path`. Returns "" or a readable error.
std::string write_png(const std::string& path, int w, int h, const std::vector<uint8_t>& rgba);

// A default export name in `dir`: navlab-YYYYmmdd-HHMMSS.png.
std::string timestamped_png_name(const std::string& dir);

}  // namespace navlab::gl
