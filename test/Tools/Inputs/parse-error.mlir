func.func @main() {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0, %missing : i32
  return
}
