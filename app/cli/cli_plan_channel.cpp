#include "cli_plan_channel.h"

#include "cli.h"

namespace navlab::cli {

namespace {

using Json = nlohmann::ordered_json;

Json piece_json(const NavMesh& mesh, const SplinePiece& p, double h) {
  Json j;
  if (p.kind == SplinePiece::Kind::Segment) {
    j["kind"] = "segment";
    j["from"] = point_json(mesh, p.from, h);
    j["to"] = point_json(mesh, p.to, h);
    return j;
  }
  j["kind"] = "arc";
  j["center"] = point_json(mesh, p.center, h);
  j["radius"] = p.radius;
  j["from"] = point_json(mesh, p.from, h);
  j["to"] = point_json(mesh, p.to, h);
  j["ccw"] = p.ccw;
  return j;
}

Json profile_json(const Profile& profile) {
  Json samples = Json::array();
  for (const ProfileSample& s : profile.samples())
    samples.push_back({{"s", s.s}, {"v", s.v}, {"a", s.a}, {"limit", to_string(s.limit)}, {"curvature", s.curvature}});
  return {{"total_time", profile.total_time}, {"length", profile.length}, {"samples", samples}};
}

}  // namespace

void add_channel_json(const NavMesh& mesh, const PlanResult& plan, const ChannelPlan& channel, Json& result) {
  const double h = plan.locate.start.height;
  Json gates = Json::array();
  for (const Channel& c : channel.channels.channels)
    for (const Gate& g : c.gates)
      gates.push_back(Json::array({point_json(mesh, g.left, h), point_json(mesh, g.right, h)}));
  result["channel"] = {{"gates", gates}, {"channels", channel.channels.channels.size()}};
  Json pieces = Json::array();
  for (const SplinePiece& p : channel.spline.pieces) pieces.push_back(piece_json(mesh, p, h));
  result["spline"] = {{"mode", to_string(channel.spline.mode)}, {"pieces", pieces}, {"length", channel.spline.length}};
  if (channel.profile.ok() && channel.profile.ran) result["profile"] = profile_json(channel.profile);
}

}  // namespace navlab::cli
