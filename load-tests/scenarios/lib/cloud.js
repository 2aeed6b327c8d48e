// k6 cloud options, only when asked for (-e CLOUD=1), so local runs never carry them.

/** Three continents by default: a multi-region platform should look the same from each. */
const DEFAULT_ZONES = ["amazon:us:ashburn", "amazon:de:frankfurt", "amazon:jp:tokyo"];

/**
 * Splits 100% of the load over the zones; the first zones take the remainder so the sum is exactly 100.
 * @param {string[]} zones
 */
export function distribution(zones) {
  const share = Math.floor(100 / zones.length);
  const extra = 100 - share * zones.length;
  return Object.fromEntries(
    zones.map((zone, i) => [
      zone.replace(/[^a-z0-9]+/gi, "-"),
      { loadZone: zone, percent: share + (i < extra ? 1 : 0) },
    ]),
  );
}

/**
 * @param {string} id
 * @param {Record<string, string | undefined>} env k6's __ENV
 */
export function cloudOptions(id, env) {
  if (env.CLOUD !== "1") return {};
  const zones = env.CLOUD_ZONES ? env.CLOUD_ZONES.split(",").map((zone) => zone.trim()) : DEFAULT_ZONES;
  const project = env.CLOUD_PROJECT_ID ? { projectID: Number(env.CLOUD_PROJECT_ID) } : {};
  return { cloud: { name: `mockctl ${id}`, distribution: distribution(zones), ...project } };
}
