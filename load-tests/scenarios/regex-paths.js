// 100 `matches` path patterns: first, middle and last.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("regex-paths");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
