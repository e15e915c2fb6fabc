import type { ToastMessage } from "./toast";

export const FLASH_COOKIE = "flash_toast";

/**
 * A toast to show on the next page (after a redirect). The cookie is readable by the page's
 * script, which shows the toast and clears it; it holds only the toast's text.
 */
export function flashToast(message: Omit<ToastMessage, "id" | "action">) {
  const value = encodeURIComponent(JSON.stringify(message));
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; SameSite=Lax`;
}
