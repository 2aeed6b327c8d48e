import { adminUnits, countGarbage } from "@mockctl/contract/native-garbage";
import { createApp } from "./app.ts";
import { withoutWorkspacePath } from "./middleware/workspace-path.ts";
import { noteRequest } from "./routes/config.ts";
import { serveDashboard } from "./routes/dashboard.ts";

const app = createApp();

/**
 * The admin API, reached at `<origin>/…` or at a workspace's own base `<origin>/w/<workspace>/…`, and the
 * dashboard's static files beside it (routes/dashboard.ts).
 */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    noteRequest();
    const page = serveDashboard(request, env);
    if (page) return page;
    countGarbage(adminUnits(request.method));
    return app.fetch(withoutWorkspacePath(request), env, ctx);
  },
};
