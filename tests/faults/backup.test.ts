// npm run db:backup / db:restore for the embedded database and the uploaded files: a backup of a
// stopped server restored into a fresh data directory holds every row and every file, and a
// server started on it serves them. A backup refuses while a server holds the directory.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteOptions } from "~db/client.server";
import {
  cleanUp,
  DEMO_ADMIN,
  getWith,
  login,
  PNG,
  putObject,
  requestSignupUpload,
  runScript,
  sendJson,
  signupFields,
  startServer,
  tempDir,
} from "../support/process";

afterAll(cleanUp);

/** Row count and a digest of every row, for every table of the database in `dir`. */
async function tableDigests(dir: string) {
  const db = new PGlite(dir, pgliteOptions);
  try {
    const tables = await db.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2`,
    );
    const digests: Record<string, { rows: number; md5: string }> = {};
    for (const { schema, name } of tables.rows) {
      const result = await db.query<{ rows: number; md5: string }>(
        `select count(*)::int as rows,
                md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
         from "${schema}"."${name}" t`,
      );
      const row = result.rows[0];
      if (row) digests[`${schema}.${name}`] = row;
    }
    return digests;
  } finally {
    await db.close();
  }
}

/** Every file under `dir` with its contents, by relative path. */
function filesIn(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!fs.existsSync(dir)) return files;
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isFile()) files[name] = fs.readFileSync(full).toString("base64");
  }
  return files;
}

describe("db:backup and db:restore", () => {
  it("restore a backup into a fresh data directory with every row and file", async () => {
    const dataDir = tempDir();
    const work = tempDir();
    const server = await startServer({ dataDir, seed: true });

    // A doctor signs up with a licence image, the way the sign-up page does it.
    const grant = await requestSignupUpload(server.baseUrl);
    expect((await putObject(grant.uploadURL, PNG)).status).toBe(200);
    const doctor = signupFields(grant.objectPath);
    const signup = await sendJson(`${server.baseUrl}/api/auth/register`, doctor);
    expect(signup.status, await signup.clone().text()).toBe(201);
    const admin = await login(server.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const posted = await sendJson(
      `${server.baseUrl}/api/announcements`,
      { title: "백업 전 공지", content: "<p>백업</p>", category: "공지" },
      { cookie: admin },
    );
    expect(posted.status).toBe(201);

    const announcements = await (await getWith(`${server.baseUrl}/api/announcements`)).json();
    const executives = await (await getWith(`${server.baseUrl}/api/executives`)).json();
    const pending = (await (
      await getWith(`${server.baseUrl}/api/users/pending`, admin)
    ).json()) as { email: string }[];
    expect(announcements.length).toBeGreaterThan(1);
    expect(executives.length).toBeGreaterThan(0);
    expect(pending.map((user) => user.email)).toContain(doctor.email);

    // While the server holds the directory, a backup refuses and writes nothing.
    const early = path.join(work, "early.tar.gz");
    const refused = await runScript("db-backup.ts", ["--out", early], dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/in use/i);
    expect(refused.stderr).toContain(String(server.pid));
    expect(fs.existsSync(early)).toBe(false);
    expect((await getWith(`${server.baseUrl}/healthz`)).status).toBe(200);

    expect((await server.stop()).code).toBe(0);

    const archive = path.join(work, "b.tar.gz");
    const backup = await runScript("db-backup.ts", ["--out", archive], dataDir);
    expect(backup.code, backup.stderr).toBe(0);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);

    const fresh = path.join(tempDir(), "restored");
    const restore = await runScript("db-restore.ts", ["--from", archive], fresh);
    expect(restore.code, restore.stderr).toBe(0);

    // Every table, row for row; every uploaded file, byte for byte; the same signing secret.
    const original = await tableDigests(path.join(dataDir, "db"));
    const restored = await tableDigests(path.join(fresh, "db"));
    expect(original["public.users"]?.rows).toBeGreaterThan(1);
    // The licence image and the demo society's files (library documents, notice attachments):
    // one file on disk for each object's row.
    expect(original["public.stored_objects"]?.rows).toBeGreaterThan(1);
    expect(original["public.stored_objects"]?.rows).toBe(
      Object.keys(filesIn(path.join(dataDir, "objects"))).length,
    );
    expect(restored).toEqual(original);
    expect(filesIn(path.join(fresh, "objects"))).toEqual(filesIn(path.join(dataDir, "objects")));
    expect(fs.readFileSync(path.join(fresh, "app-secret"), "utf8")).toBe(
      fs.readFileSync(path.join(dataDir, "app-secret"), "utf8"),
    );

    // And a server on the restored directory serves all of it.
    const again = await startServer({ dataDir: fresh });
    expect(await (await getWith(`${again.baseUrl}/api/announcements`)).json()).toEqual(
      announcements,
    );
    expect(await (await getWith(`${again.baseUrl}/api/executives`)).json()).toEqual(executives);
    const adminAgain = await login(again.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const pendingAgain = await (
      await getWith(`${again.baseUrl}/api/users/pending`, adminAgain)
    ).json();
    expect(pendingAgain).toEqual(pending);
    const file = await getWith(`${again.baseUrl}${grant.objectPath}`, adminAgain);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await again.stop()).code).toBe(0);
  });
});
