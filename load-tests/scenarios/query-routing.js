// 100 stubs routing on a query parameter: first, middle and last.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("query-routing");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
