// The REST API under 200 concurrent connections, all four requests mixed.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("stress", { mode: "mix", vus: 200 });
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
