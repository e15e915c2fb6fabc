// The demo society's documents, made at seed time instead of committed as binaries: PDFs drawn
// with the certificates' PDF library and font, and HWPX files written as the ZIP packages 한글
// saves (a stored `mimetype` entry first, then the OWPML parts). Both pass the library's own
// content check (uploads/document-sniff.server.ts), as an office's upload would.
import JSZip from "jszip";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { embedKoreanFonts, wrap } from "../documents/issued-document.server";

/** One block of a document: a heading, a paragraph, or a list of items. */
export type DemoBlock =
  | { heading: string }
  | { paragraph: string }
  | { items: string[] }
  | { fields: [label: string, blank: string][] };

export type DemoDocument = {
  title: string;
  /** The line under the title: who issues it, and when. */
  subtitle: string;
  blocks: DemoBlock[];
  /** The society's name, for the document's properties and the page footer. */
  author: string;
};

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const BRAND = rgb(0.1, 0.28, 0.58);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;

/** The document as an A4 PDF whose Korean text is selectable (a Pretendard subset). */
export async function demoPdf(document: DemoDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedKoreanFonts(pdf);
  pdf.setTitle(document.title);
  pdf.setAuthor(document.author);
  pdf.setLanguage("ko-KR");
  // A fixed date keeps the bytes the same from one seed to the next.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));

  const width = A4[0];
  const textWidth = width - MARGIN * 2;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const footer = (target: PDFPage, number: number) =>
    target.drawText(`${document.author} · ${number}`, {
      x: MARGIN,
      y: 36,
      size: 9,
      font: regular,
      color: MUTED,
    });
  let pageNumber = 1;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    footer(page, pageNumber);
    page = pdf.addPage(A4);
    pageNumber += 1;
    y = A4[1] - MARGIN;
  };
  const lines = (text: string, font: PDFFont, size: number, indent = 0, color = INK) => {
    for (const line of wrap(text, font, size, textWidth - indent)) {
      room(size * 1.7);
      page.drawText(line, { x: MARGIN + indent, y, size, font, color });
      y -= size * 1.7;
    }
  };

  lines(document.title, bold, 20, 0, BRAND);
  y -= 2;
  lines(document.subtitle, regular, 10.5, 0, MUTED);
  page.drawLine({
    start: { x: MARGIN, y: y + 4 },
    end: { x: width - MARGIN, y: y + 4 },
    color: BRAND,
    thickness: 1.2,
  });
  y -= 18;
  for (const block of document.blocks) {
    if ("heading" in block) {
      y -= 6;
      lines(block.heading, bold, 13.5);
      y -= 2;
    } else if ("paragraph" in block) {
      lines(block.paragraph, regular, 11);
      y -= 6;
    } else if ("items" in block) {
      for (const item of block.items) {
        room(11 * 1.7);
        page.drawText("•", { x: MARGIN + 4, y, size: 11, font: regular, color: BRAND });
        lines(item, regular, 11, 18);
      }
      y -= 6;
    } else {
      for (const [label, blank] of block.fields) {
        room(28);
        page.drawText(label, { x: MARGIN, y, size: 11, font: bold, color: MUTED });
        page.drawText(blank, { x: MARGIN + 120, y, size: 11, font: regular, color: INK });
        page.drawLine({
          start: { x: MARGIN + 116, y: y - 6 },
          end: { x: width - MARGIN, y: y - 6 },
          color: MUTED,
          thickness: 0.6,
        });
        y -= 28;
      }
      y -= 6;
    }
  }
  footer(page, pageNumber);
  return Buffer.from(await pdf.save());
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document's text, one paragraph a line, as the HWPX section and its preview carry it. */
function plainLines(document: DemoDocument): string[] {
  const out = [document.title, document.subtitle, ""];
  for (const block of document.blocks) {
    if ("heading" in block) out.push("", block.heading);
    else if ("paragraph" in block) out.push(block.paragraph);
    else if ("items" in block) out.push(...block.items.map((item) => `  · ${item}`));
    else out.push(...block.fields.map(([label, blank]) => `${label}: ${blank || "____________"}`));
  }
  return out;
}

const HEAD_NS = 'xmlns:hh="http://www.hancom.co.kr/hwpml/2011/head"';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>';

/**
 * The document as an HWPX package (OWPML, KS X 6101): `mimetype` stored uncompressed as the first
 * entry, the version, the container and manifest, the package file, one header (a font, a
 * character and a paragraph property, the 바탕글 style) and one section of plain paragraphs.
 */
export async function demoHwpx(document: DemoDocument): Promise<Buffer> {
  const zip = new JSZip();
  // A fixed date keeps the bytes the same from one seed to the next.
  const date = new Date(Date.UTC(2025, 0, 1));
  const add = (name: string, text: string, store = false) =>
    zip.file(name, text, {
      date,
      createFolders: false,
      ...(store ? { compression: "STORE" as const } : {}),
    });
  add("mimetype", "application/hwp+zip", true);
  add(
    "version.xml",
    `${XML}<hv:HCFVersion xmlns:hv="http://www.hancom.co.kr/hwpml/2011/version" tagetApplication="WORDPROCESSOR" major="5" minor="1" micro="0" buildNumber="1" os="1" xmlVersion="1.4" application="Hancom Office Hangul" appVersion="11, 0, 0, 0"/>`,
  );
  add(
    "META-INF/container.xml",
    `${XML}<ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:hpf="http://www.hancom.co.kr/schema/2011/hpf"><ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" media-type="application/hwpml-package+xml"/><ocf:rootfile full-path="Preview/PrvText.txt" media-type="text/plain"/></ocf:rootfiles></ocf:container>`,
  );
  add(
    "META-INF/manifest.xml",
    `${XML}<odf:manifest xmlns:odf="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>`,
  );
  add(
    "Contents/content.hpf",
    `${XML}<opf:package xmlns:opf="http://www.idpf.org/2007/opf/" xmlns:dc="http://purl.org/dc/elements/1.1/" version="" unique-identifier="" id=""><opf:metadata><opf:title>${escapeXml(document.title)}</opf:title><opf:language>ko</opf:language><opf:meta name="creator" content="text">${escapeXml(document.author)}</opf:meta></opf:metadata><opf:manifest><opf:item id="header" href="Contents/header.xml" media-type="application/xml"/><opf:item id="section0" href="Contents/section0.xml" media-type="application/xml"/><opf:item id="settings" href="settings.xml" media-type="application/xml"/></opf:manifest><opf:spine><opf:itemref idref="header" linear="yes"/><opf:itemref idref="section0" linear="yes"/></opf:spine></opf:package>`,
  );
  add(
    "Contents/header.xml",
    `${XML}<hh:head ${HEAD_NS} xmlns:hc="http://www.hancom.co.kr/hwpml/2011/core" version="1.4" secCnt="1"><hh:beginNum page="1" footnote="1" endnote="1" pic="1" tbl="1" equation="1"/><hh:refList><hh:fontfaces itemCnt="1"><hh:fontface lang="HANGUL" fontCnt="1"><hh:font id="0" face="함초롬바탕" type="TTF" isEmbedded="0"/></hh:fontface></hh:fontfaces><hh:charProperties itemCnt="1"><hh:charPr id="0" height="1000" textColor="#000000" shadeColor="none" useFontSpace="0" useKerning="0" symMark="NONE" borderFillIDRef="1"><hh:fontRef hangul="0" latin="0" hanja="0" japanese="0" other="0" symbol="0" user="0"/></hh:charPr></hh:charProperties><hh:paraProperties itemCnt="1"><hh:paraPr id="0"><hh:align horizontal="JUSTIFY" vertical="BASELINE"/><hh:lineSpacing type="PERCENT" value="160" unit="HWPUNIT"/></hh:paraPr></hh:paraProperties><hh:styles itemCnt="1"><hh:style id="0" type="PARA" name="바탕글" engName="Normal" paraPrIDRef="0" charPrIDRef="0" nextStyleIDRef="0" langID="1042"/></hh:styles></hh:refList></hh:head>`,
  );
  const paragraphs = plainLines(document)
    .map(
      (line, i) =>
        `<hp:p id="${i}" paraPrIDRef="0" styleIDRef="0" pageBreak="0" columnBreak="0" merged="0"><hp:run charPrIDRef="0"><hp:t>${escapeXml(line)}</hp:t></hp:run></hp:p>`,
    )
    .join("");
  add(
    "Contents/section0.xml",
    `${XML}<hs:sec xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph">${paragraphs}</hs:sec>`,
  );
  add("Preview/PrvText.txt", plainLines(document).join("\r\n"));
  add(
    "settings.xml",
    `${XML}<ha:HWPApplicationSetting xmlns:ha="http://www.hancom.co.kr/hwpml/2011/app"/>`,
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
