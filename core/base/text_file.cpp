#include "text_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

namespace navlab {
namespace {

constexpr size_t kChunkBytes = size_t{1} << 16;

std::string mib(size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

}  // namespace

Result<std::string> read_text_file(const std::string& path, const std::string& what, size_t max_bytes) {
  using R = Result<std::string>;
  const std::string head = path + ": cannot read the " + what;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return R::fail(head + " (it is a directory)");
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return R::fail(head + " (" + std::strerror(errno) + ")");
  std::string text;
  std::string chunk(kChunkBytes, '\0');
  while (true) {
    const size_t got = std::fread(chunk.data(), 1, chunk.size(), f.get());
    if (text.size() + got > max_bytes)
      return R::fail(head + " (it is larger than the " + mib(max_bytes) + " limit for input files)");
    text.append(chunk.data(), got);
    if (got < chunk.size()) break;
  }
  if (std::ferror(f.get())) return R::fail(head + " (" + std::strerror(errno) + ")");
  return text;
}

}  // namespace navlab
