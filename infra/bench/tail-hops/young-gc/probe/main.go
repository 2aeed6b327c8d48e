// A fixed-rate HTTP client for one URL: requests sent on a schedule (not after the previous answer), each
// answer's latency taken from its scheduled time, keep-alive connections reused. Prints p50/p90/p99/p99.9
// and groups the answers slower than -slow into episodes (answers less than 20 ms apart), so a stall of the
// server (every request arriving during it delayed) shows as one episode of many answers, with its start.
//
//	go build -o probe . && taskset -c 1 ./probe -url http://127.0.0.1:2700/i/4600/ -rate 1000 -d 10s
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

type episode struct {
	start, end time.Duration
	count      int
	worst      time.Duration
}

func main() {
	url := flag.String("url", "", "the URL to GET")
	rate := flag.Int("rate", 1000, "requests per second")
	duration := flag.Duration("d", 10*time.Second, "how long")
	slow := flag.Duration("slow", 5*time.Millisecond, "an answer slower than this is slow")
	episodes := flag.Int("episodes", 30, "how many episodes to list")
	flag.Parse()
	transport := &http.Transport{MaxIdleConns: 500, MaxIdleConnsPerHost: 500, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: transport, Timeout: 5 * time.Second}
	n := int(duration.Seconds() * float64(*rate))
	latency := make([]time.Duration, n)
	scheduled := make([]time.Duration, n)
	var failed atomic.Int64
	var wg sync.WaitGroup
	interval := time.Second / time.Duration(*rate)
	t0 := time.Now()
	for i := 0; i < n; i++ {
		at := t0.Add(time.Duration(i) * interval)
		if wait := time.Until(at); wait > 0 {
			time.Sleep(wait)
		}
		wg.Add(1)
		go func(i int, at time.Time) {
			defer wg.Done()
			answer, err := client.Get(*url)
			if err == nil {
				_, _ = io.Copy(io.Discard, answer.Body)
				answer.Body.Close()
				if answer.StatusCode != 200 {
					failed.Add(1)
				}
			} else {
				failed.Add(1)
			}
			latency[i] = time.Since(at)
			scheduled[i] = at.Sub(t0)
		}(i, at)
	}
	wg.Wait()
	sorted := append([]time.Duration(nil), latency...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	q := func(p float64) float64 { return ms(sorted[int(p*float64(len(sorted)-1))]) }
	fmt.Printf("n=%d failed=%d p50=%.2f p90=%.2f p99=%.2f p99.9=%.2f max=%.2f ms\n",
		n, failed.Load(), q(.5), q(.9), q(.99), q(.999), q(1))
	var found []episode
	slowCount := 0
	for i := range latency {
		if latency[i] <= *slow {
			continue
		}
		slowCount++
		last := len(found) - 1
		if last >= 0 && scheduled[i]-found[last].end < 20*time.Millisecond {
			found[last].end = scheduled[i]
			found[last].count++
			if latency[i] > found[last].worst {
				found[last].worst = latency[i]
			}
		} else {
			found = append(found, episode{scheduled[i], scheduled[i], 1, latency[i]})
		}
	}
	fmt.Printf("slower than %v: %d answers in %d episodes\n", *slow, slowCount, len(found))
	for i, e := range found {
		if i >= *episodes {
			fmt.Printf("  ... %d more\n", len(found)-i)
			break
		}
		fmt.Printf("  at %.3f s: %d answers, slowest %.1f ms\n", e.start.Seconds(), e.count, ms(e.worst))
	}
}
