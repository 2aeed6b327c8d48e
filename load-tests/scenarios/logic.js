// 50 stubs of and/or/not: one request that takes the OR's second branch on the last stub.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("logic");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
