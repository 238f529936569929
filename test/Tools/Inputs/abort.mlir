// A host program that dies by SIGABRT.
llvm.func @abort()
func.func @main() {
  llvm.call @abort() : () -> ()
  return
}

// Not a test: input of test/Tools/tile-run-stub.test, which holds the RUN and CHECK lines
// (test/lit.cfg.py excludes Inputs/).
