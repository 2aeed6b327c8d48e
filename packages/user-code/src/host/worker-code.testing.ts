import { TWO_PHASE_FUNCTIONS, TWO_PHASE_METHODS } from "../guest/two-phase.ts";

/** A loaded worker whose `run(call)` executes `body`, as the edge's builder would send it (the host's tests). */
export const workerCode = (body: string) => ({
  compatibilityDate: "2026-04-20",
  mainModule: "main.js",
  modules: {
    "main.js": `import { WorkerEntrypoint } from "cloudflare:workers";
${TWO_PHASE_FUNCTIONS}
export default class U extends WorkerEntrypoint { run(call) { ${body} }
${TWO_PHASE_METHODS}}`,
  },
});
