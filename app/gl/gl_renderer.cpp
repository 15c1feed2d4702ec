#include "gl_renderer.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>

#include "text_file.h"

namespace navlab::gl {

namespace {

// Bytes of one shader source file (they are a few KB).
constexpr size_t kMaxShaderBytes = size_t{1} << 20;

Result<unsigned> compile(unsigned type, const std::string& src, const std::string& name) {
  const unsigned sh = glCreateShader(type);
  const char* p = src.c_str();
  glShaderSource(sh, 1, &p, nullptr);
  glCompileShader(sh);
  int ok = 0;
  glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(sh, sizeof log, nullptr, log);
    glDeleteShader(sh);
    return Error{name + ": " + log};
  }
  return sh;
}

}  // namespace

Result<unsigned> link_program(const std::string& dir, const std::string& base, std::string vert_base) {
  if (vert_base.empty()) vert_base = base;
  const Result<std::string> vs_file = read_text_file(dir + "/" + vert_base + ".vert", "shader", kMaxShaderBytes);
  const Result<std::string> fs_file = read_text_file(dir + "/" + base + ".frag", "shader", kMaxShaderBytes);
  if (!vs_file) return Error{vs_file.error()};
  if (!fs_file) return Error{fs_file.error()};
  const Result<unsigned> vs = compile(GL_VERTEX_SHADER, vs_file.value(), vert_base + ".vert");
  if (!vs) return vs;
  const Result<unsigned> fs = compile(GL_FRAGMENT_SHADER, fs_file.value(), base + ".frag");
  if (!fs) {
    glDeleteShader(vs.value());
    return fs;
  }
  const unsigned v = vs.value(), f = fs.value();
  const unsigned prog = glCreateProgram();
  glAttachShader(prog, v);
  glAttachShader(prog, f);
  glLinkProgram(prog);
  glDeleteShader(v);
  glDeleteShader(f);
  int linked = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &linked);
  if (!linked) {
    char log[2048];
    glGetProgramInfoLog(prog, sizeof log, nullptr, log);
    glDeleteProgram(prog);
    return Error{base + ": " + log};
  }
  return prog;
}

void Camera::zoom_at(Vec2 s, Vec2 size_px, double factor) {
  const Vec2 before = to_world(s, size_px);
  scale = std::clamp(scale * factor, 1e-4, 1e6);
  const Vec2 after = to_world(s, size_px);
  center = center + (before - after);
}

void Camera::fit(Vec2 lo, Vec2 hi, Vec2 size_px, double margin) {
  const double w = std::max(hi.x - lo.x, 1e-3), h = std::max(hi.y - lo.y, 1e-3);
  const double usable_x = size_px.x * (1.0 - 2.0 * margin), usable_y = size_px.y * (1.0 - 2.0 * margin);
  scale = std::max(1e-4, std::min(usable_x / w, usable_y / h));
  center = (lo + hi) * 0.5;
}

// ---- Batch ----

Batch::~Batch() {
  const unsigned bufs[] = {fill_vbo_, fill_ebo_, cap_vbo_, cap_ebo_};
  for (unsigned b : bufs)
    if (b) glDeleteBuffers(1, &b);
  if (fill_vao_) glDeleteVertexArrays(1, &fill_vao_);
  if (cap_vao_) glDeleteVertexArrays(1, &cap_vao_);
}

void Batch::clear() {
  poly_fills_.clear();
  world_ends_.clear();
  fill_.clear();
  fill_idx_.clear();
  cap_.clear();
  cap_idx_.clear();
  dirty_ = true;
}

void Batch::polygon(const std::vector<Vec2>& pts, Rgba color) {
  if (pts.size() < 3) return;
  const uint32_t base = uint32_t(fill_.size());
  for (const Vec2& p : pts) fill_.push_back({float(p.x), float(p.y), color});
  for (uint32_t i = 1; i + 1 < pts.size(); ++i) {
    fill_idx_.push_back(base);
    fill_idx_.push_back(base + i);
    fill_idx_.push_back(base + i + 1);
  }
  dirty_ = true;
}

void Batch::mesh_polygon(int poly, const std::vector<Vec2>& pts, Rgba color) {
  const size_t first = triangle_count();
  polygon(pts, color);
  poly_fills_.push_back({poly, color, first, triangle_count() - first});
}

void Batch::segment_world(Vec3 a, Vec3 b, Rgba color, Stroke s) {
  world_ends_.push_back({uint32_t(capsule_count()), a, b});
  capsule(to_plane(a), to_plane(b), color, s);
}

Batch::Capsule Batch::capsule_at(size_t i) const {
  const CapVertex& v = cap_[i * 4];
  Capsule c{{v.ax, v.ay}, {v.bx, v.by}, v.c, {v.width, v.dash, v.period}, false, {}, {}};
  const auto it = std::lower_bound(world_ends_.begin(), world_ends_.end(), uint32_t(i),
                                   [](const WorldEnds& w, uint32_t k) { return w.capsule < k; });
  if (it != world_ends_.end() && it->capsule == i) {
    c.world = true;
    c.wa = it->a;
    c.wb = it->b;
  }
  return c;
}

Batch::FillTriangle Batch::fill_triangle_at(size_t i) const {
  FillTriangle t;
  for (size_t k = 0; k < 3; ++k) {
    const FillVertex& v = fill_[fill_idx_[i * 3 + k]];
    t.p[k] = {v.x, v.y};
    t.c[k] = v.c;
  }
  return t;
}

uint64_t Batch::content_hash() const {
  uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  auto mix = [&h](const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  };
  mix(fill_.data(), fill_.size() * sizeof(FillVertex));
  mix(fill_idx_.data(), fill_idx_.size() * sizeof(uint32_t));
  mix(cap_.data(), cap_.size() * sizeof(CapVertex));
  for (const PolygonFill& f : poly_fills_) mix(&f.poly, sizeof f.poly);
  for (const WorldEnds& w : world_ends_) {
    mix(&w.capsule, sizeof w.capsule);
    const double xyz[6] = {w.a.x, w.a.y, w.a.z, w.b.x, w.b.y, w.b.z};
    mix(xyz, sizeof xyz);
  }
  return h;
}

uint32_t Batch::add_vertex(Vec2 p, Rgba color) {
  fill_.push_back({float(p.x), float(p.y), color});
  dirty_ = true;
  return uint32_t(fill_.size() - 1);
}

void Batch::fill_triangle(uint32_t a, uint32_t b, uint32_t c) {
  fill_idx_.push_back(a);
  fill_idx_.push_back(b);
  fill_idx_.push_back(c);
  dirty_ = true;
}

void Batch::triangle(Vec2 a, Vec2 b, Vec2 c, Rgba color) { polygon({a, b, c}, color); }
void Batch::quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba color) { polygon({a, b, c, d}, color); }

void Batch::capsule(Vec2 a, Vec2 b, Rgba color, Stroke s) {
  const uint32_t base = uint32_t(cap_.size());
  const float corners[4][2] = {{0, -1}, {1, -1}, {1, 1}, {0, 1}};
  for (const auto& c : corners)
    cap_.push_back({float(a.x), float(a.y), float(b.x), float(b.y), c[0], c[1], s.width, s.dash, s.dash_period, color});
  const uint32_t idx[6] = {0, 1, 2, 0, 2, 3};
  for (uint32_t i : idx) cap_idx_.push_back(base + i);
  dirty_ = true;
}

void Batch::segment(Vec2 a, Vec2 b, Rgba color, Stroke s) { capsule(a, b, color, s); }

void Batch::polyline(const std::vector<Vec2>& pts, Rgba color, Stroke s, bool closed) {
  for (size_t i = 0; i + 1 < pts.size(); ++i) capsule(pts[i], pts[i + 1], color, s);
  if (closed && pts.size() > 2) capsule(pts.back(), pts.front(), color, s);
}

void Batch::arc(Vec2 c, double radius, double a0, double a1, Rgba color, Stroke s) {
  const int n = std::max(4, int(std::ceil(std::abs(a1 - a0) / (2.0 * std::numbers::pi) * 96.0)));
  std::vector<Vec2> pts;
  pts.reserve(n + 1);
  for (int i = 0; i <= n; ++i) {
    const double t = a0 + (a1 - a0) * double(i) / n;
    pts.push_back({c.x + radius * std::cos(t), c.y + radius * std::sin(t)});
  }
  polyline(pts, color, s);
}

void Batch::circle(Vec2 c, double radius, Rgba color, Stroke s) {
  arc(c, radius, 0.0, 2.0 * std::numbers::pi, color, s);
}

void Batch::point(Vec2 p, float radius_px, Rgba fill, float outline_px, Rgba outline) {
  if (outline_px > 0.0f) capsule(p, p, outline, {2.0f * (radius_px + outline_px)});
  capsule(p, p, fill, {2.0f * radius_px});
}

// ---- Renderer ----

Renderer::~Renderer() {
  if (fill_prog_) glDeleteProgram(fill_prog_);
  if (cap_prog_) glDeleteProgram(cap_prog_);
  if (copy_prog_) glDeleteProgram(copy_prog_);
  if (resample_prog_) glDeleteProgram(resample_prog_);
  if (empty_vao_) glDeleteVertexArrays(1, &empty_vao_);
}

Result<void> Renderer::init(const std::string& shader_dir) {
  const struct {
    unsigned* prog;
    const char* base;
    const char* vert_base;
  } programs[] = {{&fill_prog_, "fill", ""},
                  {&cap_prog_, "shapes", ""},
                  {&copy_prog_, "copy", ""},
                  {&resample_prog_, "resample", "copy"}};
  for (const auto& p : programs) {
    const Result<unsigned> prog = link_program(shader_dir, p.base, p.vert_base);
    if (!prog) return Error{prog.error()};
    *p.prog = prog.value();
  }
  glGenVertexArrays(1, &empty_vao_);
  return {};
}

void Renderer::copy_texture(unsigned texture, int dx, int dy) {
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(copy_prog_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glUniform1i(glGetUniformLocation(copy_prog_, "u_tex"), 0);
  glUniform2i(glGetUniformLocation(copy_prog_, "u_offset"), dx, dy);
  glBindVertexArray(empty_vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glUseProgram(0);
}

void Renderer::begin(const Camera& cam, int width_px, int height_px, float line_scale) {
  cam_ = cam;
  size_[0] = float(std::max(1, width_px));
  size_[1] = float(std::max(1, height_px));
  line_scale_ = line_scale;
}

void Renderer::set_uniforms(unsigned prog) {
  glUseProgram(prog);
  glUniform2f(glGetUniformLocation(prog, "u_center"), float(cam_.center.x), float(cam_.center.y));
  glUniform1f(glGetUniformLocation(prog, "u_scale"), float(cam_.scale));
  glUniform2f(glGetUniformLocation(prog, "u_size"), size_[0], size_[1]);
  const int ls = glGetUniformLocation(prog, "u_line_scale");
  if (ls >= 0) glUniform1f(ls, line_scale_);
}

void Renderer::draw(Batch& b) {
  if (b.dirty_) {
    if (!b.fill_vao_) {
      glGenVertexArrays(1, &b.fill_vao_);
      glGenBuffers(1, &b.fill_vbo_);
      glGenBuffers(1, &b.fill_ebo_);
      glBindVertexArray(b.fill_vao_);
      glBindBuffer(GL_ARRAY_BUFFER, b.fill_vbo_);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.fill_ebo_);
      using V = Batch::FillVertex;
      glEnableVertexAttribArray(0);
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, x));
      glEnableVertexAttribArray(1);
      glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(V), (void*)offsetof(V, c));
      glGenVertexArrays(1, &b.cap_vao_);
      glGenBuffers(1, &b.cap_vbo_);
      glGenBuffers(1, &b.cap_ebo_);
      glBindVertexArray(b.cap_vao_);
      glBindBuffer(GL_ARRAY_BUFFER, b.cap_vbo_);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.cap_ebo_);
      using C = Batch::CapVertex;
      glEnableVertexAttribArray(0);
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(C), (void*)offsetof(C, ax));
      glEnableVertexAttribArray(1);
      glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(C), (void*)offsetof(C, bx));
      glEnableVertexAttribArray(2);
      glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(C), (void*)offsetof(C, cx));
      glEnableVertexAttribArray(3);
      glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, sizeof(C), (void*)offsetof(C, width));
      glEnableVertexAttribArray(4);
      glVertexAttribPointer(4, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(C), (void*)offsetof(C, c));
    }
    glBindVertexArray(b.fill_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, b.fill_vbo_);
    glBufferData(GL_ARRAY_BUFFER, b.fill_.size() * sizeof(Batch::FillVertex), b.fill_.data(), GL_DYNAMIC_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, b.fill_idx_.size() * 4, b.fill_idx_.data(), GL_DYNAMIC_DRAW);
    glBindVertexArray(b.cap_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, b.cap_vbo_);
    glBufferData(GL_ARRAY_BUFFER, b.cap_.size() * sizeof(Batch::CapVertex), b.cap_.data(), GL_DYNAMIC_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, b.cap_idx_.size() * 4, b.cap_idx_.data(), GL_DYNAMIC_DRAW);
    b.dirty_ = false;
  }
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  if (!b.fill_idx_.empty()) {
    set_uniforms(fill_prog_);
    glBindVertexArray(b.fill_vao_);
    glDrawElements(GL_TRIANGLES, GLsizei(b.fill_idx_.size()), GL_UNSIGNED_INT, nullptr);
  }
  if (!b.cap_idx_.empty()) {
    set_uniforms(cap_prog_);
    glBindVertexArray(b.cap_vao_);
    glDrawElements(GL_TRIANGLES, GLsizei(b.cap_idx_.size()), GL_UNSIGNED_INT, nullptr);
  }
  glBindVertexArray(0);
  glUseProgram(0);
}

void Renderer::resample_texture(unsigned texture, Vec2 a, Vec2 b) {
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(resample_prog_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glUniform1i(glGetUniformLocation(resample_prog_, "u_tex"), 0);
  glUniform2f(glGetUniformLocation(resample_prog_, "u_a"), float(a.x), float(a.y));
  glUniform2f(glGetUniformLocation(resample_prog_, "u_b"), float(b.x), float(b.y));
  glBindVertexArray(empty_vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glUseProgram(0);
}

// ---- Target ----

Target::~Target() { release(); }

void Target::release() {
  if (ms_fbo_) glDeleteFramebuffers(1, &ms_fbo_);
  if (ms_rbo_) glDeleteRenderbuffers(1, &ms_rbo_);
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (tex_) glDeleteTextures(1, &tex_);
  if (depth_rbo_) glDeleteRenderbuffers(1, &depth_rbo_);
  ms_fbo_ = ms_rbo_ = fbo_ = tex_ = depth_rbo_ = 0;
}

bool Target::resize(int w, int h, int samples, bool depth) {
  w = std::max(1, w);
  h = std::max(1, h);
  if (w == w_ && h == h_ && samples == samples_ && depth == depth_ && fbo_) return false;
  release();
  w_ = w;
  h_ = h;
  samples_ = samples;
  depth_ = depth;
  glGenTextures(1, &tex_);
  glBindTexture(GL_TEXTURE_2D, tex_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glGenFramebuffers(1, &fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex_, 0);
  if (samples > 1) {
    glGenRenderbuffers(1, &ms_rbo_);
    glBindRenderbuffer(GL_RENDERBUFFER, ms_rbo_);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h);
    glGenFramebuffers(1, &ms_fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, ms_fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms_rbo_);
  }
  if (depth) {  // on the framebuffer that is drawn into
    glGenRenderbuffers(1, &depth_rbo_);
    glBindRenderbuffer(GL_RENDERBUFFER, depth_rbo_);
    if (samples > 1)
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, w, h);
    else
      glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, ms_fbo_ ? ms_fbo_ : fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_rbo_);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  return true;
}

void Target::bind_for_drawing() {
  glBindFramebuffer(GL_FRAMEBUFFER, ms_fbo_ ? ms_fbo_ : fbo_);
  glViewport(0, 0, w_, h_);
}

void Target::resolve() {
  if (ms_fbo_) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_fbo_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo_);
    glBlitFramebuffer(0, 0, w_, h_, 0, 0, w_, h_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void Target::blit_to_screen() {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, w_, h_, 0, 0, w_, h_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<uint8_t> Target::read_pixels() const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  std::vector<uint8_t> px = read_framebuffer(0, 0, w_, h_);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  return px;
}

std::vector<uint8_t> read_framebuffer(int x, int y, int w, int h) {
  std::vector<uint8_t> px(size_t(w) * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  // GL rows go bottom-up; PNG rows top-down: swapped in place (a large picture is not copied).
  const size_t row = size_t(w) * 4;
  for (int r = 0; r < h / 2; ++r)
    std::swap_ranges(px.begin() + std::ptrdiff_t(size_t(r) * row), px.begin() + std::ptrdiff_t(size_t(r + 1) * row),
                     px.begin() + std::ptrdiff_t(size_t(h - 1 - r) * row));
  for (size_t i = 3; i < px.size(); i += 4) px[i] = 255;
  return px;
}

}  // namespace navlab::gl
