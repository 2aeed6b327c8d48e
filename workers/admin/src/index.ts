import { ADMIN_REQUESTS_PER_COLLECTION, collectEvery } from "@mockctl/contract/native-garbage";
import { createApp } from "./app.ts";
import { withoutWorkspacePath } from "./middleware/workspace-path.ts";
import { serveDashboard } from "./routes/dashboard.ts";

const app = createApp();

// Locally, a full collection every few requests frees what they leave in native memory; a no-op on
// Cloudflare (@mockctl/contract/native-garbage).
const collectGarbage = collectEvery(ADMIN_REQUESTS_PER_COLLECTION);

/**
 * The admin API, reached at `<origin>/…` or at a workspace's own base `<origin>/w/<workspace>/…`, and the
 * dashboard's static files beside it (routes/dashboard.ts).
 */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const page = serveDashboard(request, env);
    if (page) return page;
    collectGarbage();
    return app.fetch(withoutWorkspacePath(request), env, ctx);
  },
};
