import zlib from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream, PDFArray, type PDFPage } from "pdf-lib";

/**
 * The text a PDF written with the standard fonts shows, page by page, one line per text object:
 * its content streams inflated and each `<hex> Tj` decoded (what pdf-lib's drawText writes).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    for (const stream of contentStreams(page)) {
      const filter = stream.dict.get(PDFName.of("Filter"));
      const raw = Buffer.from(stream.contents);
      const decoded = filter === PDFName.of("FlateDecode") ? zlib.inflateSync(raw) : raw;
      const text = decoded.toString("latin1");
      let line: string[] = [];
      for (const match of text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|(ET)/g)) {
        if (match[2]) {
          if (line.length) lines.push(line.join(" "));
          line = [];
        } else line.push(Buffer.from(match[1]!, "hex").toString("latin1"));
      }
    }
  }
  return lines.join("\n");
}

function contentStreams(page: PDFPage): PDFRawStream[] {
  const contents = page.node.get(PDFName.of("Contents"));
  const resolve = (ref: unknown) => page.doc.context.lookup(ref as never);
  if (contents instanceof PDFArray)
    return contents
      .asArray()
      .map(resolve)
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream);
  const single = resolve(contents);
  return single instanceof PDFRawStream ? [single] : [];
}
