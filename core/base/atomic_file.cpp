#include "atomic_file.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "text_file.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

// Characters of the target's name kept in the temporary file's name (which adds about 30 more and must
// stay within the 255 a file name may have).
constexpr size_t kTmpNameChars = 200;

std::atomic<unsigned> tmp_counter{0};

std::string errno_text(int e) { return std::strerror(e); }

}  // namespace

AtomicFile::AtomicFile(std::string path, std::string what) : path_(std::move(path)), what_(std::move(what)) {}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
}

Result<void> AtomicFile::status() const {
  if (error_.empty()) return {};
  return Error{error_};
}

bool AtomicFile::fail(const std::string& why) {
  if (error_.empty()) error_ = path_ + ": cannot write the " + what_ + " (" + why + ")";
  return false;
}

Result<void> AtomicFile::open() {
  if (path_.find('\0') != std::string::npos) {
    fail("its name has a NUL character");
    return status();
  }
  if (path_.empty()) {
    error_ = "(no file name): cannot write the " + what_;
    return status();
  }
  target_ = write_target(path_);
  struct stat st {};
  if (::stat(target_.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) {
      fail("it is " + file_kind(st.st_mode) + ", not a regular file");
      return status();
    }
    keep_mode_ = true;
    mode_ = st.st_mode & 07777;
  }
  const fs::path t(target_);
  const std::string name = t.filename().string().substr(0, kTmpNameChars);
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    tmp_ = (t.parent_path() /
            ("." + name + ".navlab-" + std::to_string(::getpid()) + "-" + std::to_string(tmp_counter++) + ".tmp"))
               .string();
    fd_ =
        ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // the umask applies, as for any new file
    if (fd_ < 0 && errno != EEXIST) break;
  }
  if (fd_ < 0) {
    const int e = errno;
    tmp_.clear();
    fail(errno_text(e));
  }
  return status();
}

bool AtomicFile::write(const void* data, size_t n) {
  if (!error_.empty()) return false;
  if (fd_ < 0) return fail("it is not open");
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t put = ::write(fd_, p, n);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return fail(put < 0 ? errno_text(errno) : std::string("nothing was written"));
    p += put;
    n -= size_t(put);
  }
  return true;
}

Result<void> AtomicFile::commit() {
  if (fd_ < 0 && error_.empty()) fail("it is not open");
  if (!error_.empty()) return status();
  if (keep_mode_ && ::fchmod(fd_, mode_) != 0) fail(errno_text(errno));
  // The bytes are on disk before the rename makes them the file.
  if (error_.empty() && ::fsync(fd_) != 0) fail(errno_text(errno));
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(errno_text(errno));
  if (error_.empty() && ::rename(tmp_.c_str(), target_.c_str()) != 0) fail(errno_text(errno));
  if (!error_.empty()) return status();
  tmp_.clear();  // it is the file now
  // The rename itself reaches the disk with the folder's entry (best effort: the file is whole either way).
  const std::string dir = fs::path(target_).parent_path().string();
  if (const int d = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); d >= 0) {
    ::fsync(d);
    ::close(d);
  }
  return status();
}

std::string write_target(const std::string& path) {
  std::error_code ec;
  const fs::path target = fs::is_symlink(path, ec) ? fs::weakly_canonical(path, ec) : fs::path(path);
  return ec ? path : target.string();
}

Result<void> write_file_atomically(const std::string& path, std::string_view bytes, const std::string& what) {
  AtomicFile f(path, what);
  if (Result<void> opened = f.open(); !opened) return opened;
  f.write(bytes);
  return f.commit();
}

Result<void> refuse_overwriting_input(const std::string& out, const std::string& input, const std::string& input_what) {
  if (!same_file(out, input)) return {};
  return Error{out + " is the " + input_what + " " + input +
               " itself: an output never replaces an input of the same command (choose another file)"};
}

}  // namespace navlab
