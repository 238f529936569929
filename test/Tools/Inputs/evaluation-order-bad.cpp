// Input of evaluation-order.test: two arguments of one call build ops.
Value base(OpBuilder &b, Location loc, Value done, Type type) {
  return arith::MulIOp::create(b, loc, castUnsigned(b, loc, done, type),
                               tripCount(b));
}
// One argument building IR, and lambdas, are fine.
void fine(OpBuilder &b, Location loc, Value x) {
  arith::MulIOp::create(b, loc, x, constant(b, 4));
  emitIf(b, loc, isWarpZero(b, loc), [&] { use(b.create<Op>(loc)); });
}
