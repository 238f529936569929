// @main in the C shape: argc/argv in, exit status out.
func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
  return %argc : i32
}
