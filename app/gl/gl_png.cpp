#include "gl_png.h"

#include <stb_image_write.h>

#include <ctime>
#include <filesystem>

namespace navlab::gl {

std::string write_png(const std::string& path, int w, int h, const std::vector<uint8_t>& rgba) {
  if (w <= 0 || h <= 0 || rgba.size() < size_t(w) * h * 4) return "no pixels to write";
  const std::filesystem::path p(path);
  if (p.has_parent_path() && !std::filesystem::exists(p.parent_path()))
    return "cannot write " + path + ": directory does not exist";
  stbi_flip_vertically_on_write(0);
  if (!stbi_write_png(path.c_str(), w, h, 4, rgba.data(), w * 4)) return "cannot write " + path;
  return "";
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
