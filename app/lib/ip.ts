/**
 * An address as people read it: an IPv4 client seen on a dual-stack socket (::ffff:127.0.0.1)
 * is shown as 127.0.0.1. Stored values stay as they were recorded.
 */
export function displayIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}
