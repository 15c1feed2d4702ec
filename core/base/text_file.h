// Reading an input file: the one way every reader of navlab opens a file (scenes, levels and the files
// they name, Detour files, lessons, --events, --queries, scripts, fonts, settings).
//
// Only a regular file is read: a FIFO, a directory, a device or a socket is refused with a message
// naming the path, without blocking (the file is opened non-blocking, then checked). The size is
// checked before anything is read, and again while reading (a file that grows), so no input can fill
// memory; the file is opened once and read once.
#pragma once

#include <string>
#include <sys/types.h>

#include "result.h"

namespace navlab {

// The bytes of the file at `path`, or "PATH: cannot read the WHAT (why)" where why is the system's
// reason, "it is a FIFO, not a regular file", "it is larger than the N MiB limit for WHAT files", ...
// `what` names the file in the message ("file", "OBJ file", "lesson file"). [Limit: max_bytes > 0]
Result<std::string> read_text_file(const std::string& path, const std::string& what, size_t max_bytes);

// What kind of file a stat mode is, for messages: "a FIFO", "a directory", "a character device", ...
std::string file_kind(mode_t mode);

// "N MiB" (or "N bytes" below one MiB) for a byte limit in a message.
std::string byte_limit_text(size_t bytes);

// Whether `a` and `b` name the same existing file (the same device and inode, through links).
bool same_file(const std::string& a, const std::string& b);

}  // namespace navlab
