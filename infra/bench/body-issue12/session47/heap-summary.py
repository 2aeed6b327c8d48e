import json,sys,collections
s=json.load(open(sys.argv[1]))
meta=s['snapshot']['meta']; nf=meta['node_fields']; types=meta['node_types'][0]; strings=s['strings']
N=s['nodes']; L=len(nf); ti=nf.index('type'); ni=nf.index('name'); si=nf.index('self_size')
agg=collections.Counter(); cnt=collections.Counter(); total=0
for i in range(0,len(N),L):
    t=types[N[i+ti]]; name=strings[N[i+ni]] if t in ('object','closure','native','hidden','code') else t
    if t=='closure': name='closure '+name
    if t=='code': name='code'
    agg[name]+=N[i+si]; cnt[name]+=1; total+=N[i+si]
print('total self MB', round(total/1e6,2))
for k,v in agg.most_common(int(sys.argv[2]) if len(sys.argv)>2 else 30): print(round(v/1e6,3), cnt[k], k[:80])
