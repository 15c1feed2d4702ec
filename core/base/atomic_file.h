// Writing an output file: the one way every writer of navlab writes a file (bake JSON, Detour files,
// PNG and GIF pictures, lesson pages, saved scenes and settings).
//
// The bytes go to a temporary file in the same folder; every write is checked, then the file is
// flushed to disk (fsync), closed (checked) and renamed over the target in one step. Whatever fails —
// a full disk, a file size limit, a missing folder, a signal that ends the program — the file that was
// there stays as it was and the temporary file is removed. A symbolic link is followed (the file it
// points to is replaced, the link stays); an existing file keeps its permissions; a target that exists
// but is not a regular file (a device such as /dev/full, a FIFO, a directory) is refused.
// Errors read "PATH: cannot write the WHAT (the system's reason)".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "result.h"

namespace navlab {

class AtomicFile {
 public:
  // Nothing is opened until open(). `what` names the file in messages ("PNG file", "navmesh file").
  AtomicFile(std::string path, std::string what);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // without a successful commit(): the temporary file is removed, the target untouched

  // Creates the temporary file.
  Result<void> open();
  // Appends bytes; false once any write failed (error() says why; later writes do nothing).
  bool write(const void* data, size_t n);
  bool write(std::string_view s) { return write(s.data(), s.size()); }
  // Flushes, syncs, closes and renames over the target. Fails with the first error of any step.
  Result<void> commit();
  const std::string& error() const { return error_; }
  const std::string& path() const { return path_; }

 private:
  bool fail(const std::string& why);  // keeps the first error; false
  Result<void> status() const;        // the first error, if any
  std::string path_, what_, target_, tmp_;
  int fd_ = -1;
  bool keep_mode_ = false;
  unsigned mode_ = 0;
  std::string error_;
};

// The file a write to `path` replaces: `path` itself, or the file its symbolic link points to.
std::string write_target(const std::string& path);

// Writes `bytes` to `path` through an AtomicFile.
Result<void> write_file_atomically(const std::string& path, std::string_view bytes, const std::string& what);

// Success when `out` may be written; fails with "OUT is the INPUT_WHAT INPUT itself (...)" when it names
// the same file as `input` (an output never replaces an input of the same command).
Result<void> refuse_overwriting_input(const std::string& out, const std::string& input, const std::string& input_what);

}  // namespace navlab
