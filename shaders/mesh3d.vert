#version 330 core
// The 3D view's triangles in world metres (the level, the navmesh on its detail mesh, bake stages,
// plan fills), lit or flat (u_lit 0). Lit: the normal is turned towards the eye (a level's faces may be
// wound either way), then an ambient term, a key light from above and the south-west and a weaker fill
// light from the north-east, so that faces turned different ways get different shades. Each vertex moves
// towards the eye by u_pull of its distance: a depth bias that keeps its pixel (see gl_renderer3d.h).
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec4 a_color;
layout(location = 2) in vec3 a_normal;
uniform mat4 u_view_proj;
uniform vec3 u_eye;
uniform float u_pull;
uniform float u_lit;    // 1: lit, 0: the colour as it is
uniform float u_alpha;  // multiplies the alpha
out vec4 v_color;
const vec3 kKey = normalize(vec3(-0.45, 0.8, 0.4));   // towards the lights
const vec3 kFill = normalize(vec3(0.5, 0.3, -0.6));
void main() {
  vec3 n = normalize(a_normal);
  if (dot(n, u_eye - a_pos) < 0.0) n = -n;
  float light = 0.35 + 0.55 * max(dot(n, kKey), 0.0) + 0.18 * max(dot(n, kFill), 0.0);
  float k = mix(1.0, light, u_lit);
  v_color = vec4(a_color.rgb * k, a_color.a * u_alpha);
  vec3 p = mix(a_pos, u_eye, u_pull);
  gl_Position = u_view_proj * vec4(p, 1.0);
}
