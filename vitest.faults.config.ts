import path from "node:path";
import { defineConfig } from "vitest/config";

// The fault tests (`npm run test:faults`): real production server processes killed, restarted
// and starved of their storage or database. Kept out of the default `vitest run` (unit and
// integration, vitest.config.ts) because they spawn processes and take minutes; the production
// build must exist (`npm run build`).
const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "~db": path.resolve(import.meta.dirname, "db"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          exclude: ["tests/faults/hostile-input.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own servers; two files at a time fit two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          // The hostile-input suite times /healthz while it runs (under 200 ms, issue 13): it runs
          // after the others, alone, so their servers do not compete with the one it measures.
          name: "faults-alone",
          include: ["tests/faults/hostile-input.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
