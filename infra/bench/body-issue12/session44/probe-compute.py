import os,time,sys
# Every 100 ms, on each CPU in turn, time a fixed loop; print each second's median per CPU.
def spin():
    t=time.perf_counter(); x=0
    for i in range(20000): x+=i
    return time.perf_counter()-t
end=time.time()+float(sys.argv[1])
while time.time()<end:
    sec=int(time.time()); res={0:[],1:[]}
    while int(time.time())==sec:
        for c in (0,1):
            os.sched_setaffinity(0,{c}); res[c].append(spin())
        time.sleep(0.1)
    med=lambda v: sorted(v)[len(v)//2]*1e6 if v else 0
    print(f"{sec} cpu0 {med(res[0]):.0f}us cpu1 {med(res[1]):.0f}us", flush=True)
