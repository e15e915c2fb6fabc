// Tiny real files of every type the library takes, made in the test (no binaries in git): a PDF,
// ZIP archives (DOCX, XLSX, PPTX, HWPX, a plain ZIP) written by a small stored-entry ZIP writer,
// and OLE compound files (HWP, DOC, XLS, PPT, and an MSI-like one the library refuses) written by
// a one-sector-FAT compound file writer. Plus the things that must be refused.
import zlib from "node:zlib";

export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** A ZIP archive of `entries`, stored without compression, in the order given. */
export function zip(entries: { name: string; data: string | Buffer }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, "utf8");
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const DOCX = zip([
  { name: "[Content_Types].xml", data: CONTENT_TYPES },
  { name: "_rels/.rels", data: "<Relationships/>" },
  { name: "word/document.xml", data: "<w:document/>" },
]);
export const XLSX = zip([
  { name: "[Content_Types].xml", data: CONTENT_TYPES },
  { name: "xl/workbook.xml", data: "<workbook/>" },
]);
export const PPTX = zip([
  { name: "[Content_Types].xml", data: CONTENT_TYPES },
  { name: "ppt/presentation.xml", data: "<p:presentation/>" },
]);
export const HWPX = zip([
  { name: "mimetype", data: "application/hwp+zip" },
  { name: "version.xml", data: "<hv:HCFVersion/>" },
  { name: "Contents/content.hpf", data: "<opf:package/>" },
  { name: "META-INF/manifest.xml", data: "<odf:manifest/>" },
]);
export const ZIP = zip([{ name: "안내문/readme.txt", data: "자료 묶음입니다." }]);

/**
 * An OLE compound file whose directory holds `streams` (and `storages`): header, one FAT sector,
 * one directory sector (at most three entries besides the root).
 */
export function compoundFile(streams: string[], storages: string[] = []) {
  const sector = 512;
  const header = Buffer.alloc(sector);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // the directory starts at sector 1
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0, 64);
  header.writeUInt32LE(0xfffffffe, 68);
  header.writeUInt32LE(0, 72);
  header.fill(0xff, 76);
  header.writeUInt32LE(0, 76); // the FAT is sector 0
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(0xfffffffe, 4);
  const directory = Buffer.alloc(sector);
  const entries = [
    { name: "Root Entry", type: 5 },
    ...storages.map((name) => ({ name, type: 1 })),
    ...streams.map((name) => ({ name, type: 2 })),
  ];
  if (entries.length > 4) throw new Error("at most three entries besides the root");
  entries.forEach((entry, index) => {
    const at = index * 128;
    const name = Buffer.from(`${entry.name}\0`, "utf16le");
    name.copy(directory, at);
    directory.writeUInt16LE(name.length, at + 64);
    directory[at + 66] = entry.type;
    directory[at + 67] = 1;
    directory.writeUInt32LE(0xffffffff, at + 68);
    directory.writeUInt32LE(0xffffffff, at + 72);
    directory.writeUInt32LE(0xffffffff, at + 76);
    directory.writeUInt32LE(0xfffffffe, at + 116);
  });
  return Buffer.concat([header, fat, directory]);
}

export const HWP = compoundFile(["FileHeader", "DocInfo"], ["BodyText"]);
export const DOC = compoundFile(["WordDocument", "1Table"]);
export const XLS = compoundFile(["Workbook"]);
export const PPT = compoundFile(["PowerPoint Document", "Current User"]);
/** A compound file that is none of the documents (an installer's tables). */
export const MSI = compoundFile(["\u4840\u3f3f\u4577", "SummaryInformation"]);

/** A Windows executable's start: MZ, the PE offset, the PE signature. */
export const EXE = (() => {
  const bytes = Buffer.alloc(1024);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
})();
export const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(120),
]);
export const SHELL = Buffer.from("#!/bin/sh\necho hello\n");
