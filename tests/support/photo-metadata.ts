import sharp from "sharp";

/*
 * Photos as a phone takes them, for the tests of ADR 0096: where (GPS), with what (make, model,
 * serial number), by whom (XMP, IPTC, a comment), turned by an orientation tag,
 * in a wide-gamut colour space (Display P3). Each secret is a string a test can look for in
 * whatever the server answers.
 */

export const PHOTO_SECRETS = {
  make: "RidgewayCam",
  model: "RC-7 Pro",
  serial: "SN-0042-7731",
  xmp: "Secret XMP photographer",
  iptc: "Secret IPTC byline",
  comment: "Secret JPEG comment",
};

/** Stored width and height of the photos below, before their orientation tag turns them a quarter. */
export const STORED = { width: 640, height: 400 };

let photosMade = 0;

/**
 * Smooth colour gradients: a picture to encode, cheap enough for a test's every format and size;
 * each call's differs (a new asset, not the same file uploaded again).
 */
function gradient(width: number, height: number) {
  const shift = (photosMade += 1) * 37;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1)
      pixels.set([((x + shift) * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const EXIF = {
  IFD0: { Make: PHOTO_SECRETS.make, Model: PHOTO_SECRETS.model, Software: "RC firmware 1.2", Artist: "Secret Photographer" },
  IFD2: { BodySerialNumber: PHOTO_SECRETS.serial, DateTimeOriginal: "2026:06:14 13:05:09" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 4/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 8/1 31/1" },
};
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.07N"><dc:creator><rdf:Seq><rdf:li>${PHOTO_SECRETS.xmp}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A photo with all of the above, in `format`; orientation 6 (turn a quarter clockwise to view). */
export async function photoWithMetadata(format: "jpeg" | "png" | "webp"): Promise<Buffer> {
  const image = gradient(STORED.width, STORED.height).withIccProfile("p3").withExif(EXIF).withXmp(XMP).withMetadata({ orientation: 6 });
  if (format === "png") return image.png().toBuffer();
  if (format === "webp") return image.webp({ quality: 80 }).toBuffer();
  return withJpegSegments(await image.jpeg({ quality: 85 }).toBuffer());
}

/** A JPEG with a comment (COM) and an IPTC record (APP13), which sharp cannot write, put after its start marker. */
function withJpegSegments(jpeg: Buffer): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const byline = Buffer.from(PHOTO_SECRETS.iptc, "latin1");
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0, byline.length]), byline]);
  const resource = Buffer.concat([
    Buffer.from("8BIM", "latin1"),
    Buffer.from([0x04, 0x04, 0, 0, 0, 0, 0, iptc.length]),
    iptc,
    iptc.length % 2 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    segment(0xfe, Buffer.from(PHOTO_SECRETS.comment, "latin1")),
    segment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource])),
    jpeg.subarray(2),
  ]);
}

/**
 * What an image file gives away: metadata blocks sharp finds (EXIF, XMP, IPTC, comments, an
 * orientation tag) and any of the secrets anywhere in its bytes. Empty for a clean file.
 */
export async function metadataIn(bytes: Buffer): Promise<string[]> {
  const found: string[] = [];
  const metadata = await sharp(bytes).metadata();
  if (metadata.exif) found.push(`EXIF (${metadata.exif.length} bytes)`);
  if (metadata.xmp) found.push("XMP");
  if (metadata.iptc) found.push("IPTC");
  if (metadata.comments?.length) found.push("comments");
  if (metadata.orientation !== undefined && metadata.orientation !== 1) found.push(`orientation ${metadata.orientation}`);
  for (const [name, secret] of Object.entries(PHOTO_SECRETS)) if (bytes.includes(secret, 0, "latin1")) found.push(name);
  return found;
}
