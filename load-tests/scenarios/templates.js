// 50 stubs whose responses are filled by `copy` from the path (simple) or the query.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("templates");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
