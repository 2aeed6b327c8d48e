import { PLATFORM_PATHS } from "@mockctl/contract";
import { z } from "zod";
import { MOUNTEBANK_VERSION } from "../routes/config.ts";
import { OPERATIONS, type Operation } from "./operations.ts";
import { COMPONENTS } from "./schemas.ts";

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** `/imposters/:id` in OpenAPI's form, `/imposters/{id}`, and its path parameter names. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const pathParameters = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

const operationId = (op: Operation) =>
  `${op.method}${openApiPath(op.path)
    .split(/[/{}._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("")}`;

/**
 * Every schema goes through one zod registry and one `z.toJSONSchema` call, so shared and recursive
 * schemas (the predicate) become components referenced by `$ref`. Input form throughout: a request body
 * may leave out what has a default, and an answer is described no stricter than that.
 */
function componentSchemas(): { schemas: Record<string, Json>; idOf: (schema: z.ZodType) => string } {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const name = (schema: z.ZodType, id: string) => {
    if (!registry.has(schema)) registry.add(schema, { id });
  };
  for (const op of OPERATIONS) {
    if (op.body) name(op.body, `${operationId(op)}Body`);
    if ("schema" in op.answer) name(op.answer.schema, `${operationId(op)}Answer`);
  }
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  });
  // Each component is a schema inside the document, not a document of its own.
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return { schemas: schemas as Record<string, Json>, idOf: (schema) => registry.get(schema)?.id ?? "Errors" };
}

/** An imposter's id is its port (mb's rule, `@mockctl/contract` ports.ts); a stub's index counts from 0. */
const PATH_PARAMETERS: Record<string, Json> = {
  id: { type: "integer", minimum: 1, maximum: 65535 },
  stubIndex: { type: "integer", minimum: 0 },
  [`${PLATFORM_PATHS.token(":id").replace("%3A", ":")}:id`]: { type: "string" },
};

function parameters(op: Operation): Json[] {
  const inPath = pathParameters(op.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: PATH_PARAMETERS[`${op.path}:${name}`] ?? PATH_PARAMETERS[name] ?? { type: "string" },
  }));
  const inQuery = Object.entries(op.query?.shape ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    schema: z.toJSONSchema(schema as z.ZodType, {
      io: "input",
      unrepresentable: "any",
      target: "draft-2020-12",
    }),
  }));
  for (const param of inQuery) delete (param.schema as Json).$schema;
  const inHeader = op.ifMatch ? [IF_MATCH] : [];
  return [...inPath, ...inQuery, ...inHeader];
}

const IF_MATCH = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    'The imposter\'s ETag as GET /imposters/:id gave it ("7"): the change happens only while the imposter is at that version, otherwise 412 `precondition failed` and nothing changes. Ours; Mountebank has no versions.',
  schema: { type: "string" },
};

function answerOf(op: Operation, idOf: (schema: z.ZodType) => string): Json {
  if ("mediaType" in op.answer) {
    return { description: op.answer.description, content: { [op.answer.mediaType]: {} } };
  }
  return {
    description: op.summary,
    content: { "application/json": { schema: ref(idOf(op.answer.schema)) } },
  };
}

function operation(op: Operation, idOf: (schema: z.ZodType) => string): Json {
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [op.tag],
    parameters: parameters(op),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: ref(idOf(op.body)) } } } }
      : {}),
    responses: {
      [String(op.answer.status)]: answerOf(op, idOf),
      "4XX": {
        description: "Mountebank's error envelope",
        content: { "application/json": { schema: ref("Errors") } },
      },
    },
  };
}

/** The admin API as an OpenAPI 3.1 document, made from the zod schemas the routes validate with. */
export function openApiDocument(): Json {
  const { schemas, idOf } = componentSchemas();
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    const path = openApiPath(op.path);
    paths[path] = { ...paths[path], [op.method]: operation(op, idOf) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "mockctl admin API",
      version: MOUNTEBANK_VERSION,
      description:
        "Mountebank 2.9.1's admin API as mockctl serves it, with the platform's own routes (tags mockctl and platform).",
    },
    // The key is optional: without API_KEY (mb without --apikey) every route is open.
    security: [{ apiKey: [] }, {}],
    paths,
    components: { schemas, securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } } },
  };
}

let cached: string | undefined;
/** Printed once per isolate: the document only changes with the code. */
export const openApiText = (): string => {
  cached ??= JSON.stringify(openApiDocument(), null, 2);
  return cached;
};
