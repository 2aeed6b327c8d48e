/** A loaded worker whose `run(call)` executes `body`, as the edge's builder would send it (the host's tests). */
export const workerCode = (body: string) => ({
  compatibilityDate: "2026-04-20",
  mainModule: "main.js",
  modules: {
    "main.js": `import { WorkerEntrypoint } from "cloudflare:workers";
export default class U extends WorkerEntrypoint { run(call) { ${body} } }`,
  },
});
