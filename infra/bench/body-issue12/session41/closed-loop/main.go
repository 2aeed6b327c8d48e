// A closed-loop HTTP/1.1 load generator for section 41 of BODY-PROFILE.md: each connection sends a GET, reads
// the answer (by its Content-Length) and sends the next, and every answer's latency is kept as measured. wrk
// reports latencies after adding samples for coordinated omission, which on workerd's stalls reads 6-45× the
// mean the rate allows; this reports what the answers took. GOMAXPROCS=1 gives it one core, as wrk -t1 has.
//
//	go build -o closed-loop . && GOMAXPROCS=1 ./closed-loop -addr 127.0.0.1:9101 -path / -d 5s
//
// V=1 lists every answer slower than 50 ms, with its connection and its start (seconds into the run, and
// Unix time for lining up with `perf record -k CLOCK_REALTIME`).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"net"
	"os"
	"sort"
	"strconv"
	"sync"
	"time"
)

type stall struct {
	conn int
	at   time.Duration
	took time.Duration
}

func main() {
	addr := flag.String("addr", "127.0.0.1:9101", "")
	conns := flag.Int("c", 50, "")
	dur := flag.Duration("d", 5*time.Second, "")
	path := flag.String("path", "/", "")
	flag.Parse()
	req := []byte("GET " + *path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	start := time.Now()
	deadline := start.Add(*dur)
	var mu sync.Mutex
	var all []time.Duration
	var stalls []stall
	perConn := make([]int, *conns)
	var wg sync.WaitGroup
	for i := 0; i < *conns; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			c, err := net.Dial("tcp", *addr)
			if err != nil {
				fmt.Println(err)
				return
			}
			c.(*net.TCPConn).SetNoDelay(true)
			r := bufio.NewReaderSize(c, 16384)
			var lats []time.Duration
			var st []stall
			for time.Now().Before(deadline) {
				t0 := time.Now()
				if _, err := c.Write(req); err != nil {
					fmt.Println(err)
					return
				}
				cl := 0
				for {
					line, err := r.ReadSlice('\n')
					if err != nil {
						fmt.Println(err)
						return
					}
					if len(line) <= 2 {
						break
					}
					if len(line) > 16 && bytes.EqualFold(line[:15], []byte("content-length:")) {
						cl, _ = strconv.Atoi(string(bytes.TrimSpace(line[15:])))
					}
				}
				if _, err := r.Discard(cl); err != nil {
					fmt.Println(err)
					return
				}
				d := time.Since(t0)
				lats = append(lats, d)
				if d > 50*time.Millisecond {
					st = append(st, stall{id, t0.Sub(start), d})
				}
			}
			mu.Lock()
			all = append(all, lats...)
			stalls = append(stalls, st...)
			perConn[id] = len(lats)
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	el := time.Since(start)
	sort.Slice(all, func(a, b int) bool { return all[a] < all[b] })
	var sum time.Duration
	for _, d := range all {
		sum += d
	}
	n := len(all)
	q := func(p float64) time.Duration { return all[int(float64(n-1)*p)] }
	fmt.Printf("requests=%d rate=%.0f mean=%v p50=%v p90=%v p99=%v p999=%v max=%v sumlat/capacity=%.2f\n", n, float64(n)/el.Seconds(), sum/time.Duration(n), q(.5), q(.9), q(.99), q(.999), all[n-1], sum.Seconds()/(float64(*conns)*el.Seconds()))
	sort.Ints(perConn)
	fmt.Printf("per-conn requests min=%d median=%d max=%d\n", perConn[0], perConn[len(perConn)/2], perConn[len(perConn)-1])
	sort.Slice(stalls, func(a, b int) bool { return stalls[a].at < stalls[b].at })
	fmt.Printf("stalls>50ms: %d\n", len(stalls))
	if os.Getenv("V") != "" {
		for _, s := range stalls {
			fmt.Printf("  conn %2d at %6.3fs abs %.6f took %v\n", s.conn, s.at.Seconds(), float64(start.Add(s.at).UnixNano())/1e9, s.took)
		}
	}
}
