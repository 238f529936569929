// @main in the C shape: argc/argv in, exit status out.
func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
  return %argc : i32
}

// Not a test: input of test/Tools/tile-run-stub.test, which holds the RUN and CHECK lines
// (test/lit.cfg.py excludes Inputs/).
