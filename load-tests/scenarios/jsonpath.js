// 100 stubs selecting $.order.sku: first, middle and last.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("jsonpath");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
