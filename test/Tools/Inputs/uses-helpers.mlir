// A host @main that calls one test helper (tileRtSynchronize) and no kernel.
module {
  llvm.func @tileRtSynchronize()
  func.func @main() {
    llvm.call @tileRtSynchronize() : () -> ()
    return
  }
}

// Not a test: input of test/Tools/tile-run-test-support.test, which holds the
// RUN and CHECK lines (test/lit.cfg.py excludes Inputs/).
