import { OWN_PORT_HEADER } from "@mockctl/contract";
import { adminUnits, countGarbage } from "@mockctl/contract/native-garbage";
import { MIN_GAP_MS, REQUESTS_PER_MINOR, youngCollector } from "@mockctl/contract/young-garbage";
import { addressOf } from "./addresses.ts";
import { laneOf } from "./express-lane.ts";
import { serveImposter } from "./front-door.ts";
import { serveLane } from "./lane-serving.ts";
import { setRelayDelays } from "./outgoing.ts";
import { opensAsPage, sandboxed } from "./page-sandbox.ts";

export { ImposterObject } from "./imposter-object.ts";

const youngGarbage = youngCollector(REQUESTS_PER_MINOR, MIN_GAP_MS);

/**
 * The front door: imposters by `[/w/<workspace>]/i/<port>` or `<port>[.<workspace>].<zone>`, everything else
 * to the admin Worker.
 */
export default {
  fetch(request, env, ctx) {
    // Locally, a short minor collection every so many requests, once this one is answered, instead of a
    // long one that every request arriving during it waits out; a no-op on Cloudflare.
    const collect = youngGarbage();
    if (collect !== undefined) ctx.waitUntil(scheduler.wait(0).then(collect));
    const { url, headers } = request;
    const ownPort = headers.get(OWN_PORT_HEADER);
    // A repeated request, answered from what its imposter's memo answered before (express-lane.ts).
    const lane = ownPort === null ? laneOf(url, request.method, env) : undefined;
    if (lane !== undefined && !(lane.onAdminOrigin && opensAsPage(headers)))
      return serveLane(lane, request, headers, env, ctx, url);
    const address = addressOf(url, env.ZONE, ownPort);
    if (address !== null) {
      setRelayDelays(env.RELAY_DELAYS === "true");
      const answer = serveImposter(request, env, ctx, address, undefined, ownPort === null ? url : undefined);
      return address.onAdminOrigin && opensAsPage(headers) ? sandboxed(answer) : answer;
    }
    // Locally, a full collection every so much native garbage (the admin route's storage calls run in this
    // isolate's imposter objects); a no-op on Cloudflare (@mockctl/contract/native-garbage).
    countGarbage(adminUnits(request.method));
    return env.ADMIN.fetch(request);
  },
} satisfies ExportedHandler<Env>;
