// Off-mesh links edited in the app (gui_links.h): each edit is a new list of links handed to the bake.
#include "gui_links.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

#include "format.h"
#include "gui_bake.h"
#include "gui_tools.h"
#include "scene_reader.h"

namespace navlab::app {

namespace {

using nlohmann::json;

std::string point_text(const ScenePoint& p) { return p.is3d ? input_point_text(p.world()) : input_point_text(p.plane); }

// Hands `links` to the bake (with every other wanted input) as the edit `what`; fails when the scene
// takes no links.
Result<void> apply(Session& app, Baker& bake, std::vector<LinkDef> links, const std::string& what) {
  if (!links_possible(app))
    return Error{"links join polygons of a floor plan, a level mesh or a hand-authored navmesh"};
  BakeInputs in = bake.wanted_inputs();
  in.links = std::move(links);
  bake.start_bake(in, what);  // a refusal or a failed bake is shown by the app (its error), not returned
  return {};
}

// The script's link index `v` into the wanted links. Throws with the message when it is none.
int link_index(const Baker& bake, const json& v) {
  const int n = int(bake.wanted_inputs().links.size());
  if (!v.is_number_integer() || v.get<int>() < 0 || v.get<int>() >= n)
    throw std::invalid_argument("no link " + v.dump() + " (the scene has " + std::to_string(n) + ")");
  return v.get<int>();
}

ScenePoint read_point(const Session& app, const json& j, const char* what) {
  Result<ScenePoint> p = script_point(app.doc, j);
  if (!p) throw std::invalid_argument(std::string(what) + ": " + p.error());
  return std::move(p).value();
}

// {"add_link": {"from", "to", "bidirectional", "radius", "cost"}}.
Result<void> act_add(Session& app, LinksView& v, Baker& bake, const json& spec) {
  if (!spec.is_object() || !spec.contains("from") || !spec.contains("to"))
    return Error{"{\"add_link\": {\"from\": P, \"to\": P, ...}} needs from and to"};
  for (const auto& [key, value] : spec.items())
    if (key != "from" && key != "to" && key != "bidirectional" && key != "radius" && key != "cost")
      return Error{"add_link: unknown key '" + key + "' (from, to, bidirectional, radius, cost)"};
  LinkDef l;
  l.from = read_point(app, spec["from"], "add_link from");
  l.to = read_point(app, spec["to"], "add_link to");
  l.bidirectional = spec.value("bidirectional", true);
  if (spec.contains("radius")) l.radius = spec["radius"].get<double>();
  if (spec.contains("cost")) l.cost = spec["cost"].get<double>();
  return links_add(app, v, bake, l);
}

}  // namespace

bool links_possible(const Session& app) { return app.doc.loaded() && traits(app.doc.scene.kind()).links; }

Result<void> links_add(Session& app, LinksView& v, Baker& bake, const LinkDef& link) {
  std::vector<LinkDef> links = bake.wanted_inputs().links;
  links.push_back(link);
  const std::string what = "link " + std::to_string(links.size() - 1) + " added from " + point_text(link.from) +
                           " to " + point_text(link.to);
  v.selected = int(links.size()) - 1;
  return apply(app, bake, std::move(links), what);
}

Result<void> links_delete(Session& app, LinksView& v, Baker& bake, int index) {
  std::vector<LinkDef> links = bake.wanted_inputs().links;
  if (index < 0 || index >= int(links.size())) return Error{"no link " + std::to_string(index)};
  links.erase(links.begin() + index);
  if (v.selected == index)
    v.selected = -1;
  else if (v.selected > index)
    --v.selected;
  v.grab = v.hover = -1;
  return apply(app, bake, std::move(links), "link " + std::to_string(index) + " deleted");
}

Result<void> links_set(Session& app, Baker& bake, int index, const LinkDef& link) {
  std::vector<LinkDef> links = bake.wanted_inputs().links;
  if (index < 0 || index >= int(links.size())) return Error{"no link " + std::to_string(index)};
  if (links[size_t(index)] == link) return {};
  links[size_t(index)] = link;
  return apply(app, bake, std::move(links), "link " + std::to_string(index) + " changed");
}

std::vector<int> links_crossed(const Session& app) {
  std::vector<int> out;
  const SearchResult& s = app.plan.search;
  for (size_t i = 0; i < s.links.size() && i < s.corridor.size(); ++i) {
    const LinkCrossing c = app.doc.mesh.crossing(s.corridor[i], s.links[i]);
    if (c.index >= 0) out.push_back(c.index);
  }
  return out;
}

void links_tool_click(Session& app, LinksView& v, Baker& bake, const ScenePoint& at) {
  if (!v.takeoff) {
    v.takeoff = at;
    app.status = "link takeoff at " + point_text(at) + ": click the landing";
    return;
  }
  LinkDef l;
  l.from = *v.takeoff;
  l.to = at;
  l.bidirectional = v.bidirectional;
  if (v.radius > 0.0) l.radius = v.radius;
  if (v.custom_cost) l.cost = v.cost;
  v.takeoff.reset();
  if (Result<void> r = links_add(app, v, bake, l); !r) app.show_error(r.error());
}

std::optional<Result<void>> links_script_action(Session& app, LinksView& v, ClickMode& mode, Baker& bake,
                                                const json& a) {
  return bake.scripted_edit([&]() -> EditDone {
    if (a.contains("add_link")) return {EditKind::Edited, act_add(app, v, bake, a["add_link"])};
    if (a.contains("delete_link"))
      return {EditKind::Edited, links_delete(app, v, bake, link_index(bake, a["delete_link"]))};
    if (a.contains("move_link")) {
      const int i = link_index(bake, a["move_link"]);
      const std::string end = a.value("end", "");
      if (end != "from" && end != "to") throw std::invalid_argument("move_link needs \"end\": \"from\" or \"to\"");
      if (!a.contains("to")) throw std::invalid_argument("move_link needs \"to\": P");
      LinkDef l = bake.wanted_inputs().links[size_t(i)];
      (end == "from" ? l.from : l.to) = read_point(app, a["to"], "move_link to");
      return {EditKind::Edited, links_set(app, bake, i, l)};
    }
    if (a.contains("link_tool")) {
      mode = a["link_tool"].get<bool>() ? ClickMode::AddLink : ClickMode::Inspect;
      v.takeoff.reset();
      return {EditKind::NoRebake, {}};
    }
    return {};
  });
}

json links_state_json(const Session& app, const LinksView& v, ClickMode mode) {
  json links = json::array();
  const std::vector<LinkDef>& defs = app.doc.scene.links;
  for (size_t i = 0; i < defs.size(); ++i) {
    const LinkDef& l = defs[i];
    json j = {{"from", json(scene_point_json(l.from))},
              {"to", json(scene_point_json(l.to))},
              {"bidirectional", l.bidirectional},
              {"radius", l.radius ? json(*l.radius) : json(nullptr)},
              {"cost", l.cost ? json(*l.cost) : json(nullptr)}};
    if (i < app.doc.mesh.links.size()) {
      j["from_poly"] = app.doc.mesh.links[i].from_poly;
      j["to_poly"] = app.doc.mesh.links[i].to_poly;
    }
    links.push_back(j);
  }
  return {{"tool", mode == ClickMode::AddLink},
          {"takeoff", v.takeoff ? json(scene_point_json(*v.takeoff)) : json(nullptr)},
          {"selected", v.selected},
          {"links", links}};
}

}  // namespace navlab::app
