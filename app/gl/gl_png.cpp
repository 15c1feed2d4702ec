#include "gl_png.h"

#include <stb_image_write.h>

#include <ctime>
#include <filesystem>

#include "atomic_file.h"

namespace navlab::gl {

Result<void> check_picture_size(long long w, long long h) {
  if (w < kMinPictureSide || h < kMinPictureSide || w > kMaxPictureSide || h > kMaxPictureSide)
    return Error{"the size must be " + std::to_string(kMinPictureSide) + " to " + std::to_string(kMaxPictureSide) +
                 " pixels each way, got " + std::to_string(w) + "x" + std::to_string(h)};
  if (w * h > kMaxPicturePixels)
    return Error{std::to_string(w) + "x" + std::to_string(h) + " is " + std::to_string(w * h) +
                 " pixels, more than the picture limit of " + std::to_string(kMaxPicturePixels) +
                 " (what the multisampled drawing, the picture and its encoding need must fit in 4 GB); for example " +
                 std::to_string(kMaxPictureSide) + "x" + std::to_string(kMaxPicturePixels / kMaxPictureSide) + " or " +
                 std::to_string(kMaxSquareSide) + "x" + std::to_string(kMaxSquareSide)};
  return {};
}

Result<void> write_png(const std::string& path, int w, int h, const std::vector<uint8_t>& rgba) {
  if (w <= 0 || h <= 0 || rgba.size() < size_t(w) * size_t(h) * 4) return Error{path + ": no pixels to write"};
  AtomicFile out(path, "PNG file");
  if (Result<void> opened = out.open(); !opened) return opened;
  stbi_flip_vertically_on_write(0);
  // stb encodes the whole picture in memory, then hands it over in one piece; every write is checked.
  const auto sink = [](void* file, void* data, int size) { static_cast<AtomicFile*>(file)->write(data, size_t(size)); };
  if (!stbi_write_png_to_func(sink, &out, w, h, 4, rgba.data(), w * 4))
    return Error{path + ": cannot write the PNG file (the encoder could not get the memory it needs)"};
  return out.commit();
}

std::string timestamped_png_name(const std::string& dir) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "navlab-%Y%m%d-%H%M%S.png", &tm);
  return (std::filesystem::path(dir.empty() ? "." : dir) / buf).string();
}

}  // namespace navlab::gl
