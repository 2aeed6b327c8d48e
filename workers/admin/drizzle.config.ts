import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <what>` from workers/admin writes the next migrations/NNNN_<what>.sql,
// which wrangler applies (`d1 migrations apply`) and the tests apply through applyD1Migrations.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "../../migrations",
});
