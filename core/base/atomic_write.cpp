#include "atomic_write.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace navlab {

std::string write_file_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target = fs::is_symlink(path, ec) ? fs::weakly_canonical(path, ec) : fs::path(path);
  const std::string out = ec ? path : target.string();
  struct stat old_stat {};
  const bool existed = ::stat(out.c_str(), &old_stat) == 0;
  const std::string tmp = out + ".tmp";
  auto failed = [&](const std::string& what) { return "cannot write " + what + " (" + std::strerror(errno) + ")"; };
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return failed(tmp);
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  ok = std::fflush(f) == 0 && ok;
  if (existed) ok = ::fchmod(fileno(f), old_stat.st_mode & 07777) == 0 && ok;
  ok = ::fsync(fileno(f)) == 0 && ok;  // the bytes are on disk before the rename makes them the file
  std::string error = ok ? "" : failed(tmp);
  if (std::fclose(f) != 0 && error.empty()) error = failed(tmp);
  if (error.empty() && std::rename(tmp.c_str(), out.c_str()) != 0) error = failed(out);
  if (!error.empty()) std::remove(tmp.c_str());
  return error;
}

}  // namespace navlab
