//===- Chips.cpp - C API: the target table --------------------------------===//

#include "tile-c/Chips.h"

#include "TileMLIR/Target/TargetInfo.h"

using namespace mlir;

// A null name is no chip (StringRef would call strlen on it).
bool tileChipIsSupported(const char *name) {
  return name && tilemlir::isSupportedChip(name);
}

const char *tileChipGetDefault(void) { return tilemlir::getDefaultChip().name; }

// The lists are static std::strings, so data() is NUL-terminated.
const char *tileChipListSupported(void) {
  return tilemlir::getSupportedChipList().data();
}

const char *tileChipListSupportedWithDefault(void) {
  return tilemlir::getSupportedChipListWithDefault().data();
}

// getPtxFeaturesForChip's strings are literals, so data() is NUL-terminated.
const char *tileChipGetPtxFeatures(const char *name) {
  return name ? tilemlir::getPtxFeaturesForChip(name).data() : nullptr;
}

bool tileChipHasTensorMemory(const char *name) {
  return name && tilemlir::chipHasTensorMemory(name);
}
