#version 330 core
in vec2 v_local;
in float v_len;
in float v_half;
in vec2 v_dash;
in vec4 v_color;
out vec4 o_color;

void main() {
  float t = clamp(v_local.x, 0.0, v_len);
  float dist = length(vec2(v_local.x - t, v_local.y));
  float alpha = clamp(v_half - dist + 0.5, 0.0, 1.0);
  if (v_dash.y > 0.0) {
    float m = mod(v_local.x, v_dash.y);
    alpha *= clamp(v_dash.x - m + 0.5, 0.0, 1.0) * clamp(m + 0.5, 0.0, 1.0);
  }
  if (alpha <= 0.0) discard;
  o_color = vec4(v_color.rgb, v_color.a * alpha);
}
