// `Content-Disposition: attachment` with a Korean file name that Chrome, Safari, Firefox and Edge on
// Windows all save correctly (RFC 6266 with RFC 5987/8187 encoding): an ASCII `filename` for old
// clients and `filename*=UTF-8''…` with the real name, percent-encoded, which every current browser
// prefers.

// Unicode's direction controls (LRE…RLO, LRI…PDI, LRM, RLM, ALM) make a name display other than it
// reads: "slides\u202Efdp.exe.zip" shows as "slidespiz.exe.pdf". No file name needs them.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `name` without Unicode direction controls, so it shows as it truly ends. */
export function withoutBidiControls(name: string) {
  return name.replace(BIDI_CONTROLS, "");
}

/** The RFC 5987 `value-chars` encoding: percent-encoded UTF-8, attr-chars left as they are. */
export function encodeRfc5987(value: string) {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An ASCII stand-in for `name`: other characters become "_", the extension is kept. */
export function asciiFallback(name: string) {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : "";
  const clean = (text: string) =>
    text
      .replace(/[^\x20-\x7e]+/g, "_")
      .replace(/["\\%;]/g, "_")
      .trim();
  const ascii = clean(base);
  return `${/[A-Za-z0-9]/.test(ascii) ? ascii : "download"}${clean(extension)}`;
}

/** The header's value for downloading a file saved as `name`. */
export function attachmentDisposition(rawName: string) {
  const name = withoutBidiControls(rawName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
