// The Worker the tests run: the real admin app, and the real imposter object of mockctl-edge bound in
// this Worker (wrangler.test.jsonc), so the admin's tests talk to the object the platform runs.
export { ImposterObject } from "@mockctl/edge/imposter-object";
export { default } from "../src/index.ts";
