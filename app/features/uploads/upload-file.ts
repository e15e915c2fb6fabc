// The browser's side of an upload, written once for every widget that sends a file (the image
// field, the editor, and the library and board to come): ask the server for a signed URL, PUT the
// file to it, and answer the object path to store. Errors carry the server's Korean message, and
// a request the browser could not send at all (its English "Failed to fetch") a Korean one.
import { UPLOAD_MESSAGES } from "./constants";

/** The calls that hand out upload URLs: anonymous sign-ups, or a logged-in user. */
export type UploadEndpoint =
  | "/api/objects/upload-public"
  | "/api/objects/upload"
  | "/api/resources/upload"
  | "/api/announcements/upload";

/** Uploads `file` and answers its `/objects/…` path; throws an Error with a Korean message. */
export async function uploadFile(file: File, endpoint: UploadEndpoint): Promise<string> {
  const granted = await send(endpoint, { method: "POST", credentials: "same-origin" });
  if (!granted.ok) throw new Error(await messageOf(granted));
  const { uploadURL, objectPath } = (await granted.json().catch(() => ({}))) as {
    uploadURL?: string;
    objectPath?: string;
  };
  if (!uploadURL || !objectPath) throw new Error(UPLOAD_MESSAGES.failed);
  const put = await send(uploadURL, {
    method: "PUT",
    body: file,
    headers: { "Content-Type": file.type || "application/octet-stream" },
    credentials: "same-origin",
  });
  if (!put.ok) throw new Error(await messageOf(put));
  return objectPath;
}

/** A request of the upload; a network failure (no answer at all) becomes a Korean message. */
async function send(url: string, init: RequestInit) {
  try {
    return await fetch(url, init);
  } catch {
    throw new Error(UPLOAD_MESSAGES.network);
  }
}

/**
 * The Korean message of a failed upload step, as the server gave it; anything without Korean in it
 * (a browser's own English text) is told as the general upload failure.
 */
export function uploadErrorMessage(error: unknown) {
  return error instanceof Error && /[가-힣]/.test(error.message)
    ? error.message
    : UPLOAD_MESSAGES.failed;
}

/** The toast's title for that message: SPEC.md's for a wrong type or a size, else the failure's. */
export function uploadErrorTitle(message: string) {
  if (message === UPLOAD_MESSAGES.wrongType) return UPLOAD_MESSAGES.wrongTypeTitle;
  if (message === UPLOAD_MESSAGES.tooLarge) return UPLOAD_MESSAGES.tooLargeTitle;
  return UPLOAD_MESSAGES.failedTitle;
}

async function messageOf(response: Response) {
  try {
    const body = (await response.json()) as { message?: string };
    return body.message ?? UPLOAD_MESSAGES.failed;
  } catch {
    return UPLOAD_MESSAGES.failed;
  }
}
