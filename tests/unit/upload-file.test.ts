// Issue 39, item 11: a licence upload whose PUT the browser cannot send at all (another origin, a
// dropped connection: the browser's English "Failed to fetch") is told in Korean. The upload runs
// against a real local server that hands out an upload URL nobody answers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { UPLOAD_MESSAGES } from "~/features/uploads/constants";
import { uploadErrorMessage, uploadFile } from "~/features/uploads/upload-file";

let server: http.Server;
let base = "";
let deadPort = 0;

beforeAll(async () => {
  // A port that was free a moment ago and is closed now: connections to it are refused.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  server = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify({
        uploadURL: `http://127.0.0.1:${deadPort}/api/objects/put?token=x`,
        objectPath: "/objects/00000000-0000-4000-8000-000000000000",
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page's relative call resolves against the page's origin, as in a browser.
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => realFetch(new URL(url, base), init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

it("a PUT the browser cannot send is refused with the Korean network message", async () => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], "licence.png", { type: "image/png" });
  const failure = await uploadFile(file, "/api/objects/upload-public").catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toBe(UPLOAD_MESSAGES.network);
  expect(uploadErrorMessage(failure)).toBe(UPLOAD_MESSAGES.network);
});

it("an English error never reaches the toast", () => {
  expect(uploadErrorMessage(new TypeError("Failed to fetch"))).toBe(UPLOAD_MESSAGES.failed);
  expect(uploadErrorMessage("oops")).toBe(UPLOAD_MESSAGES.failed);
  expect(uploadErrorMessage(new Error("파일 크기는 5MB를 초과할 수 없습니다."))).toBe(
    "파일 크기는 5MB를 초과할 수 없습니다.",
  );
});
