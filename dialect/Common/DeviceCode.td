//===- DeviceCode.td - Traits shared by the dialects -------*- tablegen -*-===//
//
// The op trait of every operation of the four TileMLIR dialects; its C++
// side and the reason are in Common/DeviceCode.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_COMMON_DEVICECODE
#define TILEMLIR_COMMON_DEVICECODE

include "mlir/IR/OpBase.td"

/// The operation must be in a function body, not directly in a module.
def InFunctionBody : NativeOpTrait<"InFunctionBody"> {
  let cppNamespace = "::mlir::tilemlir";
}

#endif // TILEMLIR_COMMON_DEVICECODE
