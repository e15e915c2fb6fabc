import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Two production servers, each on a fresh embedded database: one with the demo content, one empty
// (SEED_DEMO=0) for the empty states. Build first (`npm run build`; `npm test` does).
const SEEDED_PORT = Number(process.env.E2E_PORT ?? 3210);
const EMPTY_PORT = SEEDED_PORT + 1; // tests/e2e/fixtures.ts knows these ports too
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), "society-e2e-"));

const serverEnv = (port: number, seed: boolean) => ({
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: path.join(dataRoot, seed ? "seeded" : "empty"),
  SEED_DEMO: seed ? "1" : "0",
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
  PUBLIC_URL: `http://localhost:${port}`,
  DEMO_ADMIN_PASSWORD: "e2e-admin-password",
  AUTH_MAX_REQUESTS_PER_IP: "10000",
  SIGNUP_UPLOADS_PER_IP_PER_HOUR: "10000",
  // The demo administrator works with the password alone; the second-factor spec enrols its own.
  ADMIN_MFA_REQUIRED: "0",
  // Money through the test gateway, as the demo takes it (payments.spec.ts).
  PAYMENTS_PROVIDER: "test",
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  use: {
    baseURL: `http://localhost:${SEEDED_PORT}`,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    // CI records a trace only on the retry: tracing every attempt slows the suite by about half on a
    // busy runner, and a timed-out attempt can leave a truncated trace zip whose teardown error
    // fails the whole run even when the retry passes (microsoft/playwright#41172, #42394).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node server.js",
      url: `http://localhost:${SEEDED_PORT}/healthz`,
      env: serverEnv(SEEDED_PORT, true),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "node server.js",
      url: `http://localhost:${EMPTY_PORT}/healthz`,
      env: serverEnv(EMPTY_PORT, false),
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
