// k6 at a fixed rate on one URL: RATE per second for DUR, up to 200 VUs (stalls.py here, with
// `--out json`; ../user-code-hop/host-queue/seq.sh).
import http from "k6/http";

export const options = {
  scenarios: {
    load: {
      executor: "constant-arrival-rate",
      rate: Number(__ENV.RATE),
      timeUnit: "1s",
      duration: __ENV.DUR || "20s",
      preAllocatedVUs: 50,
      maxVUs: 200,
      gracefulStop: "2s",
    },
  },
  summaryTrendStats: ["med", "p(90)", "p(99)", "max"],
};

export default function () {
  http.get(__ENV.URL);
}
