import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Served by the admin Worker at /dashboard/ (its wrangler.jsonc `assets`), so every URL in the build is
// under that base. `npm start` builds it when its sources change (infra/local/assets.ts).
export default defineConfig({
  root: import.meta.dirname,
  base: "/dashboard/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1024 },
  // The dev server sends the admin API to a running `npm start`.
  server: { proxy: { "^/(imposters|i|w|platform)(/|$)": "http://127.0.0.1:2525" } },
});
