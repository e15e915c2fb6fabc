import { promisify } from "node:util";
import zlib from "node:zlib";
import type { DocumentEncoding } from "./request-context.server";

// In one call each, on libuv's threads: the serving thread goes on with the next request (on the
// embedded database it is the one thread that answers everything).
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page compressed in one call, at settings that cost a fraction of rendering it: brotli at
 * quality 2 (a 100 KB roster page: 18.7 KB in 0.35 ms, where quality 4 took twice as long for
 * 17.2 KB), gzip at level 1 (22.1 KB in 0.34 ms; level 4: 20.3 KB in 0.54 ms). Used for every
 * document made per request: rendered (app/entry.server.tsx, decision 029) or filled in from a
 * template (server/seminar-page-templates.ts).
 */
export async function compressDocument(
  html: Buffer<ArrayBuffer>,
  encoding: DocumentEncoding | undefined,
): Promise<Buffer<ArrayBuffer>> {
  if (encoding === "br") {
    return brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  }
  if (encoding === "gzip") return gzip(html, { level: 1, memLevel: 9 });
  return html;
}
