//===- Formatting.h - Shared message helpers of lib/Analysis ----*- C++ -*-===//
//
// The helpers live with the dialects' layout code (Common/Formatting.h);
// this header keeps lib/Analysis's includes short.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_FORMATTING_H
#define TILEMLIR_ANALYSIS_FORMATTING_H

#include "Common/Formatting.h"
#include "TileMLIR/Analysis/LayoutConversions.h"

#endif // TILEMLIR_ANALYSIS_FORMATTING_H
