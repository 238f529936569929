"""Compares the _auto and _hand kernels of a PTX file (see the .test)."""
import re
import sys

text = open(sys.argv[1]).read()
kernels = {m.group(1): re.sub(r"\$L__BB\d+_", "$L__BB_", m.group(0))
           for m in re.finditer(r"\.entry (\w+)\(.*?\n}\n", text, re.S)}
for kernel in ("gemm_plain", "gemm_bias_relu", "softmax"):
    auto = kernels[kernel + "_auto"].replace(kernel + "_auto", "K")
    hand = kernels[kernel + "_hand"].replace(kernel + "_hand", "K")
    print(f"{kernel}: {'identical' if auto == hand else 'different'}")
