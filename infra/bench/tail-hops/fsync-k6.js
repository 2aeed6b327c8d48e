import http from "k6/http";
export const options = {
  scenarios: {
    s: {
      executor: "constant-arrival-rate",
      rate: 1000,
      timeUnit: "1s",
      duration: "10s",
      preAllocatedVUs: 50,
      maxVUs: 200,
    },
  },
  summaryTrendStats: ["med", "p(90)", "p(99)", "max"],
};
export default function () {
  http.get("http://127.0.0.1:2600/i/4700/");
}
