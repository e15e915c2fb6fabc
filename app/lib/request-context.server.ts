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
export const documentEncodingContext = createContext<DocumentEncoding | undefined>();

export type DocumentEncoding = "br" | "gzip" | "identity";

/** Who sent a request: its address and the origin it was sent to (what the browser calls back). */
export function requesterOf({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  return { ip: context.get(clientIpContext), origin: new URL(request.url).origin };
}

/** The context of one request, as server/app.ts and the page cache pass it to React Router. */
export function requestContext(request: {
  clientIp: string | undefined;
  cspNonce: string | undefined;
  documentEncoding?: DocumentEncoding;
}): RouterContextProvider {
  return new RouterContextProvider(
    new Map<RouterContext, unknown>([
      [clientIpContext, request.clientIp],
      [cspNonceContext, request.cspNonce],
      [documentEncodingContext, request.documentEncoding],
    ]),
  );
}
