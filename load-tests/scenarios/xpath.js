// 100 stubs selecting /order/sku from an XML body: first, middle and last.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("xpath");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
