// 20 stubs with a decorate behavior (user JavaScript): first and middle.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("decorate");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
