import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { keepFragmentsDrawnBy } from "./lib/fragment-cache";
import { NonceProvider } from "./lib/nonce";
import { cspNonceContext } from "./lib/request-context.server";

export const streamTimeout = 5_000;

// Not in development: an edited menu would still be served as first drawn until a restart.
if (!import.meta.env.DEV) keepFragmentsDrawnBy(renderToStaticMarkup);

/**
 * React writes a document in many small chunks and calls `flush()` on its destination when a
 * batch is complete. Passed on one by one, each chunk made the compression middleware flush its
 * deflate stream (React Router's adapter flushes after every write): a member's page came out
 * about 70% larger than the same bytes compressed at once, and cost CPU per chunk. This passes
 * on one chunk per React flush instead: the shell at once, then each streamed part.
 */
class FlushBatches extends Transform {
  #chunks: Buffer[] = [];
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#chunks.push(chunk);
    done();
  }
  flush() {
    if (this.#chunks.length === 0) return;
    this.push(this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks));
    this.#chunks = [];
  }
  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (including KakaoTalk's link-preview bot), SPA mode and pages rendered for the page
    // cache (no nonce) get the whole document at once.
    const waitForAll = Boolean(
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce,
    );

    function respond() {
      shellRendered = true;
      const body = new FlushBatches();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          allRendered = true;
          clearTimeout(timeout);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          allRendered = true;
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Cleared once everything is rendered. A pending timer holds `abort`, and through it the
    // whole finished render, for six seconds: under load that kept hundreds of renders alive
    // long enough to reach the old generation, and a full collection every ten seconds stalled
    // every request in flight for about 100 ms (bench:scale's p99; docs/performance.md).
    if (!allRendered) timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
