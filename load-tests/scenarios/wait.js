// 20 stubs that wait 10 ms: the server's overhead on top of a fixed delay.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("wait");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
