// Tells a quick second tap from a held key. SDL's x11 driver takes a release followed by a press of the
// same key less than 2 ms later (X server time) for auto-repeat: it drops the release and flags the
// press as a repeat. Taps that quick come from a clicker or `xdotool key` on a busy machine, and a key
// that does not repeat (Space, Page Down, F5) would lose them. SDL asks the X server for detectable
// auto-repeat, so a held key sends no release at all: a KeyRelease in the window's raw X events is
// always a real one, and the next press of that key is a new tap whatever SDL's flag says.
#pragma once

#include <bitset>
#include <cstddef>

namespace navlab::app {

class TapTracker {
 public:
  // A raw X KeyRelease.
  void x_release(unsigned keycode) { released_.set(slot(keycode)); }
  // A raw X KeyPress: SDL's key down for it comes next.
  void x_press(unsigned keycode) {
    pending_ = true;
    pending_tap_ = released_.test(slot(keycode));
    released_.reset(slot(keycode));
  }
  // Whether the SDL key down that follows is a repeat of a held key (`sdl_repeat`: SDL's flag). A key
  // down with no raw press before it (a driver other than x11) keeps SDL's flag.
  bool is_repeat(bool sdl_repeat) {
    const bool tap = pending_ && pending_tap_;
    pending_ = false;
    return sdl_repeat && !tap;
  }

 private:
  static size_t slot(unsigned keycode) { return keycode % kKeycodes; }
  static constexpr size_t kKeycodes = 256;  // X keycodes are 8..255
  std::bitset<kKeycodes> released_;         // released since their last press
  bool pending_ = false;                    // a raw press seen, its SDL key down not yet
  bool pending_tap_ = false;                // ... and its key was released before it
};

}  // namespace navlab::app
