//===- Diagnostics.h - C API: constructors that never crash -----*- C++ -*-===//
//
// Private to the C API shim. Constructors of the C API never assert or crash
// on invalid parameters: they call `X::getChecked` with an ErrorAtUnknownLoc,
// so that the verifier's message goes to the context's diagnostic handlers
// and the C caller gets a null object back. They also load their dialect
// first (loadDialect), since a context from tileContextCreate only registers
// the dialects. A null context, a null type or attribute argument, a
// negative length or a null array with entries is a null object too
// (checkArray, checkNotNull), and accessors given null or an object of
// another kind return the sentinel their header names (getIfA).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_CAPI_LIB_DIAGNOSTICS_H
#define TILEMLIR_CAPI_LIB_DIAGNOSTICS_H

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include <cstring>

namespace mlir::tilemlir::capi {

/// Emits an error at an unknown location of `context`. Usable wherever a
/// `function_ref<InFlightDiagnostic()>` is expected (getChecked, verify), and
/// directly for the shim's own checks: `ErrorAtUnknownLoc{ctx}() << "..."`.
struct ErrorAtUnknownLoc {
  MLIRContext *context;
  InFlightDiagnostic operator()() const {
    return emitError(UnknownLoc::get(context));
  }
};

/// Loads `DialectT` into `context` (a no-op once loaded) and returns
/// `context`. Types and attributes of a dialect that is registered but not
/// yet loaded have no storage in the context: creating one crashes. Parsing
/// loads dialects on first use; C API constructors must do the same. A null
/// context stays null: there is nothing to report through, and the
/// constructor returns a null object.
template <typename DialectT> MLIRContext *loadDialect(MLIRContext *context) {
  if (context)
    context->getOrLoadDialect<DialectT>();
  return context;
}

/// Checks the array argument `name` of `count` entries at `data`: a
/// negative count, or entries at a null pointer, is a diagnostic naming it.
inline LogicalResult checkArray(MLIRContext *context, const char *name,
                                intptr_t count, const void *data) {
  if (count < 0) {
    ErrorAtUnknownLoc{context}() << name << " has a negative length (" << count
                                 << ")";
    return failure();
  }
  if (count > 0 && !data) {
    ErrorAtUnknownLoc{context}()
        << name << " is a null pointer but has " << count << " entries";
    return failure();
  }
  return success();
}

/// Checks that the argument `name` (a type or an attribute) is not null.
template <typename T>
LogicalResult checkNotNull(MLIRContext *context, const char *name, T value) {
  if (value)
    return success();
  ErrorAtUnknownLoc{context}() << name << " is null";
  return failure();
}

/// What an accessor returns: `get` of `value` (an MlirType or MlirAttribute)
/// as a `T`, or `sentinel` (the one its header names) when `value` is null or
/// of another kind.
template <typename T, typename CValue, typename R, typename F>
R getIfA(CValue value, R sentinel, F get) {
  auto object = dyn_cast_or_null<T>(unwrap(value));
  return object ? get(object) : sentinel;
}

/// The value a C caller passed for an enum parameter. C enums may hold any
/// int, but in C++ reading an enum object whose value lies outside the
/// enum's range is undefined (UBSan: invalid enum load), so the bits are
/// copied out as an int, never read as the enum.
template <typename EnumT> int getRawEnumValue(const EnumT &value) {
  static_assert(sizeof(EnumT) == sizeof(int), "C enums are int-sized");
  int raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

} // namespace mlir::tilemlir::capi

#endif // TILEMLIR_CAPI_LIB_DIAGNOSTICS_H
