#include "gl_gif.h"

#include <gif_lib.h>

#include <memory>

namespace navlab::gl {

namespace {

constexpr int kColours = 256;

// giflib's output function: the bytes go to the temporary file, every write checked.
int put_bytes(GifFileType* gif, const GifByteType* bytes, int n) {
  return static_cast<AtomicFile*>(gif->UserData)->write(bytes, size_t(n)) ? n : 0;
}

// The NETSCAPE2.0 application extension: loop count 0 = forever.
bool put_loop(GifFileType* gif) {
  const unsigned char loop[3] = {1, 0, 0};
  return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK && EGifPutExtensionBlock(gif, 3, loop) == GIF_OK &&
         EGifPutExtensionTrailer(gif) == GIF_OK;
}

// One frame: quantized to its own colour table, with its delay.
bool put_frame(GifFileType* gif, int w, int h, const std::vector<uint8_t>& rgba, int delay_cs) {
  const size_t n = size_t(w) * size_t(h);
  std::vector<GifByteType> r(n), g(n), b(n), index(n);
  for (size_t i = 0; i < n; ++i) {
    r[i] = rgba[i * 4];
    g[i] = rgba[i * 4 + 1];
    b[i] = rgba[i * 4 + 2];
  }
  int size = kColours;
  std::vector<GifColorType> colours(kColours);
  if (GifQuantizeBuffer(unsigned(w), unsigned(h), &size, r.data(), g.data(), b.data(), index.data(), colours.data()) !=
      GIF_OK)
    return false;
  const std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(GifMakeMapObject(kColours, colours.data()),
                                                                       GifFreeMapObject);
  GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, delay_cs, NO_TRANSPARENT_COLOR};
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  if (!map || EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) != GIF_OK ||
      EGifPutImageDesc(gif, 0, 0, w, h, false, map.get()) != GIF_OK)
    return false;
  for (int y = 0; y < h; ++y)
    if (EGifPutLine(gif, index.data() + size_t(y) * size_t(w), w) != GIF_OK) return false;
  return true;
}

}  // namespace

GifWriter::GifWriter(std::string path, int w, int h) : file_(path, "GIF file"), path_(std::move(path)), w_(w), h_(h) {}

GifWriter::~GifWriter() {
  if (gif_) EGifCloseFile(gif_, nullptr);
}

Error GifWriter::fail(const std::string& why) {
  // A failed write says why in the file's own words (the system's reason); giflib's code otherwise.
  if (error_.empty())
    error_ = !file_.error().empty() ? file_.error() : path_ + ": cannot write the GIF file (" + why + ")";
  return Error{error_};
}

Result<void> GifWriter::open() {
  if (Result<void> opened = file_.open(); !opened) return Error{error_ = opened.error()};
  int err = 0;
  gif_ = EGifOpen(&file_, put_bytes, &err);
  if (!gif_) return fail(GifErrorString(err));
  EGifSetGifVersion(gif_, true);
  if (EGifPutScreenDesc(gif_, w_, h_, 8, 0, nullptr) != GIF_OK || !put_loop(gif_))
    return fail(GifErrorString(gif_->Error));
  return {};
}

Result<void> GifWriter::add(const std::vector<uint8_t>& rgba, int delay_cs) {
  if (!error_.empty()) return Error{error_};
  if (!gif_) return fail("it is not open");
  if (rgba.size() != size_t(w_) * size_t(h_) * 4)
    return fail("a frame is not " + std::to_string(w_) + "x" + std::to_string(h_));
  if (!put_frame(gif_, w_, h_, rgba, delay_cs)) return fail(GifErrorString(gif_->Error));
  return {};
}

Result<void> GifWriter::finish() {
  if (!error_.empty()) return Error{error_};
  if (!gif_) return fail("it is not open");
  int err = 0;
  const int closed = EGifCloseFile(gif_, &err);  // writes the trailer and frees the encoder
  gif_ = nullptr;
  if (closed != GIF_OK) return fail(GifErrorString(err));
  if (Result<void> done = file_.commit(); !done) return Error{error_ = done.error()};
  return {};
}

}  // namespace navlab::gl
