// The app's keys in one table: each binding's id, key, modifiers, help text and action. The window's
// SDL_KEYDOWN events are bound from it (not ImGui's per-frame key state), so a tap whose press and
// release fall in one frame -- a presentation clicker's, `xdotool key`'s -- always counts; F1's help is
// generated from it. Mouse actions, which have no key, are listed beside it for the help.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "gui_taps.h"
#include "result.h"

namespace navlab::app {

class App;

// Modifier bits of a binding (matched exactly: a binding without kCtrl does not fire with Ctrl held).
constexpr unsigned kCtrl = 1u;
constexpr unsigned kShift = 2u;

struct KeyBinding {
  const char* id;    // stable name, e.g. "step_next" (scripts' state lines report it)
  int scancode;      // SDL_Scancode
  unsigned mods;     // kCtrl | kShift, exact
  const char* help;  // what it does, for F1
  void (*action)(App&);
  bool repeats = false;    // a held key acts again on each repeat (arrows); otherwise once per press
  bool in_dialog = false;  // acts while a dialog or menu is open (Enter, Esc); the others wait
};

// Every binding of the app, in the order F1 lists them.
const std::vector<KeyBinding>& key_table();

// The key as F1 writes it: "Ctrl+Page Down", "Right", "F5".
std::string key_label(const KeyBinding& b);

// Acts on one SDL key press: the binding of (scancode, mods) if there is one for the app's state (a
// dialog open, a text field focused). `mods` is SDL's keysym.mod. Returns the binding it ran, or null.
const KeyBinding* handle_key(App& app, int scancode, unsigned sdl_mods, bool repeat);

struct MouseHelp {
  const char* what;  // "Wheel"
  const char* help;  // "zoom at the cursor"
};
// Mouse and drop actions, for F1.
const std::vector<MouseHelp>& mouse_help();

// Script actions: {"key_tap": NAME, "ctrl": b, "shift": b} pushes a key press and its release as SDL
// events (NAME as SDL names keys: "PageDown", "Right", "Space", "F5", "H" ...), both handled within the
// next frame. {"listen_keys": N, "seconds": S} shows the window (SDL's x11 driver: a real X window),
// prints {"listening": X11_WINDOW_ID} and then one JSON line per key press the window receives, with the
// app's state after it, until N presses or S seconds. nullopt when `a` is neither; otherwise the action's
// outcome.
std::optional<Result<void>> keys_script_action(App& app, const nlohmann::json& a);

// Asks SDL for the window's raw X events (SDL_SYSWMEVENT) when its video driver is x11.
void enable_raw_key_events();
// Hands a raw X key event (an SDL_SYSWMEVENT from x11) to `taps`; other events are ignored.
void track_raw_key_event(TapTracker& taps, const void* sdl_event);

// The line printed after a key press: {"key", "id", "step", "steps", "playing", "lesson": {"slide",
// "revealed"} | null, "presenting", "panels_hidden", "side_tick"}.
nlohmann::json key_state_json(const App& app, const KeyBinding* binding, int scancode);

}  // namespace navlab::app
