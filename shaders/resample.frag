#version 330 core
// Draws a texture scaled and moved (bilinear): the target pixel p shows the texture at pixel
// p * u_a + u_b. Pixels whose source lies outside the texture are left untouched. Used for the
// viewport's zoom preview (the last full picture, scaled, until the zoom pauses).
uniform sampler2D u_tex;
uniform vec2 u_a;
uniform vec2 u_b;
out vec4 o_color;
void main() {
  vec2 src = gl_FragCoord.xy * u_a + u_b;
  vec2 size = vec2(textureSize(u_tex, 0));
  if (src.x < 0.0 || src.y < 0.0 || src.x >= size.x || src.y >= size.y) discard;
  o_color = texture(u_tex, src / size);
}
