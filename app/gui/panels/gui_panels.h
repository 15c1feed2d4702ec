// The panels that show and edit the shared state alone (one per file): each draws an ImGui window or
// section from the Session. The panels of a room with its own state (spawn, doors, bake, links, areas,
// check, lessons) are declared in that room's header.
#pragma once

#include <string>

#include "gui_session.h"

namespace navlab::app {

void panel_scene(Session& app);
void panel_search(Session& app);
void panel_funnel(Session& app);
void panel_agent(Session& app);
void panel_failure(const Session& app);
void panel_timeline(Session& app);   // the timeline's details: playback speed, jump to a stage
void panel_transport(Session& app);  // buttons, scrubber and the step's sentence (always shown)
// The sentence of the step shown (the compare view: its left half's), or the complete plan's.
std::string step_sentence(const Session& app);
void panel_step(const Session& app);  // the current step's details (search: open/closed sets and the G/H/F table)
void panel_help(Session& app);
void plot_profile(Session& app);

}  // namespace navlab::app
