#version 330 core
// Copies a texture of the target's size pixel for pixel, moved by u_offset pixels (no filtering, no
// blending); pixels whose source lies outside the texture are left untouched.
uniform sampler2D u_tex;
uniform ivec2 u_offset;
out vec4 o_color;
void main() {
  ivec2 src = ivec2(gl_FragCoord.xy) - u_offset;
  ivec2 size = textureSize(u_tex, 0);
  if (src.x < 0 || src.y < 0 || src.x >= size.x || src.y >= size.y) discard;
  o_color = texelFetch(u_tex, src, 0);
}
