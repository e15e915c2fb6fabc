import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and service tests run against the sources (service tests on an in-memory PGlite each file);
// integration tests run the production build in-process over real HTTP (build first:
// `npm run build`, which `npm test` does).
const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "~db": path.resolve(import.meta.dirname, "db"),
};

// The multi-instance tests spawn two production servers against PostgreSQL and s3rver. They are
// not part of the default run: the project exists only when named, as `npm run test:multi`
// (`vitest run --project multi-instance`, with TEST_DATABASE_URL set) does.
const multiInstance = process.argv.some((arg) => /^(--project=)?multi-instance$/.test(arg));

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          // The services called from the sources on an in-memory PGlite: no build, no HTTP.
          name: "service",
          include: ["tests/service/**/*.test.ts"],
          globalSetup: ["tests/service/support/database-dump.ts"],
          setupFiles: ["tests/service/support/setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // The production build is imported by Node itself, as `npm start` runs it, not through
          // Vitest's module runner: otherwise the build's react-router and the one
          // @react-router/express requires are two copies, and the RouterContextProvider the app
          // makes (future.v8_middleware) is refused as "not an instance of RouterContextProvider".
          server: { deps: { external: [/[\\/]build[\\/]server[\\/]/] } },
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/database-template.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(multiInstance
        ? [
            {
              resolve: { alias },
              test: {
                name: "multi-instance",
                include: ["tests/multi-instance/**/*.test.ts"],
                environment: "node",
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
