// The public pages as a visitor without a session sees them, rendered once and served as stored
// bytes until the content they show changes (docs/decisions/005-page-cache-on-a-content-version.md).
//
// Correct on every instance: each request reads the database's content version, which triggers
// move on in the same transaction as every write to the tables these pages show (migration 0005).
// A stored page is served only while the version it was rendered at is still the current one, so
// a write is visible on the next request wherever that request lands. Pages that change with the
// clock alone (a seminar becoming 진행 중 at its start, 지난 세미나 at its end) are rendered again
// after maxAgeSeconds.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getDb, writeGeneration } from "~/db.server";
import {
  carriesSessionCookie,
  type SessionUser,
  userOfSessionCookie,
} from "~/features/accounts/session.server";
import { PAGED_PUBLIC_PAGES, PUBLIC_PAGES } from "~/features/society/public-pages";
import { nowMs } from "~/lib/clock.server";
import { carriesFlash } from "~/lib/flash.server";
import { isCanonicalLaterPage } from "~/lib/paging";
import { requestContext } from "~/lib/request-context.server";
import { contentVersion } from "~db/schema";
import { chooseEncoding } from "./encoding";

const CACHED_PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGES);
const PAGED_PAGES: ReadonlySet<string> = PAGED_PUBLIC_PAGES;

/**
 * At most this many pages are kept: the fixed pages and the lists' later pages together. A list
 * long enough to pass it (a crawler walking 400 pages of announcements) drops the page used
 * longest ago, so memory stays bounded: a page of 20 announcements is ≈ 70 KB in its three
 * encodings (57 KB plain, 7 KB gzip, 6 KB brotli), so 200 pages are ≈ 14 MB at most.
 */
const MAX_STORED_PAGES = 200;

/**
 * The key a request's page is stored under, or undefined when it may not come from the store:
 * a public page's path with no query string at all, or a paged list's path with exactly
 * `?page=N` as its links spell it (N ≥ 2, no leading zero). Any other query (`?page=02`,
 * `?page=2&utm_source=…`, `?page=1`) is rendered by the normal handler, so nobody can fill the
 * store with variants of one page.
 */
function storeKeyOf(path: string, originalUrl: string): string | undefined {
  if (!CACHED_PAGES.has(path)) return undefined;
  if (originalUrl === path) return path;
  if (!PAGED_PAGES.has(path)) return undefined;
  const page = /^\?page=([^&=]*)$/.exec(originalUrl.slice(path.length))?.[1];
  return page !== undefined && isCanonicalLaterPage(page) ? originalUrl : undefined;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type StoredPage = {
  version: number;
  storedAt: number;
  headers: [string, string][];
  csp: string;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
};

async function readContentVersion() {
  const db = await getDb();
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

let nextRead: Promise<number> | undefined;
/** The version last read on the embedded database, and the write generation it was read at. */
let kept: { generation: number; version: number } | undefined;

/**
 * The current content version. Requests that arrive in the same turn of the event loop share one
 * read, made after all of them arrived, so each still sees every write acknowledged before it. On
 * the embedded database a version read is good until the next write (see writeGeneration).
 */
export async function currentContentVersion() {
  const generation = await writeGeneration();
  if (generation !== null && kept?.generation === generation) return kept.version;
  nextRead ??= new Promise<number>((resolve, reject) => {
    setImmediate(() => {
      nextRead = undefined;
      readContentVersion().then(resolve, reject);
    });
  });
  const version = await nextRead;
  if (generation !== null) kept = { generation, version };
  return version;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP source expressions for the inline scripts of a page whose bytes are fixed. */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes ?? "")) continue;
    const digest = crypto
      .createHash("sha256")
      .update(content ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/** The response's policy with the per-request nonce replaced by the page's script hashes. */
function policyWithHashes(policy: string, hashes: string[]) {
  return policy.replace(/'nonce-[^']*'/, hashes.join(" "));
}

/**
 * The request the stored page is rendered from: the visitor's, less every cookie and credential,
 * so no session, however its cookie is spelled, can shape bytes that other visitors receive.
 */
export function requestFor(req: express.Request, member: SessionUser | null) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // A member's page is rendered with their cookies (it is stored for them alone).
    if ((name === "cookie" && !member) || name === "authorization") continue;
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  return new Request(url, { method: "GET", headers });
}

function send(
  req: express.Request,
  res: express.Response,
  page: StoredPage,
  state: string,
  member: SessionUser | null,
) {
  const encoding = chooseEncoding(req);
  const body = page.bodies[encoding];
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // A member's page holds their name: never stored by a browser cache, a proxy or a CDN.
  if (member) res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.setHeader("X-Page-Cache", state);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

/**
 * Who a member's page is rendered for: every field of the user that pages read (the header's
 * name, role and member type; links that differ for members). Part of the stored page's key, so a
 * change to any of them, read fresh on every request, renders the page again.
 */
// The header shows 정회원 only in full-member standing, which moves with dues and the date
// (read in the session query), so the standing is part of who the member is here.
const memberKey = (path: string, user: SessionUser) =>
  [
    path,
    user.id,
    user.email,
    user.name,
    user.role,
    user.isApproved,
    user.memberType,
    user.fullStanding,
  ].join("\n");

const pageBytes = (page: StoredPage) =>
  page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length;

/**
 * Members' stored pages, least recently used first, within a byte budget: each member has their
 * own copy of the public pages (their name is in the header), so the store must not grow with the
 * membership.
 */
class MemberPages {
  #pages = new Map<string, StoredPage>();
  #bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string) {
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }
  set(key: string, page: StoredPage) {
    const old = this.#pages.get(key);
    if (old) {
      this.#bytes -= pageBytes(old);
      this.#pages.delete(key);
    }
    this.#pages.set(key, page);
    this.#bytes += pageBytes(page);
    for (const [oldest, stored] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= pageBytes(stored);
    }
  }
}

export function pageCache(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  maxAgeSeconds: number;
  /** The members' store's budget in bytes; 0 renders members' pages on every request. */
  memberBytes: number;
}) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const pages = new Map<string, StoredPage>();
  const memberPages = new MemberPages(options.memberBytes);
  // One render per page and version, however many visitors ask for it at once.
  const rendering = new Map<string, Promise<StoredPage | undefined>>();

  /** The page as stored, or undefined when it may not be stored (an error, a redirect, a cookie). */
  async function render(
    req: express.Request,
    res: express.Response,
    version: number,
    member: SessionUser | null,
  ): Promise<StoredPage | undefined> {
    // No nonce: the stored bytes are sent many times, so the policy lists their hashes.
    const response = await handleRequest(
      requestFor(req, member),
      requestContext({ cspNonce: undefined, clientIp: req.ip }),
    );
    const html = response.headers.get("content-type")?.startsWith("text/html");
    if (response.status !== 200 || !html || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return undefined;
    }
    const identity = Buffer.from(await response.arrayBuffer());
    // A visitor's page is compressed once for everyone, so at the highest levels worth having; a
    // member's page serves one person, and brotli 9 would cost more than rendering it did.
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: member ? 6 : 9 }),
      brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: member ? 4 : 9 },
      }),
    ]);
    const policy = String(res.getHeader("Content-Security-Policy") ?? "");
    return {
      version,
      storedAt: nowMs(),
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
      csp: policyWithHashes(policy, inlineScriptHashes(identity.toString("utf8"))),
      bodies: { identity, gzip: gzipped, br: brotlied },
    };
  }

  /** Keeps `page` under `key` as the most recently used one, dropping the least recent past the cap. */
  function store(key: string, page: StoredPage) {
    pages.delete(key);
    pages.set(key, page);
    while (pages.size > MAX_STORED_PAGES) {
      const oldest = pages.keys().next().value;
      if (oldest === undefined) break;
      pages.delete(oldest);
    }
  }

  const middleware: express.RequestHandler = async (req, res, next) => {
    const storeKey =
      req.method === "GET" || req.method === "HEAD"
        ? storeKeyOf(req.path, req.originalUrl)
        : undefined;
    // A page handed a flash (a finished form's message) shows it once: drawn for this request
    // alone by the normal handler, which also spends it.
    if (!storeKey || carriesFlash(req.get("cookie"))) return next();
    // A request with a session cookie is a member's, if the session is valid right now; the key
    // of their stored page is who they are as just read (see memberKey). An invalid or expired
    // session goes to the normal handler, which answers it as it would any other.
    let member: SessionUser | null = null;
    if (carriesSessionCookie(req.get("cookie"))) {
      if (options.memberBytes <= 0) return next();
      try {
        member = await userOfSessionCookie(req.get("cookie"));
      } catch {
        return next();
      }
      if (!member) return next();
    }
    let version: number;
    try {
      version = await currentContentVersion();
    } catch {
      // The database is unreachable: the normal handler answers (and fails) as it would anyway.
      return next();
    }
    try {
      const key = member ? memberKey(storeKey, member) : storeKey;
      const stored = member ? memberPages.get(key) : pages.get(key);
      const fresh = nowMs() - (stored?.storedAt ?? 0) < options.maxAgeSeconds * 1000;
      if (stored && stored.version === version && fresh) {
        if (!member) store(key, stored);
        return send(req, res, stored, "hit", member);
      }

      const renderKey = `${key}\n${version}`;
      let pending = rendering.get(renderKey);
      if (!pending) {
        pending = render(req, res, version, member).finally(() => rendering.delete(renderKey));
        rendering.set(renderKey, pending);
      }
      const result = await pending;
      // Not storable: the normal handler answers, with its own nonce (rare: errors, redirects, a
      // list's page past its last one). An older copy of a visitor's page is of no use any more.
      if (!result) {
        const old = member ? undefined : pages.get(key);
        if (old && old.version < version) pages.delete(key);
        return next();
      }
      if (member) memberPages.set(key, result);
      else {
        const latest = pages.get(key);
        if (!latest || latest.version <= result.version) store(key, result);
      }
      send(req, res, result, "miss", member);
    } catch (error) {
      next(error);
    }
  };
  return middleware;
}
