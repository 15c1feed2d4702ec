#include "text_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace navlab {
namespace {

constexpr size_t kChunkBytes = size_t{1} << 16;

// Closes a descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISREG(mode)) return "a regular file";
  return "not a regular file";
}

std::string byte_limit_text(size_t bytes) {
  if (bytes >= (size_t{1} << 20) && bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (a.find('\0') != std::string::npos || b.find('\0') != std::string::npos) return false;
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

Result<std::string> read_text_file(const std::string& path, const std::string& what, size_t max_bytes) {
  using R = Result<std::string>;
  const std::string head = path + ": cannot read the " + what;
  if (path.find('\0') != std::string::npos) return R::fail(head + " (its name has a NUL character)");
  if (path.empty()) return R::fail("(no file name): cannot read the " + what);
  // Non-blocking: opening a FIFO with no writer would wait forever; fstat then refuses it.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (f.fd < 0) return R::fail(head + " (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) return R::fail(head + " (" + std::strerror(errno) + ")");
  if (!S_ISREG(st.st_mode)) return R::fail(head + " (it is " + file_kind(st.st_mode) + ", not a regular file)");
  const std::string too_large = head + " (it is larger than the " + byte_limit_text(max_bytes) + " limit for " +
                                (what == "file" ? std::string("input files") : what + "s") + ")";
  if (st.st_size < 0 || size_t(st.st_size) > max_bytes) return R::fail(too_large);
  std::string text;
  text.reserve(size_t(st.st_size));
  char chunk[kChunkBytes];
  while (true) {
    const ssize_t got = ::read(f.fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return R::fail(head + " (" + std::strerror(errno) + ")");
    if (got == 0) break;
    if (text.size() + size_t(got) > max_bytes) return R::fail(too_large);  // it grew while being read
    text.append(chunk, size_t(got));
  }
  return text;
}

}  // namespace navlab
