import { createApp } from "./app.ts";
import { withoutWorkspacePath } from "./middleware/workspace-path.ts";

const app = createApp();

/** The admin app, reached at `<origin>/…` or at a workspace's own base `<origin>/w/<workspace>/…`. */
export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    app.fetch(withoutWorkspacePath(request), env, ctx),
};
