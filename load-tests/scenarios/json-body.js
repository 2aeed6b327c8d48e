// 100 JSON body stubs: an `equals` on a parsed object (first) and a `contains` on the text (middle).
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("json-body");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
