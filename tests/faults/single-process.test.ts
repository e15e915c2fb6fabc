// The embedded database belongs to one process: a second server or an operator script on the same
// directory fails fast with a clear message and leaves the first one serving. A migration that
// fails stops the server before it listens.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  freePort,
  getWith,
  isListening,
  ROOT,
  runScript,
  startServer,
  tempDir,
  within,
} from "../support/process";

afterAll(cleanUp);

describe("one process per embedded database", () => {
  it("refuses a second server and admin:create on the same directory, clearly and fast", async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    const lock = path.join(dataDir, "db.lock");
    expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(first.pid));

    const started = Date.now();
    const second = await startServer({ dataDir, waitReady: false });
    const exit = await within(second.exited, 15_000, "the second server did not give up");
    const elapsed = Date.now() - started;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(elapsed, "ms until the second server gave up").toBeLessThan(10_000);
    expect(second.stderr()).toMatch(/in use/i);
    expect(second.stderr()).toContain(dataDir);
    expect(second.stderr()).toContain(String(first.pid));
    expect(await isListening(second.port)).toBe(false);

    const admin = await runScript(
      "admin-create.ts",
      ["--email", "a@b.kr", "--password", "steady-harbor-lamp-5", "--name", "x"],
      dataDir,
    );
    expect(admin.code, admin.stdout).not.toBe(0);
    expect(admin.stderr).toMatch(/in use/i);
    expect(admin.stderr).toContain(String(first.pid));
    expect(admin.stdout).not.toMatch(/Created administrator/);

    // The first server never noticed: same lock owner, still healthy, still answering pages.
    expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(first.pid));
    expect((await getWith(`${first.baseUrl}/healthz`)).status).toBe(200);
    expect((await getWith(`${first.baseUrl}/api/announcements`)).status).toBe(200);
    expect((await first.stop()).code).toBe(0);

    // With the server gone the same command works, so the refusal above was the lock.
    const later = await runScript(
      "admin-create.ts",
      ["--email", "a@b.kr", "--password", "steady-harbor-lamp-5", "--name", "x"],
      dataDir,
    );
    expect(later.code, later.stderr).toBe(0);
  });
});

describe("a failed migration", () => {
  it("stops the server with a clear message instead of serving", async () => {
    const migrations = path.join(tempDir(), "migrations");
    fs.cpSync(path.join(ROOT, "db/migrations"), migrations, { recursive: true });
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrations, "meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    const newest = journal.entries.at(-1)?.tag;
    expect(newest).toBeTruthy();
    fs.appendFileSync(
      path.join(migrations, `${newest}.sql`),
      '\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "broken" integer;\n',
    );

    const dataDir = tempDir();
    const port = await freePort();
    const server = await startServer({
      dataDir,
      port,
      waitReady: false,
      env: { MIGRATIONS_DIR: migrations },
    });
    // Meanwhile it must never answer: poll until it has exited.
    let answered = 0;
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    for (let i = 0; i < 600 && !exited; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
        answered += 1;
      } catch {
        // nothing listening: as it should be
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exit = await within(server.exited, 60_000, "the server kept running");
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.stderr()).toMatch(/migration/i);
    expect(server.stderr()).toContain("no_such_table");
    expect(answered).toBe(0);
    expect(await isListening(port)).toBe(false);

    // The failed migration left the directory usable: the real migrations start it normally.
    const fixed = await startServer({ dataDir });
    expect((await getWith(`${fixed.baseUrl}/healthz`)).status).toBe(200);
    expect((await getWith(`${fixed.baseUrl}/api/announcements`)).status).toBe(200);
    expect((await fixed.stop()).code).toBe(0);
  });
});
