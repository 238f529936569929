"""Compares the w and h attention kernels of PTX files (see the .test)."""
import re
import sys
from collections import Counter

text = "".join(open(path).read() for path in sys.argv[1:])
kernels = {m.group(1): m.group(0)
           for m in re.finditer(r"\.entry (\w+)\(.*?\n}\n", text, re.S)}


def normalized(name):
    body = kernels[name].replace(name, "K")
    body = re.sub(r"\$L__BB\d+_\d+", "$L", body)
    return re.sub(r"%(r|rd|f|fd|p|h|hh|rs)\d+", r"%\1", body)


def key_instructions(body):
    """Counts of the instructions the kernel's time rests on."""
    return Counter(re.findall(r"\b(wgmma\.\S+|ex2\.\S+|shfl\.\S+|bar\.\S+|"
                              r"mbarrier\.\S+)", body))


for t in ("bf16", "f16"):
    for d in (64, 128):
        auto = normalized(f"attention_{t}_d{d}_w")
        hand = normalized(f"attention_{t}_d{d}_h")
        if auto == hand:
            verdict = "identical"
        elif key_instructions(auto) == key_instructions(hand):
            verdict = "same wgmma, exp2, shuffles and barriers"
        else:
            verdict = (f"different: {key_instructions(auto)} against "
                       f"{key_instructions(hand)}")
        print(f"{t} d{d}: {verdict}")
