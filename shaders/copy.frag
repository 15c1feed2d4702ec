#version 330 core
// Copies a texture of the target's size pixel for pixel (no filtering, no blending).
uniform sampler2D u_tex;
out vec4 o_color;
void main() {
  o_color = texelFetch(u_tex, ivec2(gl_FragCoord.xy), 0);
}
