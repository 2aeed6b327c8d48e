import { expect, it } from "vitest";
import { commitNote, describeMachine } from "./machine.ts";

it("names the checkout measured, so a report can be traced to its code", () => {
  const machine = describeMachine("k6 v1.8.1", "2.9.1");
  expect(machine.commit).toMatch(/^[0-9a-f]{7,40}(-dirty)?$/);
  expect(commitNote(machine)).toBe(`, mockctl at ${machine.commit}`);
  // Reports from before it was kept say nothing rather than something wrong.
  expect(commitNote({ ...machine, commit: undefined })).toBe("");
});
