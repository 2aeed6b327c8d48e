import { IMPOSTER_PORTS_BINDING } from "@mockctl/contract/imposter-ports";

/**
 * The local platform's launcher, which listens on the default workspace's imposter ports; only it serves
 * this binding (infra/local/ports-service.ts), so a deployed platform has none.
 */
export function launcherOf(env: Env): Fetcher | undefined {
  return (env as Env & { [IMPOSTER_PORTS_BINDING]?: Fetcher })[IMPOSTER_PORTS_BINDING];
}
