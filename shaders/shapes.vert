#version 330 core
// Capsules in screen pixels: thick anti-aliased segments with round caps, points (a == b) and dashes.
// The quad is expanded here so that widths stay in pixels whatever the zoom.
layout(location = 0) in vec2 a_a;       // segment start, world metres (planning plane)
layout(location = 1) in vec2 a_b;       // segment end, world metres
layout(location = 2) in vec2 a_corner;  // x: 0 start / 1 end, y: -1 right / +1 left
layout(location = 3) in vec3 a_style;   // full width px, dash length px, dash period px (0: solid)
layout(location = 4) in vec4 a_color;

uniform vec2 u_center;      // world point at the middle of the target
uniform float u_scale;      // pixels per metre
uniform vec2 u_size;        // target size in pixels
uniform float u_line_scale; // presenter mode widens every line

out vec2 v_local;  // x along the segment from a (px), y across (px)
out float v_len;   // segment length (px)
out float v_half;  // half width (px)
out vec2 v_dash;
out vec4 v_color;

void main() {
  vec2 pa = (a_a - u_center) * u_scale;
  vec2 pb = (a_b - u_center) * u_scale;
  vec2 d = pb - pa;
  float len = length(d);
  vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
  vec2 n = vec2(-dir.y, dir.x);
  float half_w = 0.5 * a_style.x * u_line_scale;
  float r = half_w + 1.0;
  float along = a_corner.x < 0.5 ? -r : len + r;
  float across = a_corner.y * r;
  vec2 p = pa + dir * along + n * across;
  v_local = vec2(along, across);
  v_len = len;
  v_half = half_w;
  v_dash = a_style.yz * u_line_scale;
  v_color = a_color;
  gl_Position = vec4(p * 2.0 / u_size, 0.0, 1.0);
}
