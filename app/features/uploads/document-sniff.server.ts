// What a document really is, read from its bytes: the name and the browser's declared
// type are ignored. PDF and images by their signatures (`file-type`); Office 97–2003 files and
// HWP are OLE compound files told apart by the streams they hold (HWP: FileHeader and DocInfo);
// DOCX/XLSX/PPTX and HWPX are ZIP archives told apart by their entries (HWPX: a `mimetype` of
// application/hwp+zip or the HWPX manifest `Contents/content.hpf`); any other ZIP is a ZIP.
// Everything else (a renamed executable, an MSI, a script, HTML, SVG) is refused.
// Reads only the parts it needs from the file, never the whole of it.
import fs from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import type { DocumentKind } from "./document-types";

type Reader = { size: number; read(offset: number, length: number): Promise<Buffer> };

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/** The kind of the file at `filePath`, or null when the library does not take it. */
export async function sniffDocument(filePath: string): Promise<DocumentKind | null> {
  const handle = await fs.open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const reader: Reader = {
      size,
      async read(offset, length) {
        const wanted = Math.max(0, Math.min(length, size - offset));
        const buffer = Buffer.alloc(wanted);
        if (wanted > 0) await handle.read(buffer, 0, wanted, offset);
        return buffer;
      },
    };
    return await sniff(reader);
  } finally {
    await handle.close();
  }
}

async function sniff(reader: Reader): Promise<DocumentKind | null> {
  if (reader.size === 0) return null;
  const head = await reader.read(0, 4100);
  if (head.length >= 8 && head.subarray(0, 8).equals(OLE_MAGIC)) return sniffOle(reader);
  if (head.length >= 4 && head.readUInt32LE(0) === ZIP_LOCAL) return sniffZip(reader);
  if (head.length >= 4 && head.readUInt32LE(0) === ZIP_END) return "zip"; // an empty archive
  const type = await fileTypeFromBuffer(head);
  switch (type?.mime) {
    case "application/pdf":
      return "pdf";
    case "image/jpeg":
      return "jpg";
    case "image/png":
      return "png";
    case "image/gif":
      return "gif";
    case "image/webp":
      return "webp";
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// ZIP: the central directory names every entry.

async function sniffZip(reader: Reader): Promise<DocumentKind | null> {
  const entries = await zipEntries(reader);
  if (!entries) return null;
  const names = new Set(entries.map((entry) => entry.name));
  if (names.has("[Content_Types].xml")) {
    const any = (prefix: string) => entries.some((entry) => entry.name.startsWith(prefix));
    if (any("word/")) return "docx";
    if (any("xl/")) return "xlsx";
    if (any("ppt/")) return "pptx";
  }
  const mimetype = entries.find((entry) => entry.name === "mimetype");
  if (mimetype && (await storedText(reader, mimetype.localOffset)) === "application/hwp+zip") {
    return "hwpx";
  }
  if (names.has("Contents/content.hpf") && names.has("META-INF/manifest.xml")) return "hwpx";
  return "zip";
}

type ZipEntry = { name: string; localOffset: number };

/** The archive's entries from its central directory, or null when it has none that can be read. */
async function zipEntries(reader: Reader): Promise<ZipEntry[] | null> {
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  const tailLength = Math.min(reader.size, 22 + 65_535);
  const tail = await reader.read(reader.size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // A ZIP64 archive or a directory past the end: not one we can read, so not one we take.
  if (directoryOffset === 0xffffffff || directoryOffset + directorySize > reader.size) return null;
  if (directorySize > 8 * 1024 * 1024) return null;
  const directory = await reader.read(directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count && at + 46 <= directory.length; i++) {
    if (directory.readUInt32LE(at) !== ZIP_CENTRAL) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    const name = directory.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    entries.push({ name, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The text of a small entry stored without compression (HWPX's `mimetype`), or null. */
async function storedText(reader: Reader, localOffset: number) {
  const header = await reader.read(localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== ZIP_LOCAL) return null;
  if (header.readUInt16LE(8) !== 0) return null; // compressed
  const size = header.readUInt32LE(18);
  if (size > 100) return null;
  const start = localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  return (await reader.read(start, size)).toString("latin1").trim();
}

// ---------------------------------------------------------------------------------------------
// OLE compound files: the directory names every stream.

const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTOR = 0xfffffffa;

async function sniffOle(reader: Reader): Promise<DocumentKind | null> {
  const names = await oleNames(reader);
  if (!names) return null;
  if (names.has("FileHeader") && names.has("DocInfo")) return "hwp";
  if (names.has("WordDocument")) return "doc";
  if (names.has("Workbook") || names.has("Book")) return "xls";
  if (names.has("PowerPoint Document")) return "ppt";
  return null;
}

/** The names in an OLE compound file's directory, or null when it cannot be read. */
async function oleNames(reader: Reader): Promise<Set<string> | null> {
  const header = await reader.read(0, 512);
  if (header.length < 512) return null;
  const shift = header.readUInt16LE(30);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const fatSectorCount = header.readUInt32LE(44);
  const firstDirectory = header.readUInt32LE(48);
  let difatSector = header.readUInt32LE(68);
  const maxSectors = Math.ceil(reader.size / sectorSize);
  if (fatSectorCount > maxSectors) return null;

  // The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) {
    fatSectors.push(header.readUInt32LE(76 + i * 4));
  }
  for (let hops = 0; fatSectors.length < fatSectorCount && difatSector <= MAX_SECTOR; hops++) {
    if (hops > maxSectors) return null;
    const block = await reader.read(sectorOffset(difatSector), sectorSize);
    if (block.length < sectorSize) return null;
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(block.readUInt32LE(i * 4));
    }
    difatSector = block.readUInt32LE((perSector - 1) * 4);
  }
  if (fatSectors.some((sector) => sector > MAX_SECTOR || sector >= maxSectors)) return null;
  const fat = Buffer.concat(
    await Promise.all(fatSectors.map((sector) => reader.read(sectorOffset(sector), sectorSize))),
  );
  const next = (sector: number) =>
    sector * 4 + 4 <= fat.length ? fat.readUInt32LE(sector * 4) : END_OF_CHAIN;

  const names = new Set<string>();
  let sector = firstDirectory;
  for (let hops = 0; sector <= MAX_SECTOR; hops++) {
    if (hops > maxSectors || sector >= maxSectors) return null;
    const block = await reader.read(sectorOffset(sector), sectorSize);
    if (block.length < sectorSize) return null;
    for (let at = 0; at + 128 <= block.length; at += 128) {
      const nameBytes = block.readUInt16LE(at + 64);
      const type = block[at + 66];
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      names.add(block.subarray(at, at + nameBytes - 2).toString("utf16le"));
    }
    sector = next(sector);
  }
  return names;
}
