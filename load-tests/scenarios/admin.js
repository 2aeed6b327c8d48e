// The admin API: list the imposters, read one back.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("admin");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
