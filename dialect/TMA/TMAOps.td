//===- TMAOps.td - The tma dialect -----------------------*- tablegen -*-===//

#ifndef TILEMLIR_TMA_OPS
#define TILEMLIR_TMA_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def TMA_Dialect : Dialect {
  let name = "tma";
  let cppNamespace = "::mlir::tma";
  let summary = "TODO";
}

#endif // TILEMLIR_TMA_OPS
