//===- Pipelines.h - TileMLIR's named pass pipelines ------------*- C++ -*-===//

#ifndef TILEMLIR_PIPELINES_H
#define TILEMLIR_PIPELINES_H

#include "TileMLIR/Target/TargetInfo.h"
#include "TileMLIR/Transforms/Passes.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace gpu {
class GPUModuleOp;
} // namespace gpu

namespace tilemlir {

/// The help text of the pipelines' `chip` option, with the supported chips.
llvm::StringRef getChipOptionDescription();

struct TilePipelineOptions : public PassPipelineOptions<TilePipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc(getChipOptionDescription()),
      llvm::cl::init(getDefaultChip().name)};
  PassOptions::Option<int> optLevel{
      *this, "opt-level", llvm::cl::desc("Optimization level of NVPTX codegen"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> cudaPath{
      *this, "cuda-path",
      llvm::cl::desc("CUDA toolkit holding bin/ptxas (for cubin emission)"),
      llvm::cl::init("/usr/local/cuda")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu-module-to-binary embeds: isa (PTX), bin "
                     "(cubin) or fatbin"),
      llvm::cl::init("bin")};
  PassOptions::Option<std::string> assembler{
      *this, "assembler",
      llvm::cl::desc("PTX to cubin with: auto (ptxas when the toolkit has "
                     "it, else nvJitLink), ptxas, or nvjitlink (in process)"),
      llvm::cl::init("auto")};
  PassOptions::Option<bool> cache{
      *this, "cache",
      llvm::cl::desc("Keep cubins in the on-disk compile cache "
                     "(TILE_CACHE=0 also turns it off)"),
      llvm::cl::init(true)};
  PassOptions::Option<uint64_t> waitTimeout{
      *this, "wait-timeout",
      llvm::cl::desc("Debug mode: an mbarrier wait that has not completed "
                     "after this many clock cycles prints the barrier and "
                     "traps (0: off)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> deviceChecks{
      *this, "device-checks",
      llvm::cl::desc("Debug mode: TMA copies check the coordinates the "
                     "compiler cannot prove legal on the device and print "
                     "the rule, the kernel and the op's location before "
                     "they trap (on with wait-timeout too); off, they carry "
                     "no device-side code and such a copy faults"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("Specialize loops marked tile.warp_specialize "
                     "(tile-warp-specialize); false: tile-pipeline pipelines "
                     "them instead"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> asyncDot{
      *this, "async-dot",
      llvm::cl::desc("tile-pipeline keeps one MMA in flight where it can "
                     "(its async-dot option)"),
      llvm::cl::init(false)};
};

/// Device side: TileMLIR kernels in gpu.modules down to the NVVM and LLVM
/// dialects. Host code is left as it is.
void buildTileToNVVMPipeline(OpPassManager &pm,
                             const TilePipelineOptions &options);

/// Everything: device code to NVVM and then to an embedded binary
/// (tile-module-to-binary), host code to the LLVM dialect calling the
/// runtime, ready for translation to LLVM IR.
void buildTileToLLVMPipeline(OpPassManager &pm,
                             const TilePipelineOptions &options);

/// Whether only LLVM and NVVM ops are left in `module` (lowered already).
bool isLoweredToNVVM(gpu::GPUModuleOp module);

void registerTilePipelines();

} // namespace tilemlir
} // namespace mlir

#endif // TILEMLIR_PIPELINES_H
