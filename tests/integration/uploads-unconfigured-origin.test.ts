// Without PUBLIC_URL the site answers at whatever address it is opened (DESIGN.md: the site's
// origin is PUBLIC_URL "or the request's own host"). An upload URL must then point at the address
// the browser is on: a sign-up opened at http://127.0.0.1:PORT was handed a localhost URL, which
// the browser refused as another origin, and no doctor could send a licence image.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { createAdmin, PNG, postJson } from "../support/accounts";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ env: { PUBLIC_URL: "" } });

type Grant = { uploadURL: string; objectPath: string };

/** A POST sent to the server's socket as a browser on `origin` sends it (fetch keeps its own Host). */
function grantAt(origin: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<Grant>((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: { origin, host: new URL(origin).host, ...headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          if (res.statusCode === 200) resolve(JSON.parse(body) as Grant);
          else reject(new Error(`${path} answered ${res.statusCode}: ${body}`));
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("upload URLs without PUBLIC_URL", () => {
  it("point a sign-up at the origin it was opened at, and the file arrives there", async () => {
    const grant = await grantAt(server.baseUrl, "/api/objects/upload-public");
    expect(new URL(grant.uploadURL).origin).toBe(server.baseUrl);

    const put = await fetch(grant.uploadURL, {
      method: "PUT",
      body: PNG,
      headers: { "content-type": "image/png", origin: server.baseUrl },
    });
    expect(put.status).toBe(200);
  });

  it("follow the host name the site was reached by, for an administrator's library file too", async () => {
    const port = new URL(server.baseUrl).port;
    const grant = await grantAt(`http://localhost:${port}`, "/api/objects/upload-public");
    expect(grant.uploadURL.startsWith(`http://localhost:${port}/api/objects/put?token=`)).toBe(
      true,
    );

    const admin = await createAdmin(server);
    const library = await grantAt(server.baseUrl, "/api/resources/upload", {
      cookie: admin.cookie,
    });
    expect(new URL(library.uploadURL).origin).toBe(server.baseUrl);
  });

  it("still refuse a page of another origin asking for one", async () => {
    const res = await postJson(server, "/api/objects/upload-public", undefined, {
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
  });
});
