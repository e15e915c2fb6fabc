// Files under DATA_DIR are the server user's alone (DESIGN.md "Hostile input"): the real
// server and the operator scripts run with umask 077, so a fresh DATA_DIR, the embedded database's
// files and every uploaded object are 0700/0600; an install made with looser modes is corrected
// at start with one log line. Also the start-up warning for https without TRUST_PROXY. Real
// `node server.js` processes, because modes and the umask are properties of the process.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  DEMO_ADMIN,
  login,
  PNG,
  putObject,
  requestSignupUpload,
  runScript,
  startServer,
  tempDir,
} from "../support/process";

afterAll(cleanUp);

type Entry = { path: string; mode: number; directory: boolean };

/** Every directory and file under `dir` (itself included) with its permission bits. */
function walk(dir: string): Entry[] {
  const stat = fs.lstatSync(dir);
  const entries: Entry[] = [{ path: dir, mode: stat.mode & 0o777, directory: stat.isDirectory() }];
  if (stat.isDirectory()) {
    for (const child of fs.readdirSync(dir)) entries.push(...walk(path.join(dir, child)));
  }
  return entries;
}

/** Directories 0700 and files 0600, everywhere under `dir`. */
function expectPrivate(dir: string) {
  const entries = walk(dir);
  for (const entry of entries) {
    const shown = `${path.relative(dir, entry.path) || "."} is ${entry.mode.toString(8)}`;
    expect(entry.mode, shown).toBe(entry.directory ? 0o700 : 0o600);
  }
  return entries;
}

/** The object's file in the local driver's layout. */
function objectFile(dataDir: string, objectPath: string) {
  const id = objectPath.replace("/objects/", "");
  return path.join(dataDir, "objects", id.slice(0, 2), id);
}

const CORRECTED = /Corrected file modes under DATA_DIR/;

async function uploadBoth(baseUrl: string) {
  // An anonymous sign-up image (private) and an administrator's (public): both only the user's.
  const grant = await requestSignupUpload(baseUrl);
  expect((await putObject(grant.uploadURL, PNG)).status).toBe(200);
  const cookie = await login(baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const res = await fetch(`${baseUrl}/api/objects/upload`, {
    method: "POST",
    headers: { Cookie: cookie },
  });
  const adminGrant = (await res.json()) as { uploadURL: string; objectPath: string };
  expect((await putObject(adminGrant.uploadURL, PNG)).status).toBe(200);
  return [grant.objectPath, adminGrant.objectPath];
}

describe("file modes under DATA_DIR", () => {
  it("a fresh DATA_DIR, the embedded database and uploaded objects are the server user's alone", async () => {
    // A directory the server creates itself (the test runner's own umask is usually 022).
    const dataDir = path.join(tempDir(), "data");
    const server = await startServer({ dataDir, seed: true });
    const objects = await uploadBoth(server.baseUrl);
    // While it serves: every directory is closed to others, and so are the database's files as
    // opened and migrated, the objects and the app secret. (PGlite chmods files it creates later
    // itself, inside its 0700 directory; a clean stop corrects those too, checked below.)
    const running = walk(dataDir);
    for (const entry of running.filter((e) => e.directory)) {
      expect(entry.mode, entry.path).toBe(0o700);
    }
    for (const file of [
      path.join("db", "PG_VERSION"),
      path.join("db", "global", "pg_control"),
      "app-secret",
    ]) {
      expect(fs.statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    }
    for (const objectPath of objects) {
      expect(fs.statSync(objectFile(dataDir, objectPath)).mode & 0o777).toBe(0o600);
    }
    expect((await server.stop()).code).toBe(0);

    const entries = expectPrivate(dataDir);
    // What was checked: PGlite's files, both objects, the app secret.
    expect(entries.some((e) => e.path.endsWith(path.join("db", "PG_VERSION")))).toBe(true);
    expect(
      entries.filter((e) => e.path.includes(`${path.sep}db${path.sep}`)).length,
    ).toBeGreaterThan(100);
    for (const objectPath of objects) {
      expect(fs.statSync(objectFile(dataDir, objectPath)).mode & 0o777).toBe(0o600);
    }
    expect(fs.existsSync(path.join(dataDir, "app-secret"))).toBe(true);
    // Nothing needed correcting.
    expect(server.stdout()).not.toMatch(CORRECTED);
  });

  it("an install with 0755/0644/0666 modes is corrected at start, said in exactly one log line", async () => {
    const dataDir = path.join(tempDir(), "data");
    const first = await startServer({ dataDir, seed: true });
    const before = await uploadBoth(first.baseUrl);
    expect((await first.stop()).code).toBe(0);

    // As an install made before this change looks: world-readable everywhere, PGlite's 0666.
    for (const entry of walk(dataDir)) {
      const inDatabase = entry.path.includes(`${path.sep}db${path.sep}`);
      fs.chmodSync(entry.path, entry.directory ? 0o755 : inDatabase ? 0o666 : 0o644);
    }
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(dataDir, "db", "PG_VERSION")).mode & 0o777).toBe(0o666);

    const second = await startServer({ dataDir });
    const after = await uploadBoth(second.baseUrl);
    const lines = second
      .stdout()
      .split("\n")
      .filter((line) => CORRECTED.test(line));
    expect(lines, second.stdout()).toHaveLength(1);
    expect(lines[0]).toMatch(/directories to 0700/);
    expect(lines[0]).toMatch(/files to 0600/);
    // The line counts what it changed.
    const logged = JSON.parse(lines[0] as string) as { directories: number; files: number };
    expect(logged.directories).toBeGreaterThan(3);
    expect(logged.files).toBeGreaterThan(100);
    expect((await second.stop()).code).toBe(0);

    expectPrivate(dataDir);
    for (const objectPath of [...before, ...after]) {
      expect(fs.statSync(objectFile(dataDir, objectPath)).mode & 0o777).toBe(0o600);
    }

    // Corrected once: the next start has nothing to say.
    const third = await startServer({ dataDir });
    expect((await third.stop()).code).toBe(0);
    expect(third.stdout()).not.toMatch(CORRECTED);
  });

  it("the operator scripts create private files too: admin:create on a fresh DATA_DIR, db:backup's archive", async () => {
    const dataDir = path.join(tempDir(), "data");
    const created = await runScript(
      "admin-create.ts",
      ["--email", "ops@example.org", "--password", "quiet-lantern-orchard-42", "--name", "운영자"],
      dataDir,
    );
    expect(created.code, created.stderr).toBe(0);
    expectPrivate(dataDir);

    const out = path.join(tempDir(), "backups", "society.tar.gz");
    const backup = await runScript("db-backup.ts", ["--out", out], dataDir);
    expect(backup.code, backup.stderr).toBe(0);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(out)).mode & 0o777).toBe(0o700);

    const restored = path.join(tempDir(), "restored");
    const restore = await runScript("db-restore.ts", ["--from", out], restored);
    expect(restore.code, restore.stderr).toBe(0);
    expectPrivate(restored);
  });
});

describe("https behind a proxy without TRUST_PROXY", () => {
  const WARNING = /TRUST_PROXY is unset/;

  it("start-up logs one clear warning line when PUBLIC_URL is https and TRUST_PROXY is unset", async () => {
    const server = await startServer({
      dataDir: tempDir(),
      env: { PUBLIC_URL: "https://www.society.example" },
    });
    expect((await server.stop()).code).toBe(0);
    const lines = server
      .stdout()
      .split("\n")
      .filter((line) => WARNING.test(line));
    expect(lines, server.stdout()).toHaveLength(1);
    expect(lines[0]).toMatch(/cross-site/);
    expect(lines[0]).toMatch(/"level":40/); // warn
  });

  it("no warning with TRUST_PROXY set, or with an http PUBLIC_URL", async () => {
    const proxied = await startServer({
      dataDir: tempDir(),
      env: { PUBLIC_URL: "https://www.society.example", TRUST_PROXY: "1" },
    });
    expect((await proxied.stop()).code).toBe(0);
    expect(proxied.stdout()).not.toMatch(WARNING);

    const plain = await startServer({ dataDir: tempDir() });
    expect((await plain.stop()).code).toBe(0);
    expect(plain.stdout()).not.toMatch(WARNING);
  });
});
