// What a reader would extract from a PDF the site issued (pdfjs-dist, no system fonts).

/** Every text item of every page of a PDF, joined by new lines. */
export async function pdfText(bytes: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str);
  }
  await doc.destroy();
  return parts.join("\n");
}

/** How many images the PDF's pages paint (the emblem, the seal). */
export async function pdfImageCount(bytes: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  let images = 0;
  for (let i = 1; i <= doc.numPages; i++) {
    const { fnArray } = await (await doc.getPage(i)).getOperatorList();
    images += fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
  }
  await doc.destroy();
  return images;
}
