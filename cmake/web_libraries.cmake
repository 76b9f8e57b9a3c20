# The browser build's libraries (scripts/web runs CMake through emscripten's emcmake). SQLite,
# Lua and zlib are compiled from Debian's source packages, which scripts/web unpacks into
# DDBLAB_WEB_SOURCES (sqlite3/ holds the amalgamation it makes from SQLite's tree); nlohmann/json
# is header-only and read from Debian's package through a folder that holds only it, so no glibc
# header reaches the compiler. Nothing is fetched from anywhere else.
if(NOT DDBLAB_WEB_SOURCES)
  message(FATAL_ERROR "the browser build needs -DDDBLAB_WEB_SOURCES=<folder> (scripts/web makes it)")
endif()
set(src ${DDBLAB_WEB_SOURCES})
enable_language(C)  # SQLite, Lua and zlib are C

# C++ exceptions are caught (the engine and nlohmann/json throw) by WebAssembly's own exception
# handling, which costs nothing until something throws (emscripten's JavaScript-based handling
# made every call that might throw a round trip through JavaScript). Lua is compiled as C++ for
# the same reason (below): its errors unwind as C++ exceptions, not with longjmp.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# SQLite as Debian builds it where it matters here (the same version as the native build's), but
# without loadable extensions (a page cannot load a shared library).
add_library(web_sqlite3 STATIC ${src}/sqlite3/sqlite3.c)
target_include_directories(web_sqlite3 SYSTEM PUBLIC ${src}/sqlite3)
target_compile_definitions(web_sqlite3 PRIVATE SQLITE_OMIT_LOAD_EXTENSION SQLITE_ENABLE_DBSTAT_VTAB
                                               SQLITE_DEFAULT_MEMSTATUS=0)
target_compile_options(web_sqlite3 PRIVATE -O2 -w)

# Lua 5.4 with the 5.3 compatibility Debian's build has, compiled as C++ (Lua raises its errors
# with throw when it is) with its functions kept in C linkage, as <lua.hpp> declares them: each
# source is compiled through a wrapper that includes it inside extern "C".
file(GLOB lua_srcs ${src}/lua/src/*.c)
list(FILTER lua_srcs EXCLUDE REGEX "/(lua|luac|onelua)\\.c$")
set(lua_wrappers)
foreach(c ${lua_srcs})
  get_filename_component(stem ${c} NAME_WE)
  set(wrapper ${CMAKE_BINARY_DIR}/lua_as_cxx/${stem}.cc)
  file(GENERATE OUTPUT ${wrapper} CONTENT "extern \"C\" {\n#include \"${c}\"\n}\n")
  list(APPEND lua_wrappers ${wrapper})
endforeach()
add_library(web_lua STATIC ${lua_wrappers})
target_include_directories(web_lua SYSTEM PUBLIC ${src}/lua/src)
target_compile_definitions(web_lua PRIVATE LUA_COMPAT_5_3)
target_compile_options(web_lua PRIVATE -O2 -w)

file(GLOB zlib_srcs ${src}/zlib/*.c)
add_library(web_zlib STATIC ${zlib_srcs})
target_include_directories(web_zlib SYSTEM PUBLIC ${src}/zlib)
target_compile_definitions(web_zlib PUBLIC Z_HAVE_UNISTD_H)  # as zlib's configure finds it; users see the same z_off_t
target_compile_options(web_zlib PRIVATE -O2 -w)

add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${src}/include)
add_library(Threads::Threads INTERFACE IMPORTED)  # one thread in a page: nothing to link

# Bigger unity batches than the native build's: the browser build is made from scratch each time
# (no ccache hits to keep), and fewer, larger units compile in less time in all.
set(DDBLAB_UNITY_BATCH 32)

set(DDBLAB_SQLITE web_sqlite3)
set(DDBLAB_LUA web_lua)
set(DDBLAB_ZLIB web_zlib)
