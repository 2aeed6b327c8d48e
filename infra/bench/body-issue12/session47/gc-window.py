import re,sys
n=int(sys.argv[2]); tot={}
for l in open(sys.argv[1]):
    m=re.search(r'\[\d+:(0x[0-9a-f]+)\].*ms: (Scavenge|Mark-Compact|Minor Mark-Sweep)([^,]*)MB, (?:pooled: [\d.]+ MB, )?([\d.]+) / ([\d.]+) ms',l)
    if m:
        k=m.group(2); tot.setdefault(k,[0,0,'']); tot[k][0]+=1; tot[k][1]+=float(m.group(4)); tot[k][2]=m.group(3)
s=sum(v[1] for v in tot.values())
print(' '.join('%s %d (%.1f ms) %s' % (k, v[0], v[1], v[2]) for k,v in tot.items()), ' gc/request %.2f us' % (s*1e3/n))
