import { createApp } from "./app.ts";
import { serveDashboard } from "./routes/dashboard.ts";

const app = createApp();

/** The admin API, and the dashboard's static files beside it (routes/dashboard.ts). */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    return serveDashboard(request, env) ?? app.fetch(request, env, ctx);
  },
};
