import type { PortMap } from "../fixtures/scenarios.ts";
import type { ImposterFixture } from "../fixtures/types.ts";

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Creates every fixture's imposter through the Mountebank REST API that both targets speak. Refusals are
 * returned, not thrown: a refused imposter fails its own scenario, and the other scenarios still run.
 */
export async function loadImposters(
  adminUrl: string,
  fixtures: readonly ImposterFixture[],
  ports: PortMap,
  apiKey?: string,
): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  for (const fixture of fixtures) {
    const response = await fetch(`${adminUrl}/imposters`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(apiKey ? { "x-api-key": apiKey } : {}) },
      body: JSON.stringify(fixture.build(ports.get(fixture.id)!)),
    });
    const text = await response.text();
    if (response.status !== 201)
      refused.set(fixture.id, `POST /imposters answered ${response.status}: ${clip(text)}`);
  }
  return refused;
}
