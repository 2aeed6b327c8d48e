import { ADMIN_REQUESTS_PER_COLLECTION, collectEvery } from "@mockctl/contract/native-garbage";
import { createApp } from "./app.ts";
import { withoutWorkspacePath } from "./middleware/workspace-path.ts";

const app = createApp();

// Locally, a full collection every few requests frees what they leave in native memory; a no-op on
// Cloudflare (@mockctl/contract/native-garbage).
const collectGarbage = collectEvery(ADMIN_REQUESTS_PER_COLLECTION);

/** The admin app, reached at `<origin>/…` or at a workspace's own base `<origin>/w/<workspace>/…`. */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    collectGarbage();
    return app.fetch(withoutWorkspacePath(request), env, ctx);
  },
};
