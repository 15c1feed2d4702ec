// PNG files from RGBA8 pixels (top row first), through stb_image_write, written atomically
// (core/base/atomic_file.h), and the size limits of every picture navlab draws (render, lesson, the
// app's window and its exports).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "result.h"

namespace navlab::gl {

// Pixels each way of a picture, and in all. A picture is drawn multisampled with a depth buffer and read
// back before it is encoded: about 90 bytes a pixel, so the pixel limit keeps a render, a lesson or an
// export inside a 4 GB address space (docs/limits.md has the measurements).
constexpr int kMinPictureSide = 16;
constexpr int kMaxPictureSide = 8192;
constexpr long long kMaxPicturePixels = 4096LL * 4096;
constexpr int kMaxSquareSide = 4096;  // the largest square within kMaxPicturePixels

// Succeeds when a w x h picture is within the limits above; fails with what is wrong and a size that fits.
Result<void> check_picture_size(long long w, long long h);

// Writes `rgba` (w*h*4 bytes, top row first) to `path`. Fails with "PATH: cannot write the PNG file (the
// system's reason)"; a failure leaves any file that was there as it was.
Result<void> write_png(const std::string& path, int w, int h, const std::vector<uint8_t>& rgba);

// A default export name in `dir`: navlab-YYYYmmdd-HHMMSS.png.
std::string timestamped_png_name(const std::string& dir);

}  // namespace navlab::gl
