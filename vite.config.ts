import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// Two chunks that every page loads anyway, instead of a dozen small ones: fewer files and one
// compression dictionary each save ≈ 2 KB of gzip JavaScript per page (docs/performance-log.md,
// 21 November).
// - framework: React, React DOM and React Router;
// - core: the small modules the root route imports (cn, the toast store, root data, Button,
//   Skeleton, the header icons, the menus' fragment cache) with clsx and Vite's preload helper.
//   Keep it to modules the root imports: whatever is in it, every page loads.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
      priority: 2,
    },
    {
      name: "core",
      test: /app[\\/](lib[\\/](cn|toast|root-data|fragment-cache)|components[\\/]ui[\\/](button|skeleton|icons))\.tsx?$|node_modules[\\/]clsx[\\/]|vite[\\/]preload-helper/,
      priority: 1,
    },
  ],
};

// The bank statement reader runs in a worker thread, started from a plain JavaScript file by its
// URL relative to the module that starts it (app/features/dues/statement.server.ts). The bundler
// does not follow that URL, so the server build gets a copy of the file next to whichever chunk
// holds that module; a build where the module cannot be found fails here, not at the first upload.
function statementWorker(): Plugin {
  const worker = path.resolve("app/features/dues/statement-worker.mjs");
  const starter = path.resolve("app/features/dues/statement.server.ts");
  return {
    name: "society:statement-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find(
        (output) => output.type === "chunk" && output.moduleIds.includes(starter),
      );
      if (!chunk) return this.error(`${starter} is in no chunk of the server build`);
      this.emitFile({
        type: "asset",
        fileName: path.posix.join(path.posix.dirname(chunk.fileName), "statement-worker.mjs"),
        source: fs.readFileSync(worker, "utf8"),
      });
    },
  };
}

export default defineConfig({
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
    // The server build bundles the Express app together with the React Router app, so both share
    // one module graph (one database client, one config) in production. React Router reads this
    // entry from `rollupOptions` (future.v8_viteEnvironmentApi).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), statementWorker()],
});
