#include "gl_renderer3d.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace navlab::gl {

namespace {

constexpr float kHiddenAlpha = 0.28f;  // a layer behind the surface is drawn this faint

Vec3 face_normal(Vec3 a, Vec3 b, Vec3 c) {
  const Vec3 u = b - a, v = c - a;
  const Vec3 n{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
  const double l = length(n);
  return l > 0.0 ? n * (1.0 / l) : Vec3{0, 1, 0};
}

template <class V>
void upload(unsigned* vao, unsigned* vbo, unsigned* ebo, const std::vector<V>& verts, const std::vector<uint32_t>& idx,
            void (*layout)()) {
  if (!*vao) {
    glGenVertexArrays(1, vao);
    glGenBuffers(1, vbo);
    glGenBuffers(1, ebo);
    glBindVertexArray(*vao);
    glBindBuffer(GL_ARRAY_BUFFER, *vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, *ebo);
    layout();
  }
  glBindVertexArray(*vao);
  glBindBuffer(GL_ARRAY_BUFFER, *vbo);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(verts.size() * sizeof(V)), verts.data(), GL_STATIC_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(idx.size() * 4), idx.data(), GL_STATIC_DRAW);
}

void release(unsigned* vao, unsigned* vbo, unsigned* ebo) {
  if (*vbo) glDeleteBuffers(1, vbo);
  if (*ebo) glDeleteBuffers(1, ebo);
  if (*vao) glDeleteVertexArrays(1, vao);
  *vao = *vbo = *ebo = 0;
}

}  // namespace

// ---- MeshBatch3 ----

MeshBatch3::~MeshBatch3() { release(&vao_, &vbo_, &ebo_); }

void MeshBatch3::clear() {
  verts_.clear();
  idx_.clear();
  dirty_ = true;
}

uint32_t MeshBatch3::add_vertex(Vec3 p, Vec3 n, Rgba color) {
  verts_.push_back({float(p.x), float(p.y), float(p.z), float(n.x), float(n.y), float(n.z), color});
  dirty_ = true;
  return uint32_t(verts_.size() - 1);
}

void MeshBatch3::add_triangle(uint32_t a, uint32_t b, uint32_t c) {
  idx_.insert(idx_.end(), {a, b, c});
  dirty_ = true;
}

void MeshBatch3::triangle(Vec3 a, Vec3 b, Vec3 c, Rgba color) {
  const Vec3 n = face_normal(a, b, c);
  const uint32_t i = add_vertex(a, n, color);
  add_vertex(b, n, color);
  add_vertex(c, n, color);
  add_triangle(i, i + 1, i + 2);
}

// ---- LineBatch3 ----

LineBatch3::~LineBatch3() { release(&vao_, &vbo_, &ebo_); }

void LineBatch3::clear() {
  verts_.clear();
  idx_.clear();
  dirty_ = true;
}

void LineBatch3::segment(Vec3 a, Vec3 b, Rgba color, Stroke s, LinePiece piece) {
  const uint32_t base = uint32_t(verts_.size());
  const float corners[4][2] = {{0, -1}, {1, -1}, {1, 1}, {0, 1}};
  const float joins = (piece.joins_before ? 1.0f : 0.0f) + (piece.joins_after ? 2.0f : 0.0f);
  for (const auto& c : corners)
    verts_.push_back({float(a.x), float(a.y), float(a.z), float(b.x), float(b.y), float(b.z), c[0], c[1], s.width,
                      s.dash, s.dash_period, float(piece.dash_from), joins, color});
  for (uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) idx_.push_back(base + i);
  dirty_ = true;
}

void LineBatch3::polyline(const std::vector<Vec3>& pts, Rgba color, Stroke s, bool closed) {
  for (size_t i = 0; i + 1 < pts.size(); ++i) segment(pts[i], pts[i + 1], color, s);
  if (closed && pts.size() > 2) segment(pts.back(), pts.front(), color, s);
}

void LineBatch3::point(Vec3 p, float radius_px, Rgba fill, float outline_px, Rgba outline) {
  if (outline_px > 0.0f) segment(p, p, outline, {2.0f * (radius_px + outline_px)});
  segment(p, p, fill, {2.0f * radius_px});
}

// ---- Renderer3D ----

Renderer3D::~Renderer3D() {
  if (mesh_prog_) glDeleteProgram(mesh_prog_);
  if (line_prog_) glDeleteProgram(line_prog_);
}

Result<void> Renderer3D::init(const std::string& shader_dir) {
  const Result<unsigned> mesh = link_program(shader_dir, "fill", "mesh3d");
  if (!mesh) return Error{mesh.error()};
  const Result<unsigned> lines = link_program(shader_dir, "lines3d");
  if (!lines) {
    glDeleteProgram(mesh.value());
    return Error{lines.error()};
  }
  mesh_prog_ = mesh.value();
  line_prog_ = lines.value();
  return {};
}

void Renderer3D::begin(const OrbitCamera& cam, int width_px, int height_px, float line_scale) {
  size_[0] = float(std::max(1, width_px));
  size_[1] = float(std::max(1, height_px));
  view_proj_ = cam.view_projection({size_[0], size_[1]});
  eye_ = cam.eye();
  line_scale_ = line_scale;
}

void Renderer3D::set_common(unsigned prog, const Style3& style) {
  glUseProgram(prog);
  float m[16];
  for (int i = 0; i < 16; ++i) m[i] = float(view_proj_[size_t(i)]);
  glUniformMatrix4fv(glGetUniformLocation(prog, "u_view_proj"), 1, GL_FALSE, m);
  glUniform3f(glGetUniformLocation(prog, "u_eye"), float(eye_.x), float(eye_.y), float(eye_.z));
  glUniform1f(glGetUniformLocation(prog, "u_pull"), float(style.pull));
  glUniform1f(glGetUniformLocation(prog, "u_alpha"), style.alpha * (style.hidden ? kHiddenAlpha : 1.0f));
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(style.hidden ? GL_GREATER : GL_LEQUAL);
  glDepthMask(style.depth_write && !style.hidden ? GL_TRUE : GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
}

void Renderer3D::draw(MeshBatch3& b, const Style3& style) {
  if (b.idx_.empty() || !mesh_prog_) return;
  if (b.dirty_) {
    upload(&b.vao_, &b.vbo_, &b.ebo_, b.verts_, b.idx_, [] {
      using V = MeshBatch3::Vertex;
      glEnableVertexAttribArray(0);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, x));
      glEnableVertexAttribArray(1);
      glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(V), (void*)offsetof(V, c));
      glEnableVertexAttribArray(2);
      glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, nx));
    });
    b.dirty_ = false;
  }
  set_common(mesh_prog_, style);
  glUniform1f(glGetUniformLocation(mesh_prog_, "u_lit"), style.lit ? 1.0f : 0.0f);
  glBindVertexArray(b.vao_);
  glDrawElements(GL_TRIANGLES, GLsizei(b.idx_.size()), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  glUseProgram(0);
}

void Renderer3D::draw(LineBatch3& b, const Style3& style) {
  if (b.idx_.empty() || !line_prog_) return;
  if (b.dirty_) {
    upload(&b.vao_, &b.vbo_, &b.ebo_, b.verts_, b.idx_, [] {
      using V = LineBatch3::Vertex;
      glEnableVertexAttribArray(0);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, ax));
      glEnableVertexAttribArray(1);
      glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, bx));
      glEnableVertexAttribArray(2);
      glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, cx));
      glEnableVertexAttribArray(3);
      glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, width));
      glEnableVertexAttribArray(4);
      glVertexAttribPointer(4, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(V), (void*)offsetof(V, c));
      glEnableVertexAttribArray(5);
      glVertexAttribPointer(5, 1, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, dash_from));
      glEnableVertexAttribArray(6);
      glVertexAttribPointer(6, 1, GL_FLOAT, GL_FALSE, sizeof(V), (void*)offsetof(V, joins));
    });
    b.dirty_ = false;
  }
  set_common(line_prog_, style);
  glUniform2f(glGetUniformLocation(line_prog_, "u_size"), size_[0], size_[1]);
  glUniform1f(glGetUniformLocation(line_prog_, "u_line_scale"), line_scale_);
  glBindVertexArray(b.vao_);
  glDrawElements(GL_TRIANGLES, GLsizei(b.idx_.size()), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  glUseProgram(0);
}

}  // namespace navlab::gl
