//===- InitAll.cpp - Register TileMLIR's dialects and passes --------------===//

#include "TileMLIR/InitAll.h"
#include "TileMLIR/Conversion/Passes.h"
#include "TileMLIR/Pipelines.h"
#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void tilemlir::registerAllDialects(DialectRegistry &registry) {
  registry.insert<mbarrier::MBarrierDialect, tile::TileDialect,
                  tma::TMADialect, tmem::TMemDialect>();
  registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                  NVVM::NVVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect, ub::UBDialect, vector::VectorDialect>();
  // Conversion-to-LLVM interfaces, NVVM target attributes and translation
  // interfaces of the upstream dialects.
  mlir::registerAllExtensions(registry);
  // #nvvm.target serialization (gpu-module-to-binary) and translation of
  // every dialect we emit to LLVM IR.
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
}

void tilemlir::registerAllPasses() {
  // Upstream passes our pipelines are built from.
  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  mlir::registerGPUPasses();
  memref::registerMemRefPasses();
  tilemlir::registerTileTransformsPasses();
  tilemlir::registerTileConversionPasses();
  tilemlir::registerTilePipelines();
}
