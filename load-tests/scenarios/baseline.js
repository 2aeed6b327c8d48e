// Two literal stubs, health check and ping: the cheapest answer an imposter gives.
import { defineScenario } from "./lib/scenario.js";

const scenario = defineScenario("baseline");
export const options = scenario.options;
export default scenario.iteration;
export const handleSummary = scenario.handleSummary;
