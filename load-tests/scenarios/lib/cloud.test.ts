import { expect, it } from "vitest";
import { cloudOptions, distribution } from "./cloud.js";

it("adds cloud options only when CLOUD=1", () => {
  expect(cloudOptions("rest-api", {})).toEqual({});
  expect(cloudOptions("rest-api", { CLOUD: "1", CLOUD_PROJECT_ID: "42" })).toMatchObject({
    cloud: { name: "mockctl rest-api", projectID: 42 },
  });
});

it.each([
  [["amazon:us:ashburn"]],
  [["a", "b", "c"]],
  [["a", "b", "c", "d", "e", "f", "g"]],
])("spreads exactly 100%% of the load over %j", (zones) => {
  const shares = Object.values(distribution(zones));
  expect(shares.map((share) => share.loadZone)).toEqual(zones);
  expect(shares.reduce((sum, share) => sum + share.percent, 0)).toBe(100);
});

it("reads the zones from CLOUD_ZONES", () => {
  const { cloud } = cloudOptions("x", {
    CLOUD: "1",
    CLOUD_ZONES: "amazon:gb:london, amazon:sg:singapore",
  }) as {
    cloud: { distribution: Record<string, { loadZone: string; percent: number }> };
  };
  expect(Object.values(cloud.distribution)).toEqual([
    { loadZone: "amazon:gb:london", percent: 50 },
    { loadZone: "amazon:sg:singapore", percent: 50 },
  ]);
});
