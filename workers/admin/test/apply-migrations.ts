import { applyD1Migrations, type D1Migration, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";

const { DB, TEST_MIGRATIONS } = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] };

// Every test starts from empty storage (D1, KV and the imposter objects) with the migrations applied.
beforeEach(async () => {
  await reset();
  await applyD1Migrations(DB, TEST_MIGRATIONS);
});
