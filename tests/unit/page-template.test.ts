// The page template's cutting and filling (server/page-template.ts, decision 031): a marker is
// filled in only where the page's own escaping is known (HTML, or a string of the hydration data);
// anywhere else, or cut in two, the template is refused and the page is rendered as before.
import { describe, expect, it } from "vitest";
import { fillIn, MARKERS, type Reader, templateOf } from "../../server/page-template";

const data = (inner: string) =>
  `<script nonce="${MARKERS.nonce}">window.__reactRouterContext.streamController.enqueue("${inner}");</script>`;

const reader: Reader = {
  id: "6f1c1c3e-2b0a-4a57-9f0e-1a2b3c4d5e6f",
  email: "doctor@example.org",
  name: `김"의사'</script>&`,
  phone: "010-1234-5678",
  hospitalName: "김내과의원",
  department: "내과",
  address: "대구광역시 중구",
  licenseNumber: "12345",
};

describe("templateOf and fillIn", () => {
  it("fills in the HTML escaped as React escapes it, and the data as a JSON string in a JSON string", () => {
    const page = `<a title="마이페이지">${MARKERS.name}</a>${data(`[\\"name\\",\\"${MARKERS.name}\\"]`)}`;
    const template = templateOf(page);
    expect(template).not.toBeNull();
    const html = fillIn(template!, reader, "bm9uY2U=");
    expect(html).toContain('<a title="마이페이지">김&quot;의사&#x27;&lt;/script&gt;&amp;</a>');
    expect(html).toContain('<script nonce="bm9uY2U=">');
    // The script's text never closes early, and reads back as the name.
    const script = html.slice(html.indexOf("enqueue(") + "enqueue(".length, html.lastIndexOf(");"));
    expect(script).not.toContain("</script");
    const chunk = JSON.parse(script) as string;
    expect(JSON.parse(chunk)).toEqual(["name", reader.name]);
  });

  it("leaves a visitor's page with only the nonce to fill in", () => {
    const template = templateOf(`<p>안녕하세요</p>${data("[]")}`);
    expect(template?.filter((part) => typeof part !== "string")).toEqual([
      { field: "nonce", escaped: "html" },
    ]);
    expect(fillIn(template!, null, "abc")).toContain('nonce="abc"');
  });

  it("refuses a marker in a script it does not know, or outside a data string", () => {
    expect(templateOf(`<script>var who = "${MARKERS.email}";</script>`)).toBeNull();
    expect(templateOf(data(`[${MARKERS.id}]`))).toBeNull();
  });

  it("refuses a marker cut in two, shortened or upper-cased", () => {
    const marker = MARKERS.name;
    expect(templateOf(`<p>${marker.slice(0, 20)}</p><p>${marker.slice(20)}</p>`)).toBeNull();
    expect(templateOf(`<p>${marker.slice(0, 14)}</p>`)).toBeNull();
    expect(templateOf(`<p>${marker.slice(-12)}</p>`)).toBeNull();
    expect(templateOf(`<p>${marker.toUpperCase()}</p>`)).toBeNull();
  });

  it("makes a new marker in every process, each a UUID", () => {
    const markers = Object.values(MARKERS);
    expect(new Set(markers).size).toBe(markers.length);
    for (const marker of markers) expect(marker).toMatch(/^[0-9a-f-]{36}$/);
  });
});
