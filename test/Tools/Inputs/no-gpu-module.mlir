func.func @helper() {
  return
}

// Not a test: input of test/Tools/tile-run-errors.test and tile-translate-errors.test, which holds the RUN and CHECK lines
// (test/lit.cfg.py excludes Inputs/).
