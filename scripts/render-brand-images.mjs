// Renders the Open Graph image's background (assets/og-base.png: the hero and the names) with the
// Chromium the tests use; the server puts the office's emblem, or the built-in one, on it
// (features/uploads/brand-images.server.ts). The home page shows assets-src/hero.svg itself (see
// hero-image.server.ts). Run after changing assets-src/hero.svg or the society's name:
// `node scripts/render-brand-images.mjs`.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright";

const root = path.resolve(import.meta.dirname, "..");
const hero = fs.readFileSync(path.join(root, "assets-src", "hero.svg"), "utf8");
const name = process.env.SOCIETY_NAME ?? "대한개원의AI마케팅학회";
const english = process.env.SOCIETY_ENGLISH_NAME ?? "Korean Society of AI Marketing for Clinics";
const dataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const page = await browser.newPage();

// The Open Graph image's background: 1200 × 630, the hero behind the names, with room for the
// emblem (120 × 120 at 80, 150; OG_EMBLEM in brand-images.server.ts).
await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<!doctype html><html lang="ko"><body style="margin:0">
<div style="position:relative;width:1200px;height:630px;overflow:hidden;font-family:'Noto Sans CJK KR','Pretendard',sans-serif">
  <img src="${dataUrl(hero)}" style="position:absolute;inset:0;width:1200px;height:800px;object-fit:cover;opacity:.55">
  <div style="position:absolute;inset:0;background:linear-gradient(90deg,#132f5e 35%,rgba(19,47,94,.2))"></div>
  <div style="position:absolute;left:80px;top:150px;color:#fff">
    <div style="width:120px;height:120px"></div>
    <p style="margin:36px 0 0;font-size:64px;font-weight:800;letter-spacing:-1px">${name}</p>
    <p style="margin:12px 0 0;font-size:28px;color:#bcd6ff">${english}</p>
  </div>
</div></body></html>`);
await page.waitForTimeout(300);
const ogBase = path.join(root, "assets", "og-base.png");
await page.screenshot({ path: ogBase, type: "png" });
await browser.close();
console.log(path.relative(root, ogBase), fs.statSync(ogBase).size, "bytes");
