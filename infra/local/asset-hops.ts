import type { Config } from "miniflare";

const RPC_PROXY = "assets:rpc-proxy:";
const ROUTER = "assets:router:";
const USER = "core:user:";

type Service = NonNullable<Config["services"]>[number];
type Binding = NonNullable<Extract<Service, { worker?: unknown }>["worker"]>["bindings"];

const bindingsOf = (service: Service): Binding =>
  "worker" in service ? service.worker?.bindings : undefined;

/** Whether Miniflare's asset router for `worker` hands every request to the Worker (`run_worker_first`). */
function routesAllToWorker(services: readonly Service[], worker: string): boolean {
  const router = services.find((service) => service.name === `${ROUTER}${worker}`);
  const config = router && bindingsOf(router)?.find((binding) => binding.name === "CONFIG");
  if (config === undefined || !("json" in config) || config.json === undefined) return false;
  return (
    (JSON.parse(config.json) as { invoke_user_worker_ahead_of_assets?: boolean })
      .invoke_user_worker_ahead_of_assets === true
  );
}

/**
 * Miniflare aims a service binding at a Worker with static assets through two Workers of its own, an RPC
 * proxy and the asset router, two more isolates that every request crosses there and back. Where the
 * router is told to run the Worker first (`run_worker_first`), it hands every request to the Worker anyway,
 * and the Worker serves its files itself through its ASSETS binding (the admin's dashboard,
 * workers/admin/src/routes/dashboard.ts): the binding can name the Worker. For the admin API that took a
 * quarter of workerd's CPU off each read (infra/bench/ADMIN-READS.md).
 */
export function withoutAssetHops(config: Config): Config {
  const services = config.services ?? [];
  const direct = (name: string | undefined): string | undefined => {
    if (name === undefined || !name.startsWith(RPC_PROXY)) return undefined;
    const worker = name.slice(RPC_PROXY.length);
    return routesAllToWorker(services, worker) ? `${USER}${worker}` : undefined;
  };
  return {
    ...config,
    services: services.map((service) => {
      const bindings = bindingsOf(service);
      if (bindings === undefined || !("worker" in service)) return service;
      const rebound = bindings.map((binding) => {
        if (!("service" in binding) || binding.service === undefined) return binding;
        const target = direct(binding.service.name);
        return target === undefined ? binding : { ...binding, service: { ...binding.service, name: target } };
      });
      return { ...service, worker: { ...service.worker, bindings: rebound } };
    }),
  };
}
