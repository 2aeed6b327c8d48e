import sys, statistics as st, collections
ref = sys.argv[2] if len(sys.argv) > 2 else "mf"
rows = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) == 4: rows[int(p[0])][p[1]] = (float(p[2]), int(p[3]) / 1000)
names = sorted({n for r in rows.values() for n in r})
for n in names:
    rates = [r[n][0] for r in rows.values() if n in r]
    cpus = [r[n][1] for r in rows.values() if n in r]
    ratios = [r[n][0] / r[ref][0] for r in rows.values() if n in r and ref in r]
    cr = [r[ref][1] / r[n][1] for r in rows.values() if n in r and ref in r]
    print(f"{n:10s} rate {st.median(rates):7.0f} ({min(rates):6.0f}-{max(rates):6.0f}) /{ref} {st.median(ratios):.3f}   cpu µs {st.median(cpus):5.1f} ({min(cpus):.0f}-{max(cpus):.0f}) {ref}/this {st.median(cr):.3f} ({min(cr):.2f}-{max(cr):.2f})")
