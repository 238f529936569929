# Sanitized builds (make check-sanitize, make fuzz; see the Makefile).
#
#   -DTILE_SANITIZE=ON  TileMLIR's own code with AddressSanitizer and
#                       UndefinedBehaviorSanitizer; any UB report aborts.
#   -DTILE_FUZZ=ON      also libFuzzer's coverage instrumentation, and the
#                       fuzz target fuzz/tile-fuzz (implies TILE_SANITIZE).
#
# libMLIR.so and libLLVM.so are Debian's and stay uninstrumented: ASan sees
# our code's memory accesses and every heap allocation (malloc is
# intercepted process-wide), not the accesses made inside those libraries.
# lib/Runtime stays uninstrumented too (lib/CMakeLists.txt says why).
# clang-22 only: the runtimes come from libclang-rt-22-dev.

option(TILE_SANITIZE "Build with ASan and UBSan" OFF)
option(TILE_FUZZ "Build the libFuzzer target (implies TILE_SANITIZE)" OFF)
if(TILE_FUZZ)
  set(TILE_SANITIZE ON CACHE BOOL "Build with ASan and UBSan" FORCE)
endif()

if(TILE_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR
     NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TILE_SANITIZE/TILE_FUZZ need clang (the sanitizer "
                        "and libFuzzer runtimes of libclang-rt-22-dev); "
                        "configured with ${CMAKE_CXX_COMPILER_ID}")
  endif()
  set(TILE_SANITIZE_FLAGS
    -fsanitize=address,undefined
    -fno-sanitize-recover=undefined
    -fno-omit-frame-pointer)
  if(TILE_FUZZ)
    # Coverage counters and comparison hooks for libFuzzer in every object;
    # programs other than the fuzz target get the hooks' no-op definitions
    # from the ASan runtime.
    list(APPEND TILE_SANITIZE_FLAGS -fsanitize=fuzzer-no-link)
  endif()
  add_compile_options(${TILE_SANITIZE_FLAGS})
  add_link_options(-fsanitize=address,undefined)
  # A shared library (libTileMLIR-C.so) leaves the sanitizer runtimes'
  # symbols undefined: the program that loads it links them. So no
  # -z defs (HandleLLVMOptions adds it; capi/ drops its --no-undefined).
  string(REPLACE "-Wl,-z,defs" "" CMAKE_SHARED_LINKER_FLAGS
         "${CMAKE_SHARED_LINKER_FLAGS}")
endif()
