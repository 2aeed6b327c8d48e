import sys, statistics as st, collections
ref = sys.argv[2] if len(sys.argv) > 2 else "mf"
rows = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) == 3 and p[2]: rows[int(p[0])][p[1]] = float(p[2])
names = sorted({n for r in rows.values() for n in r})
for n in names:
    rates = [r[n] for r in rows.values() if n in r]
    ratios = [r[n] / r[ref] for r in rows.values() if n in r and ref in r]
    print(f"{n:10s} median {st.median(rates):9.0f}  range {min(rates):7.0f}-{max(rates):7.0f}  ratio/{ref} median {st.median(ratios):.3f}  ({min(ratios):.2f}-{max(ratios):.2f})")
