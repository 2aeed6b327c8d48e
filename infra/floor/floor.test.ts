import { afterAll, expect, it } from "vitest";
import type { Platform } from "../local/platform.ts";
import { startFloor } from "./floor.ts";

let floor: Platform | undefined;
afterAll(() => floor?.stop());

it("answers hello on its direct socket", async () => {
  floor = await startFloor({ port: 0 });
  const response = await fetch(`${floor.url}/anything`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("hello");
});
