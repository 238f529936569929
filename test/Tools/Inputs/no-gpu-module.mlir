func.func @helper() {
  return
}
