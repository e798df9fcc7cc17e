/*
 * Clears what an MP4 says about where, when and with what it was filmed (ADR 0096), without
 * decoding or re-encoding it and without moving a byte: every box keeps its size and place, so
 * the sample offsets in the index stay right. A box that carries metadata becomes a `free` box
 * (which every player skips) with its contents zeroed:
 * - anywhere in the movie's structure: `udta` (Android's and QuickTime's ©xyz location, ©mak,
 *   ©mod), `meta` (Apple's location, make, model and software keys), `uuid` (XMP, makers' data),
 *   and at the top level or in `moov` any box not needed to play the clip;
 * - a track that is neither picture nor sound (GoPro GPMF, Google CAMM, timed GPS, subtitles
 *   that drones fill with coordinates): its `trak` goes, and its samples in `mdat` are zeroed;
 * - creation and modification times in the movie, track and media headers; handler names and
 *   the video's compressor name (a camera's name often stands there);
 * - the contents of every `free`/`skip` box (some cameras hide GPS logs in them).
 * What a codec's own stream carries (H.264 SEI user data) is left as it is.
 */

export type Mp4StripResult = { ok: true; bytes: Buffer } | { ok: false; reason: "unreadable" | "fragmented-data-track" };

interface Box {
  type: string;
  start: number;
  /** Where the contents start (after the size, the type and any 64-bit size). */
  body: number;
  end: number;
}

class Unreadable extends Error {}
class FragmentedDataTrack extends Error {}
/** Boxes that may stay at the top level; any other is blanked. */
const TOP_LEVEL = new Set(["ftyp", "styp", "moov", "mdat", "moof", "mfra", "sidx", "ssix", "pdin", "free", "skip", "wide"]);
/** Children of `moov` a player needs; any other is blanked. */
const IN_MOOV = new Set(["mvhd", "trak", "mvex", "iods", "free", "skip", "wide"]);
/** Blanked wherever they are. */
const METADATA = new Set(["udta", "meta", "uuid", "XMP_", "ilst", "keys"]);
/** Boxes whose children are walked. */
const CONTAINERS = new Set(["trak", "mdia", "minf", "stbl", "edts", "dinf", "mvex", "moof", "traf", "mfra"]);
const EMPTY = new Set(["free", "skip", "wide"]);
const PLAYED = new Set(["vide", "soun"]);

function readBoxes(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) throw new Unreadable();
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      if (end - offset < 16) throw new Unreadable();
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(end - offset)) throw new Unreadable();
      size = Number(large);
      body = offset + 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < body - offset || offset + size > end) throw new Unreadable();
    boxes.push({ type, start: offset, body, end: offset + size });
    offset += size;
  }
  return boxes;
}

function child(bytes: Buffer, parent: Box, type: string): Box | undefined {
  return readBoxes(bytes, parent.body, parent.end).find((box) => box.type === type);
}

/** Makes a box a `free` box with nothing in it; its size, and so every offset after it, stays. */
function blank(bytes: Buffer, box: Box): void {
  bytes.write("free", box.start + 4, "latin1");
  bytes.fill(0, box.body, box.end);
}

/** Zeroes the creation and modification times of an mvhd, tkhd or mdhd (version 0: 32 bits each, 1: 64). */
function zeroTimes(bytes: Buffer, box: Box): void {
  if (box.end - box.body < 4) throw new Unreadable();
  const width = bytes[box.body] === 1 ? 8 : 4;
  const from = box.body + 4;
  if (from + 2 * width > box.end) throw new Unreadable();
  bytes.fill(0, from, from + 2 * width);
}

/** The handler type of a track (`vide`, `soun`, `meta`, `text`...). */
function handlerOf(bytes: Buffer, trak: Box): string | null {
  const mdia = child(bytes, trak, "mdia");
  const hdlr = mdia && child(bytes, mdia, "hdlr");
  if (!hdlr || hdlr.end - hdlr.body < 12) return null;
  return bytes.toString("latin1", hdlr.body + 8, hdlr.body + 12);
}

/** Zeroes a handler's name (after version, flags, pre_defined, type and 12 reserved bytes). */
function zeroHandlerName(bytes: Buffer, hdlr: Box): void {
  if (hdlr.end - hdlr.body > 24) bytes.fill(0, hdlr.body + 24, hdlr.end);
}

/** Byte ranges of a track's samples, from its sample table. */
function sampleRanges(bytes: Buffer, stbl: Box): Array<[number, number]> {
  const boxes = readBoxes(bytes, stbl.body, stbl.end);
  const find = (type: string) => boxes.find((box) => box.type === type);
  const stsc = find("stsc");
  const stsz = find("stsz");
  const stz2 = find("stz2");
  const offsets = find("stco") ?? find("co64");
  if (!stsc || !offsets || (!stsz && !stz2)) return [];
  const entries = (box: Box, size: number, headerBytes: number) => {
    const count = bytes.readUInt32BE(box.body + headerBytes - 4);
    if (box.body + headerBytes + count * size > box.end) throw new Unreadable();
    return count;
  };

  const chunkCount = entries(offsets, offsets.type === "co64" ? 8 : 4, 8);
  const chunkOffset = (index: number) =>
    offsets.type === "co64"
      ? Number(bytes.readBigUInt64BE(offsets.body + 8 + index * 8))
      : bytes.readUInt32BE(offsets.body + 8 + index * 4);

  let sampleSize: (index: number) => number;
  let sampleCount: number;
  if (stsz) {
    if (stsz.end - stsz.body < 12) throw new Unreadable();
    const fixed = bytes.readUInt32BE(stsz.body + 4);
    sampleCount = bytes.readUInt32BE(stsz.body + 8);
    if (fixed === 0 && stsz.body + 12 + sampleCount * 4 > stsz.end) throw new Unreadable();
    sampleSize = fixed !== 0 ? () => fixed : (index) => bytes.readUInt32BE(stsz.body + 12 + index * 4);
  } else {
    const box = stz2!;
    if (box.end - box.body < 12) throw new Unreadable();
    const field = bytes[box.body + 7]!;
    sampleCount = bytes.readUInt32BE(box.body + 8);
    if (![4, 8, 16].includes(field) || box.body + 12 + Math.ceil((sampleCount * field) / 8) > box.end) throw new Unreadable();
    sampleSize = (index) => {
      if (field === 16) return bytes.readUInt16BE(box.body + 12 + index * 2);
      if (field === 8) return bytes[box.body + 12 + index]!;
      const byte = bytes[box.body + 12 + (index >> 1)]!;
      return index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    };
  }

  const runCount = entries(stsc, 12, 8);
  const ranges: Array<[number, number]> = [];
  let sample = 0;
  for (let run = 0; run < runCount && sample < sampleCount; run += 1) {
    const firstChunk = bytes.readUInt32BE(stsc.body + 8 + run * 12);
    const perChunk = bytes.readUInt32BE(stsc.body + 8 + run * 12 + 4);
    const nextFirst = run + 1 < runCount ? bytes.readUInt32BE(stsc.body + 8 + (run + 1) * 12) : chunkCount + 1;
    if (firstChunk < 1 || nextFirst < firstChunk || nextFirst > chunkCount + 1) throw new Unreadable();
    for (let chunk = firstChunk; chunk < nextFirst && sample < sampleCount; chunk += 1) {
      let position = chunkOffset(chunk - 1);
      for (let i = 0; i < perChunk && sample < sampleCount; i += 1, sample += 1) {
        const size = sampleSize(sample);
        ranges.push([position, position + size]);
        position += size;
      }
    }
  }
  return ranges;
}

function cleanVisualSampleEntries(bytes: Buffer, stsd: Box): void {
  // stsd: version and flags, entry count, then the entries. A visual entry's compressor name
  // is the 32 bytes after its first 42 (reserved, reference index, sizes, resolutions, frames).
  if (stsd.end - stsd.body < 8) throw new Unreadable();
  for (const entry of readBoxes(bytes, stsd.body + 8, stsd.end)) {
    if (entry.end - entry.body < 78) continue;
    bytes.fill(0, entry.body + 42, entry.body + 74);
    for (const inner of readBoxes(bytes, entry.body + 78, entry.end)) if (METADATA.has(inner.type)) blank(bytes, inner);
  }
}

function cleanTree(bytes: Buffer, parent: Box, tracksHandled: (trak: Box) => boolean, videoTrack: boolean): void {
  for (const box of readBoxes(bytes, parent.body, parent.end)) {
    if (METADATA.has(box.type)) blank(bytes, box);
    else if (EMPTY.has(box.type)) bytes.fill(0, box.body, box.end);
    else if (box.type === "tkhd" || box.type === "mdhd") zeroTimes(bytes, box);
    else if (box.type === "hdlr") zeroHandlerName(bytes, box);
    else if (box.type === "stsd" && videoTrack) cleanVisualSampleEntries(bytes, box);
    else if (box.type === "trak") {
      if (tracksHandled(box)) cleanTree(bytes, box, tracksHandled, handlerOf(bytes, box) === "vide");
    } else if (CONTAINERS.has(box.type)) cleanTree(bytes, box, tracksHandled, videoTrack);
  }
}

/** The clip with its metadata cleared, as a new buffer (the input is left as it is). */
export function stripMp4Metadata(input: Uint8Array): Mp4StripResult {
  const bytes = Buffer.from(input);
  try {
    const top = readBoxes(bytes, 0, bytes.length);
    if (top[0]?.type !== "ftyp") return { ok: false, reason: "unreadable" };
    const moovs = top.filter((box) => box.type === "moov");
    if (moovs.length !== 1) return { ok: false, reason: "unreadable" };
    const moov = moovs[0]!;
    const mdats = top.filter((box) => box.type === "mdat");
    const fragmented = top.some((box) => box.type === "moof");
    const inMdat = ([from, to]: [number, number]) => mdats.some((mdat) => from >= mdat.body && to <= mdat.end && from <= to);

    let playedTracks = 0;
    const tracksHandled = (trak: Box): boolean => {
      if (PLAYED.has(handlerOf(bytes, trak) ?? "")) {
        playedTracks += 1;
        return true;
      }
      // Neither picture nor sound: the track goes, and its samples are zeroed where they lie.
      if (fragmented) throw new FragmentedDataTrack();
      const mdia = child(bytes, trak, "mdia");
      const minf = mdia && child(bytes, mdia, "minf");
      const stbl = minf && child(bytes, minf, "stbl");
      if (stbl) {
        for (const range of sampleRanges(bytes, stbl)) {
          if (!inMdat(range)) throw new Unreadable();
          bytes.fill(0, range[0], range[1]);
        }
      }
      blank(bytes, trak);
      return false;
    };

    for (const box of top) {
      if (!TOP_LEVEL.has(box.type)) blank(bytes, box);
      else if (EMPTY.has(box.type)) bytes.fill(0, box.body, box.end);
    }
    for (const box of readBoxes(bytes, moov.body, moov.end)) {
      if (!IN_MOOV.has(box.type)) blank(bytes, box);
      else if (box.type === "mvhd") zeroTimes(bytes, box);
    }
    cleanTree(bytes, moov, tracksHandled, false);
    for (const box of top) if (box.type === "moof" || box.type === "mfra") cleanTree(bytes, box, tracksHandled, false);
    if (playedTracks === 0) return { ok: false, reason: "unreadable" };
    return { ok: true, bytes };
  } catch (error) {
    if (error instanceof FragmentedDataTrack) return { ok: false, reason: "fragmented-data-track" };
    if (error instanceof Unreadable || error instanceof RangeError) return { ok: false, reason: "unreadable" };
    throw error;
  }
}
