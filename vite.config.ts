import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Two chunks that every page loads anyway, instead of a dozen small ones: fewer files and one
// compression dictionary each save ≈ 2 KB of gzip JavaScript per page (docs/performance-log.md,
// 21 November).
// - framework: React, React DOM and React Router;
// - core: the small modules the root route imports (cn, the toast store, root data, Button,
//   Skeleton, the header icons) with clsx and Vite's preload helper. Keep it to modules the root
//   imports: whatever is in it, every page loads.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
      priority: 2,
    },
    {
      name: "core",
      test: /app[\\/](lib[\\/](cn|toast|root-data)|components[\\/]ui[\\/](button|skeleton|icons))\.tsx?$|node_modules[\\/]clsx[\\/]|vite[\\/]preload-helper/,
      priority: 1,
    },
  ],
};

export default defineConfig({
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
    // The server build bundles the Express app together with the React Router app, so both share
    // one module graph (one database client, one config) in production. React Router reads this
    // entry from `rollupOptions` (future.v8_viteEnvironmentApi).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
