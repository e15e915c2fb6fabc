import { parse as parseCookieHeader } from "cookie";
import type { FlashToast } from "./toast";

export const FLASH_COOKIE = "flash_toast";

/**
 * A toast to show on the next page (after a redirect). The root loader reads it, spends it and
 * hands it to the page: drawn into the HTML as a status message (seen without JavaScript), which
 * the toaster takes over once the page runs. No script needs to read the cookie.
 */
export function flashToast(message: FlashToast) {
  const value = encodeURIComponent(JSON.stringify(message));
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly`;
}

const SPENT = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;

/** Whether a request's Cookie header carries a flash (its answer is then the person's alone). */
export function carriesFlash(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && parseCookieHeader(cookieHeader)[FLASH_COOKIE] !== undefined);
}

/** A flash's text is ours, but the cookie comes back from the browser: only its known shape. */
function flashOf(value: string): FlashToast | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { title, description, variant } = parsed as Record<string, unknown>;
  if (typeof title !== "string" || !title || title.length > 200) return null;
  return {
    title,
    ...(typeof description === "string" && description.length <= 1000 ? { description } : {}),
    ...(variant === "destructive" ? { variant } : {}),
  };
}

/**
 * The flash this request carries (null without one, or a damaged one) and the Set-Cookie that
 * spends it, so it is shown on this page once and on no later one.
 */
export function takeFlash(request: Request): { toast: FlashToast | null; spend?: string } {
  const header = request.headers.get("Cookie");
  if (!carriesFlash(header)) return { toast: null };
  // The cookie library decodes the percent-encoding (and keeps a value it cannot decode as is).
  const value = parseCookieHeader(header ?? "")[FLASH_COOKIE] ?? "";
  return { toast: flashOf(value), spend: SPENT };
}
