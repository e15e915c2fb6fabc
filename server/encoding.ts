import type express from "express";
import type { DocumentEncoding } from "~/lib/request-context.server";

/**
 * Brotli where the client takes it (every browser), else gzip, else the plain bytes: for the pages
 * the page cache sends and those rendered per request (app/entry.server.tsx). Brotli first when
 * the client takes both, as `compression` does for the other responses.
 */
export function chooseEncoding(req: express.Request): DocumentEncoding {
  if (req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : "identity";
}
