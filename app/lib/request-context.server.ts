import { createContext, type RouterContext, RouterContextProvider } from "react-router";

// What the Express app knows about a request that the routes need, handed to React Router as the
// loaders' and actions' `context` (a RouterContextProvider: future.v8_middleware). Read with
// `context.get(clientIpContext)`.

/** The client's address (behind a proxy only when TRUST_PROXY says so). */
export const clientIpContext = createContext<string | undefined>();

/**
 * This response's CSP nonce; undefined when the page is rendered for the page cache, whose
 * policy lists the page's script hashes instead (server/page-cache.ts).
 */
export const cspNonceContext = createContext<string | undefined>();

/**
 * How a rendered document is compressed (app/entry.server.tsx, decision 029): brotli for the
 * browsers (all take it), gzip for other clients, "identity" when the client takes neither;
 * undefined when the page is rendered for the page cache, which compresses what it stores itself.
 */
export const documentEncodingContext = createContext<"br" | "gzip" | "identity" | undefined>();

/**
 * gzip's level for the API answers and pages' data, compressed anew on every request by the
 * compression middleware: as fast as the brotli (quality 4) it would otherwise choose, for 3–5 %
 * more bytes than level 6 (docs/performance.md).
 */
export const ANSWER_GZIP_LEVEL = 4;

/** The context of one request, as server/app.ts and the page cache pass it to React Router. */
export function requestContext(request: {
  clientIp: string | undefined;
  cspNonce: string | undefined;
  documentEncoding?: "br" | "gzip" | "identity";
}): RouterContextProvider {
  return new RouterContextProvider(
    new Map<RouterContext, unknown>([
      [clientIpContext, request.clientIp],
      [cspNonceContext, request.cspNonce],
      [documentEncodingContext, request.documentEncoding],
    ]),
  );
}
