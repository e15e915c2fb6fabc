// The download's answer: the stored file streamed as the client reads it (a 50 MB file never
// sits in memory), saved under its original Korean name, never cached. `X-Content-Type-Options:
// nosniff` is on every answer of the server (helmet, server/app.ts); the tests check it here.
import type { Readable } from "node:stream";
import { attachmentDisposition } from "~/lib/content-disposition";

/** A web stream over a Node stream that reads only when the response asks for more. */
function pulled(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(value as Buffer);
        } catch (error) {
          controller.error(error);
        }
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

export function downloadResponse(file: {
  body: Readable;
  size: number;
  fileName: string;
  contentType: string;
}) {
  return new Response(pulled(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
