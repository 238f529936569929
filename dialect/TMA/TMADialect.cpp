//===- TMADialect.cpp - The tma dialect ----------------------------------===//

#include "TMA/TMADialect.h"

using namespace mlir;
using namespace mlir::tma;

#include "TMA/TMADialect.cpp.inc"

void TMADialect::initialize() {}
