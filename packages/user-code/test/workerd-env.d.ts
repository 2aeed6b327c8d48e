// The env of the workerd tests (test/wrangler.jsonc): the edge's Worker Loader binding alone.
declare namespace Cloudflare {
  interface Env {
    LOADER: WorkerLoader;
  }
}
