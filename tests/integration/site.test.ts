// The site as a visitor and a crawler meet it, on a server with the demo content and a configured
// public URL: every page server-rendered in Korean with its link-preview tags, 404s, the files
// crawlers read, security headers, compression and asset caching.
import http from "node:http";
import zlib from "node:zlib";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { announcements, executives, historyEvents, seminars } from "~db/schema";
import { mainText, meta, scriptsInHtml, tags, title } from "../support/html";
import { PUBLIC_PAGES } from "../support/site-pages";
import { setupTestServer } from "../support/test-server";

const PUBLIC_URL = "https://www.society.example";

const server = setupTestServer({ seed: true, env: { PUBLIC_URL } });

const HANGUL = /[\uAC00-\uD7A3]/;

async function page(path: string) {
  const res = await server.fetch(path);
  return { res, html: await res.text() };
}

let siteName = "";
async function societyName() {
  if (!siteName) {
    const { html } = await page("/");
    siteName = String(meta(html, "og:site_name"));
  }
  return siteName;
}

describe("demo content (seed true)", () => {
  it("fills executives, history, seminars and announcements", async () => {
    const n = async (table: PgTable) => {
      const [row] = await server.db.select({ n: count() }).from(table);
      if (!row) throw new Error("A count query returned no row");
      return row.n;
    };
    expect(await n(executives)).toBeGreaterThan(0);
    expect(await n(historyEvents)).toBeGreaterThan(0);
    expect(await n(announcements)).toBeGreaterThanOrEqual(3);
  });

  it("has upcoming and past seminars", async () => {
    const rows = await server.db.select({ date: seminars.date }).from(seminars);
    const now = Date.now();
    expect(rows.some((r) => r.date.getTime() >= now)).toBe(true);
    expect(rows.some((r) => r.date.getTime() < now)).toBe(true);
  });

  it("has announcements in each of 공지, 행사 and 학술", async () => {
    const rows = await server.db.select({ category: announcements.category }).from(announcements);
    const categories = new Set(rows.map((r) => r.category));
    for (const category of ["공지", "행사", "학술"]) expect(categories).toContain(category);
  });

  it("serves the demo content through the list calls", async () => {
    for (const path of ["/api/executives", "/api/history", "/api/seminars"]) {
      const list = (await (await server.fetch(path)).json()) as unknown[];
      expect(list.length, path).toBeGreaterThan(0);
    }
  });
});

describe("public pages", () => {
  it.each(PUBLIC_PAGES)(
    "$path answers 200 with server-rendered Korean content",
    async ({ path, heading, text }) => {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html).toMatch(/^<!DOCTYPE html><html lang="ko"/);
      const main = mainText(html);
      expect(main).toMatch(HANGUL);
      expect(main).toContain(text);
      const h1 = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]*>/g, "");
      if (heading) expect(h1).toBe(heading);
      else expect(h1).toContain(await societyName());
    },
  );

  it.each(PUBLIC_PAGES)(
    "$path has its title, description and absolute Open Graph tags",
    async ({ path, heading }) => {
      const name = await societyName();
      expect(name).toMatch(HANGUL);
      const { html } = await page(path);
      expect(title(html)).toBe(heading ? `${heading} | ${name}` : name);
      const description = meta(html, "description");
      expect(description).toMatch(HANGUL);
      // The same as the <title>: a KakaoTalk preview names the society too.
      expect(meta(html, "og:title")).toBe(heading ? `${heading} | ${name}` : name);
      expect(meta(html, "og:description")).toBe(description);
      expect(meta(html, "og:url")).toBe(`${PUBLIC_URL}${path}`);
      expect(meta(html, "og:type")).toBe("website");
      expect(meta(html, "og:locale")).toBe("ko_KR");
      const image = String(meta(html, "og:image"));
      expect(image).toMatch(/^https:\/\//);
      expect(image.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      const canonical = tags(html, "link").find((l) => l.rel === "canonical");
      expect(canonical?.href).toBe(`${PUBLIC_URL}${path}`);
    },
  );

  it("the og:image the pages name is served as an image", async () => {
    const { html } = await page("/about");
    const image = new URL(String(meta(html, "og:image")));
    const res = await server.fetch(image.pathname);
    expect(res.status, `${image.pathname} must exist for link previews`).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
  });

  it("/charter shows the lock notice and never the charter text to a visitor", async () => {
    const { html } = await page("/charter");
    const main = mainText(html);
    expect(main).toContain("회원 전용 콘텐츠입니다");
    expect(main).toContain("학회 정관은 승인된 회원만 열람할 수 있습니다.");
    expect(html).toMatch(/href="\/login"/);
    expect(html).toMatch(/href="\/signup"/);
    expect(html).not.toMatch(/제\s*1\s*조/);
    expect(html).not.toContain("총칙");
  });

  it("the header links every SPEC §2 page, grouped in its four sections", async () => {
    const { html } = await page("/about");
    const header = html.match(/<header\b[\s\S]*?<\/header>/)?.[0] ?? "";
    const hrefs = tags(header, "a").map((a) => a.href);
    // 학회소개 (학회 소개, 연혁, 임원진, 학회 정관, 오시는 길), 학술활동, 소식, 회원.
    const order = [
      "/about",
      "/history",
      "/executives",
      "/charter",
      "/location",
      "/activities",
      "/announcements",
      "/community",
      "/membership",
      // For a visitor, 정회원 신청 leads to 회원 안내's 가입 절차 (issue 39, item 10).
      "/membership#join",
      "/mypage",
    ].map((href) => hrefs.indexOf(href));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(hrefs[0], "the logo is the link home").toBe("/");
    expect(hrefs).toContain("/login");
    expect(hrefs).toContain("/signup");
    expect(hrefs).not.toContain("/admin/dashboard");
  });
});

describe("not found", () => {
  it.each(["/no-such-page", "/about/extra", "/%ED%95%9C%EA%B8%80", "/assets/missing-file.js"])(
    "%s answers 404 with '404 Page Not Found'",
    async (path) => {
      const { res, html } = await page(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(mainText(html)).toContain("404 Page Not Found");
      expect(title(html)).toBe("404 Page Not Found");
    },
  );

  it("a seeded announcement's detail page answers 200 with its title as og:title", async () => {
    const list = (await (await server.fetch("/api/announcements")).json()) as Array<{
      id: string;
      title: string;
    }>;
    const [first] = list;
    expect(first).toBeDefined();
    if (!first) throw new Error("No seeded announcement listed");
    const { res, html } = await page(`/announcements/${first.id}`);
    expect(res.status).toBe(200);
    expect(meta(html, "og:title")).toBe(`${first.title} | ${meta(html, "og:site_name")}`);
    expect(meta(html, "og:url")).toBe(`${PUBLIC_URL}/announcements/${first.id}`);
  });
});

describe("files for crawlers and monitors", () => {
  it("GET /healthz answers 200", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("GET /sitemap.xml lists the public pages only, as absolute URLs", async () => {
    const res = await server.fetch("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // The group is not optional, so every match has it; "" would fail the checks below anyway.
    const locs = Array.from(xml.matchAll(/<loc>([^<]*)<\/loc>/g), (m) => m[1] ?? "");
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const paths = locs.map((loc) => new URL(loc).pathname);
    for (const path of [
      "/",
      "/about",
      "/history",
      "/executives",
      "/membership",
      "/activities",
      "/announcements",
      "/location",
    ]) {
      expect(paths).toContain(path);
    }
    for (const path of paths) {
      expect(path).not.toMatch(/^\/(charter|login|signup|admin|api|membership\/apply)(\/|$)/);
      expect(path).not.toMatch(/^\/announcements\/./);
    }
    expect(new Set(paths).size).toBe(paths.length);
    // Each seminar's page.
    const seminarPages = paths.filter((p) => /^\/activities\/[0-9a-f-]{36}$/.test(p));
    expect(seminarPages.length).toBe(
      ((await (await server.fetch("/api/seminars")).json()) as unknown[]).length,
    );
  });

  it("every page in the sitemap answers 200", async () => {
    const xml = await (await server.fetch("/sitemap.xml")).text();
    for (const [, loc = ""] of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) {
      const res = await server.fetch(new URL(loc).pathname);
      expect(res.status, loc).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("GET /robots.txt allows the site, keeps crawlers out of private areas, names the sitemap", async () => {
    const res = await server.fetch("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin/");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).not.toContain("Disallow: /");
  });
});

describe("security headers", () => {
  // Pages outside the page cache; stored pages list script hashes instead (page-cache.test.ts).
  it("an HTML response carries a nonce CSP matching every script tag, and the other headers", async () => {
    const { res, html } = await page("/login");
    const csp = String(res.headers.get("content-security-policy"));
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    const nonces = (directives["script-src"] ?? [])
      .map((v: string) => v.match(/^'nonce-([A-Za-z0-9+/=]+)'$/)?.[1])
      .filter(Boolean);
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0];
    expect(String(nonce).length).toBeGreaterThanOrEqual(16);
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);

    const scripts = tags(html, "script");
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.nonce).toBe(nonce);

    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
    // PUBLIC_URL is https here, so browsers are told to keep to https.
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("each response gets a fresh nonce", async () => {
    const nonceOf = async () => {
      const { res } = await page("/signup");
      return String(res.headers.get("content-security-policy")).match(/'nonce-([^']+)'/)?.[1];
    };
    const [a, b] = [await nonceOf(), await nonceOf()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it("JSON calls carry no x-powered-by and nosniff too", async () => {
    const res = await server.fetch("/api/executives");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("assets and compression", () => {
  it("hashed assets under /assets/ are cached for a year as immutable", async () => {
    const { html } = await page("/");
    const hrefs = [
      ...tags(html, "link")
        .filter((l) => l.rel === "stylesheet" || l.rel === "modulepreload")
        .map((l) => l.href),
      ...scriptsInHtml(html),
    ].filter((href): href is string => href?.startsWith("/assets/") === true);
    expect(hrefs.some((h) => h.endsWith(".css"))).toBe(true);
    expect(hrefs.some((h) => h.endsWith(".js"))).toBe(true);
    for (const href of hrefs.slice(0, 5)) {
      const res = await server.fetch(href);
      expect(res.status, href).toBe(200);
      const cache = String(res.headers.get("cache-control"));
      expect(cache).toContain("immutable");
      expect(cache).toContain("max-age=31536000");
      await res.arrayBuffer();
    }
  });

  it("files outside /assets/ are not marked immutable", async () => {
    const res = await server.fetch("/favicon.svg");
    expect(res.status).toBe(200);
    expect(String(res.headers.get("cache-control"))).not.toContain("immutable");
    await res.arrayBuffer();
  });

  /** A raw request, so the body arrives exactly as sent (fetch would decompress it). */
  function raw(path: string, headers: Record<string, string>) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; status: number }>(
      (resolve, reject) => {
        http
          .get(`${server.baseUrl}${path}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                headers: res.headers,
                body: Buffer.concat(chunks),
                status: res.statusCode ?? 0,
              }),
            );
          })
          .on("error", reject);
      },
    );
  }

  it.each([
    ["/", "최신 소식"],
    ["/api/history", '"year"'],
  ])("%s is gzip-compressed for a client that accepts gzip", async (path, expected) => {
    const res = await raw(path, { "Accept-Encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const text = zlib.gunzipSync(res.body).toString("utf8");
    expect(text).toContain(expected);
  });

  it("a hashed stylesheet is gzip-compressed too", async () => {
    const { html } = await page("/");
    const css = tags(html, "link").find((l) => l.rel === "stylesheet")?.href;
    expect(css).toMatch(/^\/assets\/.+\.css$/);
    const res = await raw(String(css), { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).length).toBeGreaterThan(res.body.length);
  });

  it("a client that does not accept gzip gets the plain body", async () => {
    const res = await raw("/", { "Accept-Encoding": "identity" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toContain("최신 소식");
  });

  // A page rendered for this request (a session cookie, even one that names no session, passes
  // the page cache by; on this https site it is named __Host-sid) is compressed whole by
  // entry.server.tsx and sent with its length.
  const RENDERED = { Cookie: "__Host-sid=no-such-session" };

  it("a rendered page arrives whole, with its length: brotli for a browser, gzip for a client without it", async () => {
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [accepted, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["br", "br"],
      ["gzip", "gzip"],
      ["deflate, gzip;q=0.8", "gzip"],
      // Brotli refused by name: gzip, not the refused one.
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const res = await raw("/about", { ...RENDERED, "Accept-Encoding": accepted });
      expect(res.status).toBe(200);
      expect(res.headers["x-page-cache"]).toBeUndefined();
      expect(res.headers["content-encoding"], accepted).toBe(encoding);
      expect(res.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const text = decoders[encoding](res.body).toString("utf8");
      expect(text).toMatch(/^<!DOCTYPE html>/i);
      expect(text.trimEnd()).toMatch(/<\/html>$/);
      expect(title(text)).toContain("학회");
    }
  });

  it("a rendered page is sent plain to a client that takes no compression, and keeps its status", async () => {
    const plain = await raw("/about", { ...RENDERED, "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString("utf8").trimEnd()).toMatch(/<\/html>$/);

    const missing = await raw("/no-such-page", { ...RENDERED, "Accept-Encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(missing.body).toString("utf8")).toContain("</html>");
  });
});
