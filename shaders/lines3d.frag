#version 330 core
// The 3D view's capsules (lines3d.vert): shapes.frag's round caps and anti-aliased edges, with the dash
// pattern continued from v_dash_from pixels before the start, so a dashed line cut into pieces to follow
// the surface keeps one pattern, and flat ends where a piece joins the next.
in vec2 v_local;
in float v_len;
in float v_half;
in vec2 v_dash;
in vec4 v_color;
in float v_dash_from;
flat in vec2 v_joins;
out vec4 o_color;

void main() {
  // Along a joined end the line goes on: no rounding there.
  float t = clamp(v_local.x, v_joins.x > 0.5 ? -1e9 : 0.0, v_joins.y > 0.5 ? 1e9 : v_len);
  float dist = length(vec2(v_local.x - t, v_local.y));
  float alpha = clamp(v_half - dist + 0.5, 0.0, 1.0);
  if (v_dash.y > 0.0) {
    float m = mod(v_local.x + v_dash_from, v_dash.y);
    alpha *= clamp(v_dash.x - m + 0.5, 0.0, 1.0) * clamp(m + 0.5, 0.0, 1.0);
  }
  if (alpha <= 0.0) discard;
  o_color = vec4(v_color.rgb, v_color.a * alpha);
}
