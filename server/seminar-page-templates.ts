// A seminar's page rendered once for every reader in the same position and filled in for each
// (docs/decisions/031-the-seminar-page-from-a-template.md). On registration day every member
// opens the page of the same seminar, each for the first time: a page stored per member
// (page-cache.ts) is never used twice, and rendering it cost 8.5–14 ms of CPU a view.
//
// A template is the page rendered for a stand-in: the member's own standing (role, approval,
// type, 정회원 standing: every field of the session but the personal ones) with each personal
// field replaced by a random marker. What the page shows besides is the data read for this request
// (the seminar, the seats left, the window, the fee), and all of it is the template's key, so two
// members' pages differ only where a marker stands. Each marker is filled in with the member's
// value, escaped as the page escapes it there: as HTML (React's text and attributes) or in the
// hydration data (a JSON string inside a JSON string inside a script). A template in which a
// marker stands anywhere else, or only in part, is not used. A member with a registration of the
// seminar, a query string, a flash or any answer but 200 goes to the normal handler, as before.
import type express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import {
  carriesSessionCookie,
  renderAsUser,
  type SessionUser,
  userOfSessionCookie,
} from "~/features/accounts/session.server";
import {
  loadSeminarPage,
  type SeminarPage,
  seminarPageContext,
} from "~/features/seminars/detail.server";
import { nowMs } from "~/lib/clock.server";
import { compressDocument } from "~/lib/document-compression.server";
import { carriesFlash } from "~/lib/flash.server";
import { isUuid } from "~/lib/ids";
import { requestContext } from "~/lib/request-context.server";
import { logger } from "~/logger.server";
import { chooseEncoding } from "./encoding";
import { currentContentVersion, requestFor } from "./page-cache";
import { fillIn, MARKERS, PERSONAL_FIELDS, type Template, templateOf } from "./page-template";

const SEMINAR_PAGE = /^\/activities\/([^/]+)$/;
const PERSONAL: ReadonlySet<string> = new Set(PERSONAL_FIELDS);

/** The reader as the template is drawn for: markers for who they are, the rest as it is. */
function standInFor(member: SessionUser): SessionUser {
  const standIn = { ...member };
  for (const field of PERSONAL_FIELDS) {
    // An empty name shows the e-mail address in its place; the stand-in's must too.
    standIn[field] = field === "name" && member.name === "" ? "" : MARKERS[field];
  }
  return standIn;
}

/** Where the reader stands: every field of the session but the personal ones, and an empty name. */
const positionOf = (member: SessionUser | null) =>
  member
    ? Object.entries(member)
        .filter(([field]) => !PERSONAL.has(field))
        .sort(([a], [b]) => a.localeCompare(b))
        .concat([["nameEmpty", member.name === ""]])
    : "visitor";

type StoredTemplate = { storedAt: number; headers: [string, string][]; parts: Template };

/** Templates are few (a seminar's states × kinds of reader); this bounds a mistake. */
const MOST_TEMPLATES = 64;

export function seminarPageTemplates(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  maxAgeSeconds: number;
  /** False: a member's page is rendered on every request (MEMBER_PAGE_CACHE_MB=0). */
  members: boolean;
}): express.RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  /** By key, least recently used first; null: the page cannot be a template (logged once). */
  const templates = new Map<string, StoredTemplate | null>();
  const rendering = new Map<string, Promise<StoredTemplate | null | undefined>>();

  /** The template, null when it may not be filled in, undefined when the page was not a 200. */
  async function render(
    req: express.Request,
    member: SessionUser | null,
    page: SeminarPage,
  ): Promise<StoredTemplate | null | undefined> {
    const request = requestFor(req, null);
    if (member) renderAsUser(request, standInFor(member));
    const context = requestContext({ cspNonce: MARKERS.nonce, clientIp: req.ip });
    context.set(seminarPageContext, page);
    const response = await handleRequest(request, context);
    const html = response.headers.get("content-type")?.startsWith("text/html");
    if (response.status !== 200 || !html || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return undefined;
    }
    const parts = templateOf(await response.text());
    if (!parts) {
      logger.warn({ path: req.path }, "The seminar page cannot be filled in from a template");
      return null;
    }
    const skipped = new Set(["content-length", "content-encoding", "vary"]);
    return {
      storedAt: nowMs(),
      headers: [...response.headers].filter(([name]) => !skipped.has(name)),
      parts,
    };
  }

  return async (req, res, next) => {
    const seminarId = SEMINAR_PAGE.exec(req.path)?.[1];
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Not a seminar's id (`/activities/<id>.data`, a page's data for client-side navigation, is
    // one of these): nothing is read for it here.
    if (!seminarId || !isUuid(seminarId)) return next();
    const cookie = req.get("cookie");
    if (req.originalUrl !== req.path || carriesFlash(cookie)) return next();
    try {
      let member: SessionUser | null = null;
      if (carriesSessionCookie(cookie)) {
        if (!options.members) return next();
        member = await userOfSessionCookie(cookie);
        // An ended session: the normal handler answers it as any other.
        if (!member) return next();
      }
      const [page, version] = await Promise.all([
        loadSeminarPage(seminarId, member),
        currentContentVersion(),
      ]);
      // No such seminar (a 404), or the member's own registration, which the page shows.
      if (!page || page.mine) return next();
      const key = JSON.stringify([req.path, version, positionOf(member), page]);
      let template = templates.get(key);
      if (template && nowMs() - template.storedAt >= options.maxAgeSeconds * 1000) {
        template = undefined;
      }
      let state = "hit";
      if (template === undefined) {
        state = "miss";
        let pending = rendering.get(key);
        if (!pending) {
          pending = render(req, member, page).finally(() => rendering.delete(key));
          rendering.set(key, pending);
        }
        template = await pending;
        if (template === undefined) return next();
      }
      templates.delete(key);
      templates.set(key, template);
      for (const oldest of templates.keys()) {
        if (templates.size <= MOST_TEMPLATES) break;
        templates.delete(oldest);
      }
      if (template === null) return next();

      const nonce = String(res.locals.cspNonce);
      const html = Buffer.from(fillIn(template.parts, member, nonce), "utf8");
      const encoding = chooseEncoding(req);
      const body = await compressDocument(html, encoding);
      for (const [name, value] of template.headers) res.setHeader(name, value);
      // The seats left change by the minute, and a member's page holds their name: never kept by
      // a browser cache, a proxy or a CDN (as server/app.ts's PERSONAL_PATHS says for this path).
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Vary", "Accept-Encoding");
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.setHeader("X-Page-Cache", `template-${state}`);
      res.status(200).end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      // The normal handler answers as it would have without the template: the page, or the
      // site's own error page. A render that failed is not kept, so the next request tries again.
      logger.warn({ err: error, path: req.path }, "The seminar page's template failed");
      if (!res.headersSent) next();
    }
  };
}
