# CMake glue for the Debian packages navlab uses, included from the top-level CMakeLists.txt so the
# imported targets are visible everywhere. No sources are copied here.

find_package(nlohmann_json 3.10 REQUIRED)
# 3D level formats besides OBJ (glTF 2.0, FBX, Collada, ...): Assimp (libassimp-dev) ships a CMake config.
find_package(assimp 5.2 REQUIRED)

# Recast/Detour (librecast-dev) ships neither a CMake config nor a .pc file.
find_path(RECAST_INCLUDE_DIR Recast.h PATH_SUFFIXES recastnavigation REQUIRED)
foreach(lib Recast Detour DetourTileCache DetourCrowd)
  find_library(RECAST_${lib}_LIBRARY NAMES ${lib} REQUIRED)
  add_library(recast::${lib} UNKNOWN IMPORTED GLOBAL)
  set_target_properties(recast::${lib} PROPERTIES
    IMPORTED_LOCATION "${RECAST_${lib}_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${RECAST_INCLUDE_DIR}")
endforeach()

if(NAVLAB_BUILD_APP)
  find_package(SDL2 REQUIRED)
  find_package(PkgConfig REQUIRED)
  # imgui.pc requires stb, so this also links libstb (stb_truetype symbols, stb_image_write).
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET GLOBAL imgui)
  find_path(STB_INCLUDE_DIR stb_image_write.h PATH_SUFFIXES stb REQUIRED)

  # The GL 3.3 core loader is generated at build time into the build tree.
  find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
  set(GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
  add_custom_command(
    OUTPUT ${GLAD_DIR}/src/gl.c ${GLAD_DIR}/include/glad/gl.h
    COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api gl:core=3.3 --out-path ${GLAD_DIR} c
    COMMENT "Generating the OpenGL 3.3 core loader with glad"
    VERBATIM)
  add_library(glad STATIC ${GLAD_DIR}/src/gl.c)
  target_include_directories(glad SYSTEM PUBLIC ${GLAD_DIR}/include)
  target_link_libraries(glad PUBLIC ${CMAKE_DL_LIBS})
endif()
