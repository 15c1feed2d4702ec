#include "gl_stop.h"

#include <SDL.h>

#include <csignal>

namespace navlab::gl {

namespace {

volatile std::sig_atomic_t g_stop = 0;

extern "C" void on_stop(int signal) { g_stop = signal; }

}  // namespace

void install_stop_handlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
  struct sigaction sa {};
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // a read or write under way goes on; the loops look at the flag
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

int stop_signal() { return int(g_stop); }

std::string stop_message() {
  switch (stop_signal()) {
    case 0:
      return "";
    case SIGINT:
      return "stopped by SIGINT";
    case SIGTERM:
      return "stopped by SIGTERM";
    default:
      return "stopped by signal " + std::to_string(stop_signal());
  }
}

}  // namespace navlab::gl
