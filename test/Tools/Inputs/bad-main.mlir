func.func @main(%x: f32) {
  return
}
