#include "gl_window.h"
#include "gl_stop.h"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <filesystem>

namespace navlab::gl {

Window::~Window() {
  if (imgui_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
  }
  if (context_) SDL_GL_DeleteContext(context_);
  if (window_) SDL_DestroyWindow(window_);
  if (window_ || context_) SDL_Quit();
}

Result<void> Window::open(const std::string& title, int width, int height, bool hidden, const std::string& ini_path) {
  install_stop_handlers();  // before SDL_Init, which would install its own
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0)
    return Error{std::string("cannot start SDL video (no display? try xvfb-run or SDL_VIDEODRIVER=offscreen): ") +
                 SDL_GetError()};
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI;
  flags |= hidden ? SDL_WINDOW_HIDDEN : (SDL_WINDOW_SHOWN | SDL_WINDOW_RESIZABLE);
  window_ = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!window_) return Error{std::string("cannot create a window: ") + SDL_GetError()};
  context_ = SDL_GL_CreateContext(window_);
  if (!context_) return Error{std::string("cannot create an OpenGL 3.3 core context: ") + SDL_GetError()};
  SDL_GL_MakeCurrent(window_, context_);
  SDL_GL_SetSwapInterval(hidden ? 0 : 1);
  if (!gladLoadGL((GLADloadfunc)SDL_GL_GetProcAddress)) return Error{"cannot load OpenGL functions"};

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // ImGui reads and writes its layout file itself: only a regular file (or none yet), so that a FIFO or a
  // device there can neither block the start nor be written to.
  std::error_code ec;
  const auto kind = std::filesystem::status(ini_path, ec).type();
  const bool usable = kind == std::filesystem::file_type::regular || kind == std::filesystem::file_type::not_found;
  ini_path_ = usable ? ini_path : std::string();
  io.IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(window_, context_);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  imgui_ = true;
  return {};
}

void Window::drawable_size(int* w, int* h) const { SDL_GL_GetDrawableSize(window_, w, h); }

void Window::swap() { SDL_GL_SwapWindow(window_); }

std::string shader_dir() {
  namespace fs = std::filesystem;
  if (char* base = SDL_GetBasePath()) {
    const std::string dir = std::string(base) + "shaders";
    SDL_free(base);
    if (fs::exists(dir + "/shapes.vert")) return dir;
  }
#ifdef NAVLAB_SOURCE_DIR
  return std::string(NAVLAB_SOURCE_DIR) + "/shaders";
#else
  return "shaders";
#endif
}

}  // namespace navlab::gl
