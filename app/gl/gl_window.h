// One SDL2 window with an OpenGL 3.3 core context (glad) and a Dear ImGui context on its backends.
// The GUI shows it; `navlab render` and scripted runs may keep it hidden (Xvfb or SDL's offscreen driver).
#pragma once

#include <string>

#include "result.h"

struct SDL_Window;

namespace navlab::gl {

class Window {
 public:
  Window() = default;
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  ~Window();

  // Creates the window, the GL context, loads GL with glad and starts ImGui (ini file `ini_path`, ""
  // for none). Fails with a readable error.
  Result<void> open(const std::string& title, int width, int height, bool hidden, const std::string& ini_path);
  SDL_Window* sdl() const { return window_; }
  void drawable_size(int* w, int* h) const;
  void swap();

 private:
  SDL_Window* window_ = nullptr;
  void* context_ = nullptr;
  bool imgui_ = false;
  std::string ini_path_;  // must outlive ImGui's pointer to it
};

// The directory holding fill.vert etc.: beside the executable (copied at build time) or the source tree.
std::string shader_dir();

}  // namespace navlab::gl
