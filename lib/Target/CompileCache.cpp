//===- CompileCache.cpp - The on-disk cache of compiled kernels -----------===//

#include "TileMLIR/Target/CompileCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

using namespace mlir::tilemlir;
using llvm::StringRef;

namespace {

/// TILE_CACHE=0/off/false/no turns the cache off.
bool environmentDisables() {
  std::optional<std::string> value = llvm::sys::Process::GetEnv("TILE_CACHE");
  if (!value)
    return false;
  std::string lower = StringRef(*value).trim().lower();
  return lower == "0" || lower == "off" || lower == "false" || lower == "no";
}

std::string defaultDirectory() {
  if (auto dir = llvm::sys::Process::GetEnv("TILE_CACHE_DIR");
      dir && !dir->empty())
    return *dir;
  llvm::SmallString<256> path;
  if (auto xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    path = *xdg;
  } else if (auto home = llvm::sys::Process::GetEnv("HOME");
             home && !home->empty()) {
    path = *home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(path, "tilemlir");
  return std::string(path);
}

/// Entries live two levels down (ab/cdef...), so that no directory grows
/// to hundreds of thousands of files.
llvm::SmallString<256> entryPath(StringRef directory, StringRef key) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, key.take_front(2), key.drop_front(2));
  return path;
}

} // namespace

CompileCache CompileCache::open(CacheMode mode, StringRef directory) {
  CompileCache cache;
  if (mode == CacheMode::Off ||
      (mode == CacheMode::Environment && environmentDisables()))
    return cache;
  cache.directory = directory.empty() ? defaultDirectory() : directory.str();
  return cache;
}

std::optional<std::string> CompileCache::lookup(StringRef key) const {
  if (!isEnabled())
    return std::nullopt;
  auto buffer = llvm::MemoryBuffer::getFile(entryPath(directory, key),
                                            /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

void CompileCache::store(StringRef key, StringRef bytes) const {
  if (!isEnabled())
    return;
  llvm::SmallString<256> path = entryPath(directory, key);
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return;
  // Write beside the entry, then rename: a reader sees all or nothing.
  llvm::SmallString<256> temporary;
  int fd;
  if (llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, temporary))
    return;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.flush();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return;
    }
  }
  if (llvm::sys::fs::rename(temporary, path))
    llvm::sys::fs::remove(temporary);
}

std::string CompileCache::makeKey(llvm::ArrayRef<StringRef> parts) {
  llvm::SHA256 hash;
  for (StringRef part : parts) {
    std::string length = std::to_string(part.size()) + ":";
    hash.update(length);
    hash.update(part);
  }
  std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::string mlir::tilemlir::getFileIdentity(StringRef path) {
  llvm::sys::fs::file_status status;
  if (path.empty() || llvm::sys::fs::status(path, status))
    return "";
  auto modified = status.getLastModificationTime().time_since_epoch().count();
  return (path + "|" + llvm::Twine(status.getSize()) + "|" +
          llvm::Twine(static_cast<int64_t>(modified)))
      .str();
}

std::string mlir::tilemlir::getOwnBinaryIdentity() {
  Dl_info info;
  std::string path;
  // dladdr names the shared library this code is in; for code in the main
  // program it may give argv[0], which need not be a path.
  if (dladdr(reinterpret_cast<void *>(&getOwnBinaryIdentity), &info) &&
      info.dli_fname && StringRef(info.dli_fname).contains('/'))
    path = info.dli_fname;
  else
    path = "/proc/self/exe";
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(path, real))
    path = std::string(real);
  return getFileIdentity(path);
}
