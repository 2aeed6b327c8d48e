// happy-dom lays nothing out, so every element measures 0 × 0 and a windowed list would show no row
// (@tanstack/virtual reads the scroller's clientHeight). Elements are given a window of 800 × 600 px.
for (const [name, value] of [
  ["clientHeight", 600],
  ["clientWidth", 800],
  ["offsetHeight", 600],
  ["offsetWidth", 800],
] as const) {
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
}
