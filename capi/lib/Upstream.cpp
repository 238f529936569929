//===- Upstream.cpp - libTileMLIR-MLIR-C.so -------------------------------===//
//
// The library is upstream MLIR's C API archives, linked whole
// (capi/CMakeLists.txt says why they are not in libTileMLIR-C.so); a shared
// library needs a source of its own.
//
//===----------------------------------------------------------------------===//
