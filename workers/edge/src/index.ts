import { resolveAddress } from "@mockctl/contract";
import { ADMIN_REQUESTS_PER_COLLECTION, collectEvery } from "@mockctl/contract/native-garbage";
import { serveImposter } from "./front-door.ts";

export { ImposterObject } from "./imposter-object.ts";

// Locally, a full collection every few admin requests frees what they leave in native memory (the
// admin route's storage calls run in this isolate's imposter objects); a no-op on Cloudflare.
const collectAdminGarbage = collectEvery(ADMIN_REQUESTS_PER_COLLECTION);

/**
 * The front door: imposters by `[/w/<workspace>]/i/<port>` or `<port>[.<workspace>].<zone>`, everything else
 * to the admin Worker.
 */
export default {
  fetch(request, env, ctx) {
    const address = resolveAddress(request.url, env.ZONE);
    if (address !== null) return serveImposter(request, env, ctx, address);
    collectAdminGarbage();
    return env.ADMIN.fetch(request);
  },
} satisfies ExportedHandler<Env>;
