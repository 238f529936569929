//===- CompileCache.h - The on-disk cache of compiled kernels ---*- C++ -*-===//
//
// Compiling a kernel to a cubin is deterministic in its inputs: the same
// input, options and tools give the same bytes. The cache keeps those bytes
// on disk under a SHA-256 of everything they depend on, so that a second
// compile of the same kernel costs a file read. tile-translate keys whole
// outputs on its input file; every compile (tile-translate, tile-run, the
// C API) keys the PTX -> cubin step on the PTX (PtxCompiler.h).
//
// Where: $TILE_CACHE_DIR, else $XDG_CACHE_HOME/tilemlir, else
// $HOME/.cache/tilemlir. Off: TILE_CACHE=0 (or off, false, no) in the
// environment, or the tools' --no-cache, the passes' cache=false and the
// C API's options. Entries are written to a temporary file and renamed, so
// concurrent compiles never read a partial entry. Nothing is evicted: the
// directory may be removed at any time.
//
// Plain C++ on LLVM's Support library.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TARGET_COMPILECACHE_H
#define TILEMLIR_TARGET_COMPILECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::tilemlir {

/// How a caller asks for the cache: the environment decides, or on, or off.
enum class CacheMode { Environment, On, Off };

class CompileCache {
public:
  /// The cache in `directory` (empty: the default location above), or a
  /// disabled one when `mode` or the environment turns it off or no
  /// directory can be found.
  static CompileCache open(CacheMode mode, llvm::StringRef directory = "");

  bool isEnabled() const { return !directory.empty(); }
  llvm::StringRef getDirectory() const { return directory; }

  /// The entry stored under `key`, if any (never, when disabled).
  std::optional<std::string> lookup(llvm::StringRef key) const;

  /// Stores `bytes` under `key`. Failing to write is not an error (the
  /// compile already succeeded); it only costs the next compile.
  void store(llvm::StringRef key, llvm::StringRef bytes) const;

  /// A key: the hex SHA-256 of `parts`, each length-prefixed so that no two
  /// different lists of parts give the same stream.
  static std::string makeKey(llvm::ArrayRef<llvm::StringRef> parts);

private:
  std::string directory;
};

/// What identifies a program or library file for a key: its path, size and
/// modification time (ccache's "mtime" check). A rebuilt tool gets new
/// entries. Empty when the file cannot be read.
std::string getFileIdentity(llvm::StringRef path);

/// The identity of the binary this code was linked into (a tool or
/// libTileMLIR-C.so), found from the address of this function.
std::string getOwnBinaryIdentity();

} // namespace mlir::tilemlir

#endif // TILEMLIR_TARGET_COMPILECACHE_H
