// Writing an output file whole or not at all: the text goes to a temporary file in the same folder,
// every write is checked, the bytes are flushed to disk, and only then is the temporary renamed over
// the file, so a failure (a full disk, a missing folder) leaves any old file as it was.
#pragma once

#include <string>

namespace navlab {

// Writes `text` to `path` that way. Writing over a symbolic link writes the file it points to (the link
// stays); an existing file keeps its permissions. Returns "" or "cannot write PATH (REASON)".
std::string write_file_atomically(const std::string& path, const std::string& text);

}  // namespace navlab
