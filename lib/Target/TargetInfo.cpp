//===- TargetInfo.cpp - The chips TileMLIR knows --------------------------===//

#include "TileMLIR/Target/TargetInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using llvm::StringRef;

llvm::ArrayRef<tilemlir::ChipInfo> tilemlir::getKnownChips() {
  return detail::kChips;
}

const tilemlir::ChipInfo *tilemlir::lookupChip(StringRef name) {
  for (const ChipInfo &chip : detail::kChips)
    if (name == chip.name)
      return &chip;
  return nullptr;
}

bool tilemlir::isSupportedChip(StringRef name) {
  const ChipInfo *chip = lookupChip(name);
  return chip && chip->supported;
}

const tilemlir::ChipInfo &tilemlir::getDefaultChip() {
  return *llvm::find_if(detail::kChips,
                        [](const ChipInfo &chip) { return chip.supported; });
}

/// The supported chips' names, ", " between them and " or " before the
/// last; " (default)" after the default one when `markDefault`.
static std::string joinSupportedChips(bool markDefault) {
  llvm::SmallVector<std::string> names;
  for (const tilemlir::ChipInfo &chip : tilemlir::getKnownChips())
    if (chip.supported)
      names.push_back(std::string(chip.name) +
                      (markDefault && &chip == &tilemlir::getDefaultChip()
                           ? " (default)"
                           : ""));
  std::string text;
  for (auto [i, name] : llvm::enumerate(names)) {
    if (i > 0)
      text += i + 1 == names.size() ? " or " : ", ";
    text += name;
  }
  return text;
}

// Static: option help texts keep a reference to these.
StringRef tilemlir::getSupportedChipList() {
  static const std::string list = joinSupportedChips(false);
  return list;
}

StringRef tilemlir::getSupportedChipListWithDefault() {
  static const std::string list = joinSupportedChips(true);
  return list;
}

const tilemlir::ChipInfo &tilemlir::getClosestChip(StringRef chip) {
  if (const ChipInfo *info = lookupChip(chip))
    return *info;
  unsigned version = 0;
  StringRef digits = chip;
  if (digits.consume_front("sm_"))
    (void)digits.take_while(llvm::isDigit).getAsInteger(10, version);
  const ChipInfo *closest = &detail::kChips[0];
  for (const ChipInfo &row : detail::kChips)
    if (row.smVersion <= version)
      closest = &row;
  return *closest;
}

StringRef tilemlir::getPtxFeaturesForChip(StringRef chip) {
  return getClosestChip(chip).ptxFeatures;
}

std::optional<unsigned> tilemlir::parsePtxVersion(StringRef features) {
  llvm::SmallVector<StringRef> parts;
  features.split(parts, ',');
  for (StringRef part : parts) {
    unsigned version;
    part = part.trim();
    if (part.consume_front("+ptx") && !part.getAsInteger(10, version))
      return version;
  }
  return std::nullopt;
}

bool tilemlir::chipHasTensorMemory(StringRef chip) {
  const ChipInfo *info = lookupChip(chip);
  return info && info->hasTensorMemory;
}
