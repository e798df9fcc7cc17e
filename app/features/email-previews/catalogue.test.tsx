import { describe, expect, it } from "vitest";
import { EMAIL_CATALOGUE, findEmailKind } from "./catalogue.server";
import { previewWidth } from "./preview-width";

const site = { publicUrl: "https://ridgeway-racing.example", postalAddress: "Unit 4, Ridgeway Business Park, Swindon SN4 0AA" };

describe("the catalogue of every e-mail the site sends", () => {
  it("names each kind once, with a URL-safe id", () => {
    const ids = EMAIL_CATALOGUE.map((kind) => kind.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    expect(findEmailKind("order-confirmation")?.name).toBe("Order confirmation");
    expect(findEmailKind("no-such-kind")).toBeUndefined();
  });

  it.each(EMAIL_CATALOGUE.map((kind) => [kind.id, kind] as const))(
    "%s renders in the one layout, both parts, with an address to send to",
    async (_id, kind) => {
      const email = await kind.sample(site);
      expect(email.to).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.html).toContain(`src="${site.publicUrl}/email/logo.png"`);
      expect(email.html).toContain(site.postalAddress);
      expect(email.html).toContain("max-width:600px");
      expect(email.text).toContain(site.postalAddress);
      expect(email.text).toMatch(/You receive this because/);
      expect(email.text).not.toContain("<");
      // An address with punctuation straight after it would be read as part of the link.
      const addresses = email.text.match(/https?:\/\/\S+/g) ?? [];
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) expect(address, address).not.toMatch(/[.,;:!?)]$/);
    },
  );

  it("previews at the phone or desktop width, desktop for anything else", () => {
    expect(previewWidth("390")).toBe(390);
    expect(previewWidth("700")).toBe(700);
    for (const value of [null, "", "391", "abc", "700px"]) expect(previewWidth(value)).toBe(700);
  });
});
