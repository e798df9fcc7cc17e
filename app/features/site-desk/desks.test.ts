import { describe, expect, it } from "vitest";
import { DESKS, recordToForm } from "./desks";

describe("site desk forms", () => {
  it("turns a stored partner back into the form the schema reads", () => {
    const record = {
      name: "A",
      category: "Technical Partner",
      description: "D",
      website: "https://a.example/",
      logo: "/media/partners/a.svg",
      logoAssetId: null,
      tier: null,
      activeFrom: null,
      activeUntil: "2030-01-01",
      sortOrder: 3,
      details: { founded: 1990, headquarters: "Bath", specialties: ["x", "y"], products: [] },
    };
    const form = recordToForm("partners", record);
    expect(form).toMatchObject({
      tier: "",
      activeFrom: "",
      activeUntil: "2030-01-01",
      founded: "1990",
      specialties: "x\ny",
      sortOrder: "3",
    });
    expect(DESKS.partners.schema.parse(form)).toEqual({ ...record, details: { ...record.details } });
  });

  it("asks for a picture: a library photo, an image path, or both", () => {
    const slide = { title: "T", subtitle: "S", href: "/news/a", sortOrder: "1" };
    const neither = DESKS["hero-slides"].schema.safeParse({ ...slide, image: "", photoAssetId: "" });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0]).toMatchObject({ path: ["photoAssetId"], message: expect.stringMatching(/media library/) });
    const photoId = "6f1c1d3e-0000-4000-8000-000000000001";
    expect(DESKS["hero-slides"].schema.parse({ ...slide, image: "", photoAssetId: photoId })).toMatchObject({
      image: "",
      photoAssetId: photoId,
    });
    expect(DESKS["hero-slides"].schema.parse({ ...slide, image: "/media/hero/a.svg" })).toMatchObject({
      image: "/media/hero/a.svg",
      photoAssetId: null,
    });
    const badPath = DESKS.gallery.schema.safeParse({
      title: "T",
      image: "/media/a.html",
      alt: "A",
      circuit: "C",
      dateText: "D",
      description: "X",
    });
    expect(badPath.error?.issues[0]).toMatchObject({ path: ["image"], message: expect.stringMatching(/image path/) });
  });
});
