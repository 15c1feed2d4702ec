// Presenter mode for projectors: a real larger font (not a scaled bitmap), a high-contrast ImGui style
// and thicker lines (Theme::high_contrast() holds the viewport's colours and line scale).
#pragma once

#include <string>

struct ImFont;
struct ImGuiStyle;

namespace navlab::app {

struct Fonts {
  ImFont* normal = nullptr;  // ImGui's default font, 13 px
  ImFont* large = nullptr;   // the presenter font (null: not loaded; the normal one is scaled instead)
  float large_px = 0.0f;     // its size in pixels
  std::string large_source;  // "DejaVu Sans (FILE)" or "ImGui default font"
  std::string error;         // NAVLAB_FONT names a file that is not a usable font: why (the next one was used)
};

// Presenter font size relative to the normal font.
constexpr float kPresenterScale = 1.75f;

// Adds both fonts to ImGui's atlas. The presenter font is DejaVu Sans at 13 × kPresenterScale px when its
// TTF is installed (NAVLAB_FONT names another TTF), otherwise ImGui's default font rasterised at that
// size. Each file is read with the shared reader and checked (gl/gl_font.h) before ImGui sees it; a
// NAVLAB_FONT that fails is said in Fonts::error (commands exit 2 on it) and the next font is used.
// Call after the ImGui context exists and before the first frame.
// `large_scale`: the presenter font's size relative to the normal one (`navlab lesson --scale S` asks for
// S).
Fonts load_fonts(float large_scale = kPresenterScale);
// Makes the normal or the presenter font the default from the next frame on.
void use_font(const Fonts& fonts, bool presenter);
// High-contrast ImGui colours, borders and sizes for presenter mode (applied on top of the dark style).
void presenter_style(ImGuiStyle& style);

}  // namespace navlab::app
