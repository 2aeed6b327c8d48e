import { LOGGER_SOURCE } from "./logger-source.ts";

/**
 * `runtime.js` of the loaded worker: plain JavaScript (it runs in the user-code isolate, not here) that
 * calls one user function the way Mountebank 2.9.1 does and answers a UserOutcome. It has no imports,
 * so the builder's tests can import it in Node and compare it with Mountebank itself.
 *
 * Facts it reproduces (predicates.js, responseResolver.js, behaviors.js, compatibility.js):
 * - config.request is a JSON copy of the request; when the request has a method, every request field
 *   is also copied onto config itself (the old interface, `downcastInjectionConfig`).
 * - A predicate's result is only tested for truthiness, never awaited: an async predicate matches.
 * - A response inject that returns anything but undefined answers with it; one that returns undefined
 *   answers through config.callback (or its 4th argument). The first answer wins, and a thenable is
 *   adopted, as a Promise's resolve function does.
 * - A decorator that returns nothing truthy keeps the response it mutated.
 * - A wait function is called with no arguments; Node's setTimeout coerces its result with Number.
 * - A predicate generator gets `{ request, logger }` and no state; its result is used as it is.
 * - A failure reports the thrown value's `message`, which is undefined for `throw "text"`.
 *
 * A call without `state` (but a wait function's or a generator's, which never have any) comes from a front door, which
 * holds no state: the function gets tripwires in its place, and any use of one answers
 * `{ ok: false, touched: true }`, so the caller asks the imposter's object, which holds the state,
 * instead. The function can affect nothing else (no network, no bindings), so that second run cannot be
 * told from a first. Its logger's lines come back as the outcome's `logs` (logger-source.ts); a front
 * door has nowhere to keep them, so a probe that logged is answered as one that touched state.
 */
export const RUNTIME_MODULE = `// mockctl user-code runtime: calls one Mountebank user function per request.
${LOGGER_SOURCE}

function copy(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

// Header names arrive lower-cased (the runtime's); mb's functions see them as the client sent them, and
// read headers['Content-Type']. A name in any case finds its header through the prototype, while the object
// itself holds only the headers, and becomes a plain object again once the call is over (runWith), before
// it crosses back in an answer or in state: the runtime clones nothing with another prototype.
const ANY_CASE = new Proxy({}, {
  get(target, name, receiver) {
    // Object's own methods stay themselves, even beside a header spelled like one (HasOwnProperty: 1).
    if (typeof name === "string" && !(name in Object.prototype)) {
      const lower = name.toLowerCase();
      if (lower !== name && Object.prototype.hasOwnProperty.call(receiver, lower)) return receiver[lower];
    }
    return Reflect.get(Object.prototype, name, receiver);
  },
});

function requestOf(call) {
  const request = copy(call.request);
  const headers = request && request.headers;
  if (headers && typeof headers === "object" && !Array.isArray(headers)) {
    Object.setPrototypeOf(headers, ANY_CASE);
    call.handed.push(headers);
  }
  return request;
}

function withOldInterface(config) {
  const request = config.request;
  if (request && (request.method || request.data)) {
    for (const key of Object.keys(request)) config[key] = request[key];
  }
  return config;
}

function messageOf(error) {
  if (error === null || error === undefined) return undefined;
  const message = error.message;
  return message === undefined || typeof message === "string" ? message : String(message);
}

function predicate(fn, call, logger) {
  const state = call.state;
  const config = withOldInterface({ request: requestOf(call), state: state.imposterState, logger });
  return { ok: true, value: Boolean(fn(config, logger, state.imposterState)), state };
}

function response(fn, call, logger) {
  const state = call.state;
  const answer = new Promise((done) => {
    const config = withOldInterface({
      request: requestOf(call),
      state: state.imposterState,
      logger,
      callback: done,
    });
    const result = fn(config, state.injectState, logger, done, state.imposterState);
    if (result !== undefined) done(result);
  });
  return answer.then((value) => ({ ok: true, value, state }));
}

function decorate(fn, call, logger) {
  const state = call.state;
  const original = call.response;
  const config = withOldInterface({
    request: requestOf(call),
    response: original,
    logger,
    state: state.imposterState,
  });
  const result = fn(config, original, logger);
  return Promise.resolve(result || original).then((value) => ({ ok: true, value: value || original, state }));
}

function wait(fn) {
  const ms = fn();
  return { ok: true, value: typeof ms === "number" ? ms : Number(ms) };
}

// A proxy's predicate generator: mb calls it with { request, logger } only, and spreads what it returns.
function generator(fn, call, logger) {
  return { ok: true, value: fn({ request: requestOf(call), logger }) };
}

const KINDS = { predicate, response, decorate, wait, generator };

async function runWith(fn, given) {
  const lines = [];
  const call = { ...given, handed: [] };
  let outcome;
  try {
    outcome = await KINDS[call.kind](fn, call, loggerFor(lines));
  } catch (error) {
    outcome = { ok: false, data: messageOf(error), state: call.state };
  }
  for (const headers of call.handed) {
    // A function that froze or sealed them gets them back as they are: Object.prototype stays unreachable
    // to the runtime's clone then, and the answer fails as one that cannot be cloned, not the call.
    try {
      Object.setPrototypeOf(headers, Object.prototype);
    } catch {}
  }
  return lines.length === 0 ? outcome : { ...outcome, logs: lines };
}

function tripwire(probe) {
  const trip = () => {
    probe.touched = true;
    throw new Error("imposter state is held by the imposter's object");
  };
  const traps = ["get", "set", "has", "deleteProperty", "ownKeys", "getOwnPropertyDescriptor",
    "defineProperty", "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions"];
  return new Proxy({}, Object.fromEntries(traps.map((trap) => [trap, trip])));
}

async function probe(fn, call) {
  const seen = { touched: false };
  const state = { imposterState: tripwire(seen), injectState: tripwire(seen) };
  const { state: _, ...outcome } = await runWith(fn, { ...call, state });
  // A tripwire inside the answer cannot be cloned (nor can anything else odd): the object decides then.
  try {
    structuredClone(outcome);
  } catch {
    seen.touched = true;
  }
  return seen.touched || outcome.logs ? { ok: false, touched: true } : outcome;
}

export function run(fn, call) {
  const stateless = call.kind === "wait" || call.kind === "generator";
  return call.state === undefined && !stateless ? probe(fn, call) : runWith(fn, call);
}
`;
