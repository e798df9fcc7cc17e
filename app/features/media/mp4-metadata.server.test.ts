import { describe, expect, it } from "vitest";
import { box, CLIP_SECRETS, fullBox, teamClip, topBoxes, u32, withFilmingMetadata } from "../../../tests/support/mp4";
import { stripMp4Metadata } from "./mp4-metadata.server";

function strip(bytes: Buffer): Buffer {
  const result = stripMp4Metadata(bytes);
  if (!result.ok) throw new Error(`not stripped: ${result.reason}`);
  return result.bytes;
}

describe("stripMp4Metadata", () => {
  it("clears a phone's location, make, model, XMP, GPS track and filming time, moving no byte", () => {
    const dirty = withFilmingMetadata(teamClip());
    for (const secret of [CLIP_SECRETS.location, CLIP_SECRETS.make, CLIP_SECRETS.model, CLIP_SECRETS.xmp, CLIP_SECRETS.gpsSample]) {
      expect(dirty.includes(secret, 0, "latin1"), secret).toBe(true);
    }
    const clean = strip(dirty);
    for (const secret of [CLIP_SECRETS.location, CLIP_SECRETS.make, CLIP_SECRETS.model, CLIP_SECRETS.xmp, CLIP_SECRETS.gpsSample]) {
      expect(clean.includes(secret, 0, "latin1"), secret).toBe(false);
    }
    expect(clean.includes(u32(CLIP_SECRETS.creationTime))).toBe(false);
    // Same size, same boxes in the same places; the XMP box is now free space.
    expect(clean.length).toBe(dirty.length);
    expect(topBoxes(clean).map((entry) => `${entry.type}@${entry.start}`)).toEqual(
      topBoxes(dirty).map((entry) => `${entry.type === "uuid" ? "free" : entry.type}@${entry.start}`),
    );
    // The picture is untouched: the first mdat holds the same bytes.
    const mdat = topBoxes(dirty).find((entry) => entry.type === "mdat")!;
    expect(Buffer.compare(clean.subarray(mdat.start, mdat.end), dirty.subarray(mdat.start, mdat.end))).toBe(0);
    // Only the picture's track is left in the movie.
    const moov = topBoxes(clean).find((entry) => entry.type === "moov")!;
    expect(topBoxes(clean, moov.start + 8, moov.end).filter((entry) => entry.type === "trak")).toHaveLength(1);
    // The input is not changed.
    expect(dirty.includes(CLIP_SECRETS.location, 0, "latin1")).toBe(true);
  });

  it("keeps a clip without metadata playable: its boxes and samples as they were", () => {
    const clip = teamClip();
    const clean = strip(clip);
    expect(clean.length).toBe(clip.length);
    const mdat = topBoxes(clip).find((entry) => entry.type === "mdat")!;
    expect(Buffer.compare(clean.subarray(mdat.start), clip.subarray(mdat.start))).toBe(0);
    // The encoder's name, which ffmpeg writes in moov/udta, is gone too.
    expect(clip.includes("Lavf", 0, "latin1")).toBe(true);
    expect(clean.includes("Lavf", 0, "latin1")).toBe(false);
  });

  it("refuses what is not a clip it can read, and a streaming MP4 with a data track", () => {
    const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(512), Buffer.from("isomiso2", "latin1"));
    expect(stripMp4Metadata(Buffer.concat([ftyp, Buffer.alloc(4096, 7)]))).toEqual({ ok: false, reason: "unreadable" });
    // A box that claims to run past the end of the file.
    expect(stripMp4Metadata(Buffer.concat([ftyp, u32(9999), Buffer.from("moov", "latin1")]))).toEqual({ ok: false, reason: "unreadable" });
    // A movie with no picture or sound.
    expect(stripMp4Metadata(Buffer.concat([ftyp, box("moov", fullBox("mvhd", 0, Buffer.alloc(96)))]))).toEqual({
      ok: false,
      reason: "unreadable",
    });

    const dataTrack = box("trak", box("mdia", fullBox("hdlr", 0, u32(0), Buffer.from("meta", "latin1"), Buffer.alloc(12))));
    const fragmented = Buffer.concat([
      ftyp,
      box("moov", fullBox("mvhd", 0, Buffer.alloc(96)), dataTrack),
      box("moof"),
      box("mdat", Buffer.alloc(16)),
    ]);
    expect(stripMp4Metadata(fragmented)).toEqual({ ok: false, reason: "fragmented-data-track" });
  });
});
