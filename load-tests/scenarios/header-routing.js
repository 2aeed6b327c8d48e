// 100 stubs routing on an X-Tenant header: first, middle and last.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("header-routing");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
