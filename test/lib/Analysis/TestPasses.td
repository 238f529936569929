//===- TestPasses.td - TileMLIR analysis test passes -------*- tablegen -*-===//
//
// Passes that exist for lit tests only: built into TileMLIRTestPasses and
// registered by tile-opt, never linked into the production libraries.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TEST_ANALYSIS_TESTPASSES
#define TILEMLIR_TEST_ANALYSIS_TESTPASSES

include "mlir/Pass/PassBase.td"

def TileTestPrintLayouts : Pass<"tile-test-print-layouts"> {
  let summary = "Print the linear layouts of marked values (test pass)";
  let description = [{
    For every operation carrying `tile.print_layout` (or `test.print_layout`,
    accepted while the tile dialect's attribute verifier does not know the
    former), emits a remark about its ranked tensor, `!tile.smem` or `!tmem.buffer`
    result:

    - register tile: its linear layout bases (`register`, `lane`, `warp`,
      `block` to tensor coordinates), elements per thread, and the vector
      width along the last dimension (16-byte accesses); for
      `tile.convert_layout`, the conversion plan (no-op, register
      permutation, warp shuffle or shared memory); with
      `tile.probe_threads` / `test.probe_threads = [[register, lane, warp],
      ...]`, the tensor coordinates each probe holds;
    - shared buffer: its layout (`offset` to tensor coordinates) and the
      byte offset of probe elements (`tile.probe_elements` /
      `test.probe_elements = [[i, j], ...]`, or by default each unit
      coordinate and the last element); when the attribute's value is a
      distributed layout, also the bank conflicts and ldmatrix/stmatrix
      eligibility of moving the whole buffer in that layout;
    - tensor-memory buffer (`!tmem.buffer`, 2-D `#tmem.layout`): its map
      from tensor coordinates to (`row`, `column`, `slot`): lane, 32-bit
      column and place inside a packed column; when the attribute's value is
      a distributed layout, the `tcgen05.ld`/`tcgen05.st` 32x32b plan of a
      register tile in that layout (instructions, `.num`, their columns, the
      column offset of each warp bit) or why it has none.

    Layouts that cannot be converted produce an error naming the reason.
  }];
}

#endif // TILEMLIR_TEST_ANALYSIS_TESTPASSES
