#version 330 core
// A quad covering the whole target (no vertex buffer: the corners come from gl_VertexID, drawn as a
// 4-vertex triangle strip). Used to copy the viewport's cached static layer into the frame.
void main() {
  vec2 p = vec2(float((gl_VertexID & 1) * 2 - 1), float((gl_VertexID & 2) - 1));
  gl_Position = vec4(p, 0.0, 1.0);
}
