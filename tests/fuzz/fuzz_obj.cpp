// libFuzzer target: OBJ text -> parse_obj -> bake_triangles with the default bake settings.
#include <cstddef>
#include <cstdint>
#include <string>

#include "bake.h"
#include "obj.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace navlab;
  const std::string text(reinterpret_cast<const char*>(data), size);
  Result<ObjMesh> soup = parse_obj(text, "fuzz.obj");
  if (!soup) return 0;
  (void)bake_triangles(soup.value(), BakeDef{});
  return 0;
}
