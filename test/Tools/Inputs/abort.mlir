// A host program that dies by SIGABRT.
llvm.func @abort()
func.func @main() {
  llvm.call @abort() : () -> ()
  return
}
