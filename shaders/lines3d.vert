#version 330 core
// Capsules between world points with a width in screen pixels (the 3D view's plan layer and edges),
// drawn with lines3d.frag. Both ends are projected, the segment is clipped to the near plane, and the quad
// is expanded in screen space, so widths stay in pixels at every distance; an end that joins the next
// piece of a long line has no cap, so translucent lines do not darken where pieces meet. The depth is each end's own
// (after moving it towards the eye by u_pull of its distance: a bias that keeps its pixel).
layout(location = 0) in vec3 a_a;       // segment start, world metres
layout(location = 1) in vec3 a_b;       // segment end, world metres
layout(location = 2) in vec2 a_corner;  // x: 0 start / 1 end, y: -1 right / +1 left
layout(location = 3) in vec3 a_style;   // full width px, dash length px, dash period px (0: solid)
layout(location = 4) in vec4 a_color;
layout(location = 5) in float a_dash_from;  // metres of the dashed line before a
layout(location = 6) in float a_joins;      // 1: a joins the piece before (no cap), 2: b the next, 3: both

uniform mat4 u_view_proj;
uniform vec3 u_eye;
uniform float u_pull;
uniform vec2 u_size;        // target size in pixels
uniform float u_line_scale; // presenter mode widens every line
uniform float u_alpha;

out vec2 v_local;  // x along the segment from a (px), y across (px)
out float v_len;   // segment length (px)
out float v_half;  // half width (px)
out vec2 v_dash;
out vec4 v_color;
out float v_dash_from;  // px of the dashed line before a
flat out vec2 v_joins;  // 1 where an end joins the next piece (no round cap)

const float kNearW = 1e-3;  // clip w below this is behind the eye

void main() {
  vec4 ca = u_view_proj * vec4(mix(a_a, u_eye, u_pull), 1.0);
  vec4 cb = u_view_proj * vec4(mix(a_b, u_eye, u_pull), 1.0);
  if (ca.w < kNearW && cb.w < kNearW) {  // wholly behind the eye: nothing
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_local = vec2(0.0);
    v_len = 0.0;
    v_half = 0.0;
    v_dash = vec2(0.0);
    v_color = vec4(0.0);
    v_dash_from = 0.0;
    v_joins = vec2(0.0);
    return;
  }
  if (ca.w < kNearW) ca = mix(ca, cb, (kNearW - ca.w) / (cb.w - ca.w));
  if (cb.w < kNearW) cb = mix(cb, ca, (kNearW - cb.w) / (ca.w - cb.w));
  vec2 pa = ca.xy / ca.w * 0.5 * u_size;  // pixels from the centre, y up
  vec2 pb = cb.xy / cb.w * 0.5 * u_size;
  vec2 d = pb - pa;
  float len = length(d);
  vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
  vec2 n = vec2(-dir.y, dir.x);
  float half_w = 0.5 * a_style.x * u_line_scale;
  float r = half_w + 1.0;
  vec2 joins = vec2(mod(a_joins, 2.0), floor(a_joins / 2.0));
  // A joined end stops flush (the next piece goes on from there); a free end gets its round cap.
  float along = a_corner.x < 0.5 ? (joins.x > 0.5 ? 0.0 : -r) : (joins.y > 0.5 ? len : len + r);
  float across = a_corner.y * r;
  vec2 p = pa + dir * along + n * across;
  float z = a_corner.x < 0.5 ? ca.z / ca.w : cb.z / cb.w;
  v_local = vec2(along, across);
  v_len = len;
  v_half = half_w;
  v_dash = a_style.yz * u_line_scale;
  v_color = vec4(a_color.rgb, a_color.a * u_alpha);
  // The metres before a in pixels at this piece's own scale (its pixel length over its world length).
  float world_len = length(a_b - a_a);
  v_dash_from = world_len > 1e-9 ? a_dash_from * len / world_len : 0.0;
  v_joins = joins;
  gl_Position = vec4(p * 2.0 / u_size, clamp(z, -1.0, 1.0), 1.0);
}
