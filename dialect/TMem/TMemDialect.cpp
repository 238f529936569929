//===- TMemDialect.cpp - The tmem dialect ----------------------------------===//

#include "TMem/TMemDialect.h"

using namespace mlir;
using namespace mlir::tmem;

#include "TMem/TMemDialect.cpp.inc"

void TMemDialect::initialize() {}
