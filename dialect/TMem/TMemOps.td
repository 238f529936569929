//===- TMemOps.td - The tmem dialect -----------------------*- tablegen -*-===//

#ifndef TILEMLIR_TMEM_OPS
#define TILEMLIR_TMEM_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def TMem_Dialect : Dialect {
  let name = "tmem";
  let cppNamespace = "::mlir::tmem";
  let summary = "TODO";
}

#endif // TILEMLIR_TMEM_OPS
