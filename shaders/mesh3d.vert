#version 330 core
// The 3D view's triangles in world metres (the level, the navmesh on its detail mesh, bake stages,
// plan fills), lit by one directional light on both faces, or flat (u_lit 0). Each vertex moves towards
// the eye by u_pull of its distance: a depth bias that keeps its pixel (see gl_renderer3d.h).
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec4 a_color;
layout(location = 2) in vec3 a_normal;
uniform mat4 u_view_proj;
uniform vec3 u_eye;
uniform float u_pull;
uniform vec3 u_light;   // towards the light, unit
uniform float u_lit;    // 1: lit, 0: the colour as it is
uniform float u_alpha;  // multiplies the alpha
out vec4 v_color;
void main() {
  float diffuse = abs(dot(normalize(a_normal), u_light));
  float k = mix(1.0, 0.42 + 0.58 * diffuse, u_lit);
  v_color = vec4(a_color.rgb * k, a_color.a * u_alpha);
  vec3 p = mix(a_pos, u_eye, u_pull);
  gl_Position = u_view_proj * vec4(p, 1.0);
}
