//===- TargetInfo.cpp - The chips TileMLIR knows --------------------------===//

#include "TileMLIR/Target/TargetInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();

using namespace mlir;
using llvm::StringRef;

/// Whether NVPTX has `chip` in its processor table. For another name it
/// prints "not a recognized processor", compiles for its lowest one and
/// stops at the first newer instruction with an LLVM ERROR ("Cannot
/// select"). True when the NVPTX target is not built in: then it is not
/// ours to judge.
static bool isNVPTXProcessor(StringRef chip) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
  });
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return true;
  // No CPU here: a bad one would print its warning.
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  return !info || info->isCPUStringValid(chip);
}

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

StringRef tilemlir::getPtxFeaturesForChip(StringRef chip) {
  const ChipInfo *info = lookupChip(chip);
  return info ? info->ptxFeatures : "";
}

llvm::Expected<std::string>
tilemlir::getCompileFeatures(StringRef chip, StringRef features) {
  llvm::SmallVector<StringRef> parts;
  features.split(parts, ',');
  for (StringRef part : parts)
    if (part.starts_with("+sm_"))
      return llvm::createStringError(
          "features \"" + features + "\" name a chip (" + part +
          "); only the target's chip may");
  const ChipInfo *info = lookupChip(chip);
  if (!info) {
    if (!isNVPTXProcessor(chip))
      return llvm::createStringError(
          "chip '" + chip +
          "' is not a processor the NVPTX backend knows (LLVM " +
          std::to_string(LLVM_VERSION_MAJOR) + "); TileMLIR targets " +
          getSupportedChipList());
    if (parsePtxVersion(features))
      return llvm::createStringError(
          "features \"" + features + "\" name a PTX ISA version for '" +
          chip +
          "', a chip outside TileMLIR's target table: leave it out, so "
          "that NVPTX takes the chip's own");
    return features.str();
  }
  return withMinimumPtxVersion(features, *parsePtxVersion(info->ptxFeatures));
}

std::string tilemlir::withMinimumPtxVersion(StringRef features,
                                            unsigned version) {
  llvm::SmallVector<StringRef> parts, kept;
  features.split(parts, ',');
  bool hasVersion = false;
  for (StringRef part : parts) {
    std::optional<unsigned> v = parsePtxVersion(part);
    if (v && *v < version)
      continue;
    hasVersion |= v.has_value();
    if (!part.empty())
      kept.push_back(part);
  }
  // Nothing to change: the features as written.
  if (hasVersion && kept.size() == parts.size())
    return features.str();
  std::string added = "+ptx" + std::to_string(version);
  if (!hasVersion)
    kept.insert(kept.begin(), added);
  return llvm::join(kept, ",");
}

std::optional<unsigned> tilemlir::parsePtxVersion(StringRef features) {
  llvm::SmallVector<StringRef> parts;
  features.split(parts, ',');
  std::optional<unsigned> newest;
  for (StringRef part : parts) {
    unsigned version;
    if (part.consume_front("+ptx") && !part.getAsInteger(10, version))
      newest = std::max(newest.value_or(0), version);
  }
  return newest;
}

bool tilemlir::chipHasTensorMemory(StringRef chip) {
  const ChipInfo *info = lookupChip(chip);
  return info && info->hasTensorMemory;
}
