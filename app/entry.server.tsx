import { Writable } from "node:stream";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { compressDocument } from "./lib/document-compression.server";
import { keepFragmentsDrawnBy } from "./lib/fragment-cache";
import { NonceProvider } from "./lib/nonce";
import { cspNonceContext, documentEncodingContext } from "./lib/request-context.server";
import { logger } from "./logger.server";

export const streamTimeout = 5_000;

// What a loader or an action threw that is not an answer of its own: logged as one JSON line
// through the app's logger (which leaves out a failed statement's values), not printed raw.
// A refusal (a 4xx thrown on purpose) and a request the browser gave up are not faults.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "Unhandled error in a page");
};

// Not in development: an edited menu would still be served as first drawn until a restart.
if (!import.meta.env.DEV) keepFragmentsDrawnBy(renderToStaticMarkup);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  const encoding = loadContext.get(documentEncodingContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;

    // The document is sent whole, compressed in one call (decision 029): a page is rendered in a
    // few milliseconds with every loader already done, so streaming it gained the browser
    // nothing, and passing it through a compression stream cost 10–13 % of the page's CPU.
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        compressDocument(Buffer.concat(chunks), encoding).then((body) => {
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (encoding) responseHeaders.append("Vary", "Accept-Encoding");
          if (encoding === "br" || encoding === "gzip") {
            responseHeaders.set("Content-Encoding", encoding);
          }
          responseHeaders.set("Content-Length", String(body.length));
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          done();
        }, reject);
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          allRendered = true;
          clearTimeout(timeout);
          pipe(document);
        },
        onShellError(error: unknown) {
          allRendered = true;
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router answers (and logs) the error itself.
          if (shellRendered) console.error(error);
        },
      },
    );
    // A part still suspended after the timeout is given up (React renders it in the browser).
    // Cleared once everything is rendered: a pending timer holds `abort`, and through it the
    // whole finished render, for six seconds; under load that kept hundreds of renders alive
    // long enough to reach the old generation, and a full collection every ten seconds stalled
    // every request in flight for about 100 ms (bench:scale's p99; docs/performance.md).
    if (!allRendered) timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
