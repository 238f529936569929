func.func @main(%x: f32) {
  return
}

// Not a test: input of test/Tools/tile-run-errors.test, which holds the RUN and CHECK lines
// (test/lit.cfg.py excludes Inputs/).
