// Tells a quick second tap from a held key. SDL's x11 driver takes a release followed by a press of the
// same key less than 2 ms later (X server time) for auto-repeat: it drops the release and flags the
// press as a repeat. Taps that quick come from a clicker or `xdotool key` on a busy machine, and a key
// that does not repeat (Space, Page Down, F5) would lose them. SDL asks the X server for detectable
// auto-repeat, so a held key sends no release at all: a release, seen either as a raw X KeyRelease in
// the window's events or as SDL's own key up, is always a real one, and the next press of that key is a
// new tap whatever SDL's flag says.
//
// Releases are kept per SDL scancode. A raw X event carries an X keycode; which scancode it is comes
// from the SDL key down that follows a raw press, learnt once per key. A raw release of a key not learnt
// yet is kept by its keycode until its press names the scancode.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <functional>
#include <string>

namespace navlab::app {

class TapTracker {
 public:
  // A raw X KeyRelease (`time`: the X server's, in ms, for the log).
  void x_release(unsigned keycode, unsigned long time = 0) {
    log("x release " + std::to_string(keycode) + " at " + std::to_string(time));
    const int sc = scancode_of_[kc(keycode)];
    if (sc >= 0)
      released_.set(size_t(sc));
    else
      released_keycode_.set(kc(keycode));
  }
  // A raw X KeyPress: SDL's key down for it normally comes next.
  void x_press(unsigned keycode, unsigned long time = 0) {
    log("x press " + std::to_string(keycode) + " at " + std::to_string(time));
    pending_keycode_ = int(kc(keycode));
  }
  // SDL's key up.
  void sdl_up(int scancode) {
    log("key up " + std::to_string(scancode));
    released_.set(sc(scancode));
  }
  // Whether SDL's key down for `scancode` is a repeat of a held key (`sdl_repeat`: SDL's flag). It is
  // not when the key was released since its last key down.
  bool is_repeat(int scancode, bool sdl_repeat) {
    bool tap = released_.test(sc(scancode));
    if (pending_keycode_ >= 0) {
      scancode_of_[size_t(pending_keycode_)] = int(sc(scancode));
      tap = tap || released_keycode_.test(size_t(pending_keycode_));
      released_keycode_.reset(size_t(pending_keycode_));
      pending_keycode_ = -1;
    }
    released_.reset(sc(scancode));
    const bool repeat = sdl_repeat && !tap;
    log("key down " + std::to_string(scancode) + (sdl_repeat ? " flagged repeat" : "") +
        (repeat ? ": a repeat" : ": a press"));
    return repeat;
  }
  // Where each decision is told (a line each), for a test that must explain a lost tap.
  std::function<void(const std::string&)> on_log;

 private:
  static constexpr size_t kKeycodes = 256;   // X keycodes are 8..255
  static constexpr size_t kScancodes = 512;  // SDL_NUM_SCANCODES
  static size_t kc(unsigned keycode) { return keycode % kKeycodes; }
  static size_t sc(int scancode) { return size_t(scancode) % kScancodes; }
  void log(const std::string& line) const {
    if (on_log) on_log(line);
  }
  std::bitset<kScancodes> released_;                     // released since their last key down
  std::bitset<kKeycodes> released_keycode_;              // raw releases, by X keycode, not yet matched to a key down
  std::array<int, kKeycodes> scancode_of_ = filled(-1);  // learnt keycode -> scancode
  int pending_keycode_ = -1;                             // a raw press seen, its SDL key down not yet
  static std::array<int, kKeycodes> filled(int v) {
    std::array<int, kKeycodes> a{};
    a.fill(v);
    return a;
  }
};

}  // namespace navlab::app
