import { resolveAddress } from "@mockctl/contract";
import { serveImposter } from "./front-door.ts";

export { ImposterObject } from "./imposter-object.ts";

/**
 * The front door: imposters by `[/w/<workspace>]/i/<port>` or `<port>[.<workspace>].<zone>`, everything else
 * to the admin Worker.
 */
export default {
  fetch(request, env, ctx) {
    const address = resolveAddress(request.url, env.ZONE);
    return address === null ? env.ADMIN.fetch(request) : serveImposter(request, env, ctx, address);
  },
} satisfies ExportedHandler<Env>;
