import { readFileSync } from "node:fs";

/*
 * MP4 files for tests, built box by box: the team's own clip with what a phone or an action
 * camera adds to it (a location, a make and model, XMP, a GPS track), so a test can check none
 * of it leaves the server.
 */

export const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};

/** A box: its size, its four-character type (latin1, so "\u00a9xyz" is QuickTime's ©xyz), its contents. */
export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}
export function fullBox(type: string, version: number, ...parts: Buffer[]): Buffer {
  return box(type, Buffer.from([version, 0, 0, 0]), ...parts);
}

interface Box {
  type: string;
  start: number;
  end: number;
}
export function topBoxes(bytes: Buffer, start = 0, end = bytes.length): Box[] {
  const boxes: Box[] = [];
  for (let offset = start; offset + 8 <= end;) {
    const size = bytes.readUInt32BE(offset);
    boxes.push({ type: bytes.toString("latin1", offset + 4, offset + 8), start: offset, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** The team's clip (made by scripts/make-team-videos.sh): moov before mdat, as the web wants. */
export function teamClip(): Buffer {
  return readFileSync(new URL("../../public/media/team/member-1.mp4", import.meta.url));
}

/** What a phone or camera would leave in a clip, each a string a test can look for in the bytes. */
export const CLIP_SECRETS = {
  location: "+51.5012-000.1419+011.000/",
  make: "RidgewayCam",
  model: "RC-7 Pro serial 0042",
  xmp: 'exif:GPSLatitude="51,30.07N"',
  gpsSample: "$GPRMC,123519,A,5130.07,N,00008.51,W",
  creationTime: 0xe1234567,
};

function quickTimeText(type: string, text: string): Buffer {
  return box(type, u16(text.length), u16(0x15c7), Buffer.from(text, "latin1"));
}

/** A track of timed metadata (a GPS log), one sample at `sampleOffset`. */
function gpsTrack(sampleOffset: number, sampleSize: number): Buffer {
  const stbl = box(
    "stbl",
    fullBox("stsd", 0, u32(1), box("mett", Buffer.alloc(6), u16(1), Buffer.from("\0application/gps\0", "latin1"))),
    fullBox("stts", 0, u32(1), u32(1), u32(1000)),
    fullBox("stsc", 0, u32(1), u32(1), u32(1), u32(1)),
    fullBox("stsz", 0, u32(0), u32(1), u32(sampleSize)),
    fullBox("stco", 0, u32(1), u32(sampleOffset)),
  );
  return box(
    "trak",
    fullBox("tkhd", 0, u32(CLIP_SECRETS.creationTime), u32(CLIP_SECRETS.creationTime), u32(9), Buffer.alloc(68)),
    box(
      "mdia",
      fullBox("mdhd", 0, u32(CLIP_SECRETS.creationTime), u32(CLIP_SECRETS.creationTime), u32(1000), u32(1000), u32(0)),
      fullBox("hdlr", 0, u32(0), Buffer.from("meta", "latin1"), Buffer.alloc(12), Buffer.from("GPS log\0", "latin1")),
      box("minf", fullBox("nmhd", 0), stbl),
    ),
  );
}

/**
 * `clip` as a phone would film it: a location, make and model in moov/udta and moov/meta, a
 * creation time in the movie header, a GPS track whose samples sit in a second mdat, and XMP
 * at the end. The sample offsets of the clip's own tracks are moved by what moov grew.
 */
export function withFilmingMetadata(clip: Buffer): Buffer {
  const top = topBoxes(clip);
  const moov = top.find((entry) => entry.type === "moov")!;
  const udta = box(
    "udta",
    quickTimeText("\u00a9xyz", CLIP_SECRETS.location),
    quickTimeText("\u00a9mak", CLIP_SECRETS.make),
    quickTimeText("\u00a9mod", CLIP_SECRETS.model),
  );
  const keyNames = ["com.apple.quicktime.location.ISO6709", "com.apple.quicktime.make", "com.apple.quicktime.model"];
  const values = [CLIP_SECRETS.location, CLIP_SECRETS.make, CLIP_SECRETS.model];
  const meta = fullBox(
    "meta",
    0,
    fullBox("hdlr", 0, u32(0), Buffer.from("mdta", "latin1"), Buffer.alloc(12), Buffer.from("\0", "latin1")),
    fullBox("keys", 0, u32(keyNames.length), ...keyNames.map((name) => box("mdta", Buffer.from(name, "latin1")))),
    box(
      "ilst",
      ...values.map((value, i) => box(String.fromCharCode(0, 0, 0, i + 1), box("data", u32(1), u32(0), Buffer.from(value, "latin1")))),
    ),
  );
  const sample = Buffer.from(CLIP_SECRETS.gpsSample, "latin1");
  const trackSize = gpsTrack(0, 0).length;
  const grown = udta.length + meta.length + trackSize;
  // The GPS sample goes in an mdat after everything the clip had (which moves by `grown`).
  const sampleOffset = clip.length + grown + 8;
  const inserted = Buffer.concat([gpsTrack(sampleOffset, sample.length), udta, meta]);

  const newMoov = Buffer.concat([u32(moov.end - moov.start + grown), clip.subarray(moov.start + 4, moov.end), inserted]);
  // Creation and modification times in the movie header (version 0: right after version and flags).
  const mvhd = topBoxes(newMoov, 8, newMoov.length).find((entry) => entry.type === "mvhd")!;
  newMoov.writeUInt32BE(CLIP_SECRETS.creationTime, mvhd.start + 12);
  newMoov.writeUInt32BE(CLIP_SECRETS.creationTime, mvhd.start + 16);
  if (moov.start < top.find((entry) => entry.type === "mdat")!.start) shiftChunkOffsets(newMoov, grown);
  return Buffer.concat([
    clip.subarray(0, moov.start),
    newMoov,
    clip.subarray(moov.end),
    box("mdat", sample),
    box(
      "uuid",
      Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex"),
      Buffer.from(`<x:xmpmeta><rdf:Description ${CLIP_SECRETS.xmp} tiff:Make="${CLIP_SECRETS.make}"/></x:xmpmeta>`, "latin1"),
    ),
  ]);
}

/** Adds `delta` to every chunk offset of the clip's own tracks (the stco boxes under moov). */
function shiftChunkOffsets(moov: Buffer, delta: number): void {
  const walk = (start: number, end: number) => {
    for (const entry of topBoxes(moov, start, end)) {
      if (["trak", "mdia", "minf", "stbl"].includes(entry.type)) walk(entry.start + 8, entry.end);
      if (entry.type === "stco") {
        const count = moov.readUInt32BE(entry.start + 12);
        for (let i = 0; i < count; i += 1) {
          const at = entry.start + 16 + i * 4;
          moov.writeUInt32BE(moov.readUInt32BE(at) + delta, at);
        }
      }
    }
  };
  // Only the clip's own tracks: the GPS track (appended last) already has its final offset.
  const own = topBoxes(moov, 8, moov.length);
  const last = own.filter((entry) => entry.type === "trak").at(-1)!;
  for (const entry of own) if (entry.type === "trak" && entry !== last) walk(entry.start + 8, entry.end);
}
