import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { createApp } from "../app.ts";
import { openApiPath } from "../openapi/document.ts";

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** Every `METHOD /path` the Hono app routes (middleware, registered for ALL, left out). */
function appRoutes(): Set<string> {
  const routes = createApp().routes.filter((route) => METHODS.has(route.method.toLowerCase()));
  return new Set(routes.map((route) => `${route.method.toUpperCase()} ${openApiPath(route.path)}`));
}

function documented(document: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  return new Set(entries);
}

/** Every `$ref` in the document, to check each names a component. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") found.push(item);
      else refs(item, found);
    }
  }
  return found;
}

describe("GET /openapi.json", () => {
  it("serves an OpenAPI 3.1 document, with the API's security scheme", async () => {
    const answer = await call("GET", "/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.json.openapi).toBe("3.1.0");
    expect(answer.json.components.securitySchemes.apiKey).toEqual({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
  });

  it("documents every route the app has, and no Mountebank or mockctl route it lacks", async () => {
    const { json: document } = await call("GET", "/openapi.json");
    const app = appRoutes();
    const doc = documented(document);
    expect([...app].filter((route) => !doc.has(route))).toEqual([]);
    // The platform routes are described from @mockctl/contract ahead of their implementation (tenancy);
    // once the app routes any of them, the comparison covers them all.
    const platformServed = [...app].some((route) => route.includes(" /platform/"));
    const missing = [...doc].filter(
      (route) => !app.has(route) && (platformServed || !route.includes(" /platform/")),
    );
    expect(missing).toEqual([]);
    expect(doc.has("POST /imposters/{id}/explain")).toBe(true);
    expect(doc.has("GET /imposters/{id}/requests/stream")).toBe(true);
  });

  it("resolves every $ref to a component, the recursive predicate included", async () => {
    const { json: document } = await call("GET", "/openapi.json");
    const names = new Set(Object.keys(document.components.schemas).map((id) => `#/components/schemas/${id}`));
    const all = refs(document);
    expect(all.filter((ref) => !names.has(ref))).toEqual([]);
    expect(document.components.schemas.Predicate.properties.not).toEqual({
      $ref: "#/components/schemas/Predicate",
    });
  });

  it("documents If-Match on exactly the stub changes, the routes that honour it", async () => {
    const { json: document } = await call("GET", "/openapi.json");
    const taking = Object.entries(document.paths as Record<string, Record<string, { parameters: unknown[] }>>)
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, op]) => op.parameters.some((p) => (p as { name: string }).name === "If-Match"))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(taking).toEqual([
      "DELETE /imposters/{id}/stubs/{stubIndex}",
      "POST /imposters/{id}/stubs",
      "PUT /imposters/{id}/stubs",
      "PUT /imposters/{id}/stubs/{stubIndex}",
    ]);
  });
});
