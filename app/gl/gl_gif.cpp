#include "gl_gif.h"

#include <gif_lib.h>

#include <memory>

namespace navlab::gl {

namespace {

constexpr int kColours = 256;

std::string gif_error(const std::string& path, int code) { return path + ": " + GifErrorString(code); }

// The NETSCAPE2.0 application extension: loop count 0 = forever.
bool put_loop(GifFileType* gif) {
  const unsigned char loop[3] = {1, 0, 0};
  return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK && EGifPutExtensionBlock(gif, 3, loop) == GIF_OK &&
         EGifPutExtensionTrailer(gif) == GIF_OK;
}

// One frame: quantized to its own colour table, with its delay.
bool put_frame(GifFileType* gif, int w, int h, const GifFrame& f) {
  const size_t n = size_t(w) * size_t(h);
  std::vector<GifByteType> r(n), g(n), b(n), index(n);
  for (size_t i = 0; i < n; ++i) {
    r[i] = f.rgba[i * 4];
    g[i] = f.rgba[i * 4 + 1];
    b[i] = f.rgba[i * 4 + 2];
  }
  int size = kColours;
  std::vector<GifColorType> colours(kColours);
  if (GifQuantizeBuffer(unsigned(w), unsigned(h), &size, r.data(), g.data(), b.data(), index.data(), colours.data()) !=
      GIF_OK)
    return false;
  const std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(GifMakeMapObject(kColours, colours.data()),
                                                                        GifFreeMapObject);
  GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, f.delay_cs, NO_TRANSPARENT_COLOR};
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

std::string write_gif(const std::string& path, int w, int h, const std::vector<GifFrame>& frames) {
  if (frames.empty()) return path + ": no frames to write";
  for (const GifFrame& f : frames)
    if (f.rgba.size() != size_t(w) * size_t(h) * 4) return path + ": a frame is not " + std::to_string(w) + "x" + std::to_string(h);
  int err = 0;
  GifFileType* gif = EGifOpenFileName(path.c_str(), false, &err);
  if (!gif) return gif_error(path, err);
  EGifSetGifVersion(gif, true);
  bool ok = EGifPutScreenDesc(gif, w, h, 8, 0, nullptr) == GIF_OK && put_loop(gif);
  for (size_t i = 0; ok && i < frames.size(); ++i) ok = put_frame(gif, w, h, frames[i]);
  const int write_error = gif->Error;
  if (EGifCloseFile(gif, &err) != GIF_OK) return gif_error(path, err);
  return ok ? "" : gif_error(path, write_error);
}

}  // namespace navlab::gl
