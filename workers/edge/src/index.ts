import { resolveAddress } from "@mockctl/contract";
import { ADMIN_REQUEST, countGarbage } from "@mockctl/contract/native-garbage";
import { serveImposter } from "./front-door.ts";

export { ImposterObject } from "./imposter-object.ts";

/**
 * The front door: imposters by `[/w/<workspace>]/i/<port>` or `<port>[.<workspace>].<zone>`, everything else
 * to the admin Worker.
 */
export default {
  fetch(request, env, ctx) {
    const address = resolveAddress(request.url, env.ZONE);
    if (address !== null) return serveImposter(request, env, ctx, address);
    // Locally, a full collection every so much native garbage (the admin route's storage calls run in this
    // isolate's imposter objects); a no-op on Cloudflare (@mockctl/contract/native-garbage).
    countGarbage(ADMIN_REQUEST);
    return env.ADMIN.fetch(request);
  },
} satisfies ExportedHandler<Env>;
