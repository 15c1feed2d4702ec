#include "gui_presenter.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "gl_font.h"
#include "text_file.h"

namespace navlab::app {

namespace {

constexpr float kNormalPx = 13.0f;  // ImGui's default font size

// Where Debian (fonts-dejavu-core) and other distributions put DejaVu Sans.
const char* const kDejaVuPaths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
};

// Latin-1 plus the punctuation, arrows and math signs the app's sentences use (—, →, ↔, ×, ≤, ≥).
const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2010, 0x205E, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};

// A font file's bytes when they are a font stb_truetype can read; fails with what is wrong.
Result<std::string> font_bytes(const std::string& path) {
  Result<std::string> bytes = read_text_file(path, "font file", gl::kMaxFontBytes);
  if (!bytes) return bytes;
  if (Result<void> font = gl::check_font(bytes.value()); !font)
    return Error{path + ": not a font navlab can use (" + font.error() + ")"};
  return bytes;
}

}  // namespace

Fonts load_fonts(float large_scale) {
  ImGuiIO& io = ImGui::GetIO();
  Fonts f;
  f.normal = io.Fonts->AddFontDefault();
  f.large_px = std::round(kNormalPx * large_scale);
  std::vector<std::string> paths;
  const char* env = std::getenv("NAVLAB_FONT");
  if (env && *env) paths.emplace_back(env);
  for (const char* p : kDejaVuPaths) paths.emplace_back(p);
  for (const std::string& p : paths) {
    Result<std::string> bytes = font_bytes(p);
    if (!bytes) {
      if (env && *env && p == env)
        f.error = "NAVLAB_FONT: " + bytes.error();  // asked for: said; the usual places: tried quietly
      continue;
    }
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    void* data = ImGui::MemAlloc(bytes->size());  // the atlas owns and frees it
    std::copy(bytes->begin(), bytes->end(), static_cast<char*>(data));
    f.large = io.Fonts->AddFontFromMemoryTTF(data, int(bytes->size()), f.large_px, &cfg, kRanges);
    if (f.large) {
      f.large_source = "DejaVu Sans (" + p + ")";
      break;
    }
  }
  if (!f.large) {
    ImFontConfig cfg;
    cfg.SizePixels = f.large_px;
    f.large = io.Fonts->AddFontDefault(&cfg);
    f.large_source = "ImGui default font";
  }
  io.FontDefault = f.normal;
  return f;
}

void use_font(const Fonts& fonts, bool presenter) {
  ImGuiIO& io = ImGui::GetIO();
  if (presenter && fonts.large) {
    io.FontDefault = fonts.large;
    io.FontGlobalScale = 1.0f;
  } else {
    io.FontDefault = fonts.normal;
    io.FontGlobalScale = presenter ? kPresenterScale : 1.0f;  // no fonts loaded: scale the default one
  }
}

void presenter_style(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  const ImVec4 white(1, 1, 1, 1), black(0, 0, 0, 1);
  c[ImGuiCol_Text] = white;
  c[ImGuiCol_TextDisabled] = ImVec4(0.80f, 0.80f, 0.80f, 1);
  c[ImGuiCol_WindowBg] = black;
  c[ImGuiCol_PopupBg] = black;
  c[ImGuiCol_Border] = ImVec4(1, 1, 1, 0.70f);
  c[ImGuiCol_FrameBg] = ImVec4(0.12f, 0.12f, 0.18f, 1);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.20f, 0.30f, 0.55f, 1);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.40f, 0.75f, 1);
  c[ImGuiCol_Header] = ImVec4(0.10f, 0.30f, 0.70f, 1);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.20f, 0.42f, 0.85f, 1);
  c[ImGuiCol_HeaderActive] = ImVec4(0.25f, 0.50f, 0.95f, 1);
  c[ImGuiCol_Button] = ImVec4(0.10f, 0.30f, 0.70f, 1);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.20f, 0.42f, 0.85f, 1);
  c[ImGuiCol_ButtonActive] = ImVec4(0.25f, 0.50f, 0.95f, 1);
  c[ImGuiCol_CheckMark] = ImVec4(1.0f, 0.85f, 0.0f, 1);
  c[ImGuiCol_SliderGrab] = ImVec4(1.0f, 0.85f, 0.0f, 1);
  c[ImGuiCol_SliderGrabActive] = white;
  c[ImGuiCol_Separator] = ImVec4(1, 1, 1, 0.60f);
  c[ImGuiCol_TitleBg] = ImVec4(0.08f, 0.08f, 0.12f, 1);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.10f, 0.30f, 0.70f, 1);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.08f, 0.08f, 0.12f, 1);
  c[ImGuiCol_TableBorderStrong] = ImVec4(1, 1, 1, 0.70f);
  c[ImGuiCol_TableBorderLight] = ImVec4(1, 1, 1, 0.40f);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.08f);
  style.WindowBorderSize = 2.0f;
  style.FrameBorderSize = 1.5f;
  style.PopupBorderSize = 2.0f;
  style.TabBorderSize = 1.5f;
  style.GrabMinSize = 18.0f;
  style.ScrollbarSize = 22.0f;
}

}  // namespace navlab::app
