// A fuzz target's whole corpus (tests/fuzz/<target>/: the seeds and every input a fuzzer ever found)
// through the target's own entry point, as a test of the normal suite and of the sanitizer build, with
// no need for clang's libFuzzer: an input that once crashed stays a test. (A finding that was a runaway
// is caught again by the fuzz step of CI, which starts by running this same corpus under its timeout.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "paths.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace navlab {
namespace {

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(FuzzCorpus, EveryInputRunsToTheEnd) {
  const std::filesystem::path dir = std::filesystem::path(test::source_dir()) / "tests" / "fuzz" / NAVLAB_FUZZ_TARGET;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 3u) << dir;
  for (const auto& file : files) {
    SCOPED_TRACE(file.filename().string());
    const std::string bytes = read_bytes(file);
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), 0);
  }
}

}  // namespace
}  // namespace navlab
