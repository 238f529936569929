//===- Dialects.cpp - C API: dialect registration -------------------------===//

#include "tile-c/Dialects.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"
#include "TileMLIR/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, mlir::tile::TileDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TMem, tmem, mlir::tmem::TMemDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(MBarrier, mbarrier,
                                      mlir::mbarrier::MBarrierDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TMA, tma, mlir::tma::TMADialect)

void tileRegisterAllDialects(MlirDialectRegistry registry) {
  if (mlirDialectRegistryIsNull(registry))
    return;
  mlir::tilemlir::registerAllDialects(*unwrap(registry));
}

void tileRegisterAllPasses(void) {
  // Pass registration is global; doing it twice would register duplicates.
  static bool once = [] {
    mlir::tilemlir::registerAllPasses();
    return true;
  }();
  (void)once;
}

MlirContext tileContextCreate(void) {
  mlir::DialectRegistry registry;
  mlir::tilemlir::registerAllDialects(registry);
  return wrap(new mlir::MLIRContext(registry));
}
