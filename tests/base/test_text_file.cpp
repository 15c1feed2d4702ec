// The one way navlab reads a file (text_file.h) and writes one (atomic_file.h): regular files only,
// without blocking on a FIFO, the size checked before reading; temporary file, checked writes, rename,
// and a failure that leaves the old file as it was.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "atomic_file.h"
#include "paths.h"
#include "text_file.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(test::temp_dir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The names in `dir` (hidden ones too): a temporary file left behind shows here.
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ReadFile, ReadsARegularFileWhole) {
  const fs::path dir = fresh_dir("read_ok");
  test::write_text((dir / "a.txt").string(), std::string(200000, 'x') + "end");
  const Result<std::string> r = read_text_file((dir / "a.txt").string(), "file", 1 << 20);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->size(), 200003u);
  EXPECT_EQ(r->substr(200000), "end");
}

TEST(ReadFile, AFifoIsRefusedAtOnceWithoutAWriter) {
  const fs::path dir = fresh_dir("read_fifo");
  const std::string fifo = (dir / "pipe.json").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  // A blocking open would wait here for a writer forever; the test would hang (ctest's timeout).
  const Result<std::string> r = read_text_file(fifo, "lesson file", 1 << 20);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), fifo + ": cannot read the lesson file (it is a FIFO, not a regular file)");
}

TEST(ReadFile, DirectoriesAndDevicesAreRefusedByKind) {
  const fs::path dir = fresh_dir("read_kinds");
  EXPECT_EQ(read_text_file(dir.string(), "script file", 1 << 20).error(),
            dir.string() + ": cannot read the script file (it is a directory, not a regular file)");
  EXPECT_EQ(read_text_file("/dev/zero", "OBJ file", 1 << 20).error(),
            "/dev/zero: cannot read the OBJ file (it is a character device, not a regular file)");
}

TEST(ReadFile, TheSizeIsCheckedBeforeReading) {
  const fs::path dir = fresh_dir("read_size");
  const std::string path = (dir / "big.json").string();
  test::write_text(path, std::string(1001, ' '));
  EXPECT_EQ(read_text_file(path, "file", 1000).error(),
            path + ": cannot read the file (it is larger than the 1000 bytes limit for input files)");
  EXPECT_TRUE(read_text_file(path, "file", 1001).ok());
  EXPECT_EQ(read_text_file(path, "level file", size_t{1} << 20).value().size(), 1001u);
}

TEST(ReadFile, ANameWithANulCharacterIsNotCutShort) {
  const fs::path dir = fresh_dir("read_nul");
  test::write_text((dir / "good.obj").string(), "v 0 0 0\n");
  const std::string name = (dir / "good.obj").string() + std::string(1, '\0') + ".evil";
  const Result<std::string> r = read_text_file(name, "OBJ file", 1 << 20);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("(its name has a NUL character)"), std::string::npos) << r.error();
}

TEST(ReadFile, AMissingFileGivesTheSystemsReason) {
  EXPECT_EQ(read_text_file("/nonexistent/x.json", "file", 100).error(),
            "/nonexistent/x.json: cannot read the file (No such file or directory)");
}

TEST(AtomicFile, WritesAndReplacesAndLeavesNoTemporaryFile) {
  const fs::path dir = fresh_dir("write_ok");
  const std::string path = (dir / "out.json").string();
  test::write_text(path, "old");
  ASSERT_EQ(write_file_atomically(path, "new contents", "JSON file").error(), "");
  EXPECT_EQ(test::read_text(path), "new contents");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"out.json"});
}

TEST(AtomicFile, AnUncommittedFileChangesNothing) {
  const fs::path dir = fresh_dir("write_abandoned");
  const std::string path = (dir / "out.png").string();
  test::write_text(path, "good picture");
  {
    AtomicFile f(path, "PNG file");
    ASSERT_EQ(f.open().error(), "");
    ASSERT_TRUE(f.write(std::string(5000, 'x')));
    EXPECT_EQ(names_in(dir).size(), 2u);  // the target and the temporary file beside it
  }                                       // e.g. a stop signal before the last frame: never committed
  EXPECT_EQ(test::read_text(path), "good picture");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"out.png"});
}

TEST(AtomicFile, AWriteErrorKeepsTheOldFileAndSaysWhy) {
  const fs::path dir = fresh_dir("write_fsize");
  const std::string path = (dir / "out.json").string();
  test::write_text(path, "the good file");
  // A file size limit makes the second write fail with EFBIG, as a full disk fails with ENOSPC.
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  void (*old_handler)(int) = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string err = write_file_atomically(path, std::string(100000, 'x'), "JSON file").error();
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(err, path + ": cannot write the JSON file (File too large)");
  EXPECT_EQ(test::read_text(path), "the good file");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"out.json"});
}

TEST(AtomicFile, ADeviceIsNeverReplaced) {
  // /dev/full would otherwise be replaced by a regular file (a rename over it succeeds for root).
  EXPECT_EQ(write_file_atomically("/dev/full", "x", "PNG file").error(),
            "/dev/full: cannot write the PNG file (it is a character device, not a regular file)");
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(AtomicFile, AMissingFolderIsAnError) {
  const std::string path = test::temp_dir() + "/no/such/dir/x.gif";
  EXPECT_EQ(write_file_atomically(path, "x", "GIF file").error(),
            path + ": cannot write the GIF file (No such file or directory)");
}

TEST(AtomicFile, AnOutputThatIsAnInputIsRefused) {
  const fs::path dir = fresh_dir("write_input");
  const std::string scene = (dir / "scene.json").string();
  test::write_text(scene, "{}");
  fs::create_symlink("scene.json", dir / "link.json");
  EXPECT_EQ(refuse_overwriting_input((dir / "link.json").string(), scene, "scene file").error(),
            (dir / "link.json").string() + " is the scene file " + scene +
                " itself: an output never replaces an input of the same command (choose another file)");
  EXPECT_EQ(refuse_overwriting_input((dir / "other.json").string(), scene, "scene file").error(), "");
}

}  // namespace
}  // namespace navlab
