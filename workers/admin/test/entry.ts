// The Worker the tests run: the real admin app, with the fake imposter object in place of mockctl-edge's.
export { default } from "../src/index.ts";
export { ImposterObject } from "./fake-imposter-object.ts";
