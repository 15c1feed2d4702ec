#version 330 core
// Filled triangles in world metres (navmesh polygons, corridor, bands).
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_color;
uniform vec2 u_center;
uniform float u_scale;
uniform vec2 u_size;
out vec4 v_color;
void main() {
  v_color = a_color;
  gl_Position = vec4((a_pos - u_center) * u_scale * 2.0 / u_size, 0.0, 1.0);
}
