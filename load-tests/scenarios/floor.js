// A hello-world Worker served like the platform's front door: the most a Worker can do here.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("floor");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
