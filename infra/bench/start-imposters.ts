// The imposters bench:start creates, through the admin API (the same for mockctl and mb).
/** `count` stubs matching `/s<i>` exactly, each answering `stub <i>`: the last one is the slowest to find. */
export const imposter = (port: number, count: number) => ({
  protocol: "http",
  port,
  stubs: Array.from({ length: count }, (_, i) => ({
    predicates: [{ equals: { path: `/s${i}` } }],
    responses: [{ is: { statusCode: 200, body: `stub ${i}` } }],
  })),
});

/** One `inject` response (mb's config form): every request runs user code, in mockctl's user-code host. */
export const injecting = (port: number) => ({
  protocol: "http",
  port,
  stubs: [
    { responses: [{ inject: "config => ({ statusCode: 200, body: 'injected ' + config.request.path })" }] },
  ],
});

export async function create(origin: string, body: object): Promise<void> {
  const response = await fetch(`${origin}/imposters`, { method: "POST", body: JSON.stringify(body) });
  if (response.status !== 201)
    throw new Error(`creating an imposter: ${response.status} ${await response.text()}`);
}

export async function expectBody(url: string, body: string): Promise<void> {
  const text = await (await fetch(url)).text();
  if (text !== body) throw new Error(`${url} answered ${JSON.stringify(text)}, not ${JSON.stringify(body)}`);
}
