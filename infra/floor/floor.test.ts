import { afterAll, expect, it } from "vitest";
import type { Platform } from "../local/platform.ts";
import { startFloor } from "./floor.ts";

let floor: Platform | undefined;
afterAll(() => floor?.stop());

it("answers hello on its direct socket, to a GET and to a POST whose body it reads", async () => {
  floor = await startFloor({ port: 0 });
  const get = await fetch(`${floor.url}/anything`);
  expect(get.status).toBe(200);
  expect(await get.text()).toBe("hello");
  const post = await fetch(`${floor.url}/orders`, { method: "POST", body: '{"order":{"id":7}}' });
  expect(post.status).toBe(200);
  expect(await post.text()).toBe("hello");
});
