// 400 method+path stubs: first, middle and last match and a miss, each measured on its own.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("rest-api");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
