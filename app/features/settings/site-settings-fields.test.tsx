import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DeskFormField } from "~/features/admin/desk/desk-form";
import { SITE_SETTINGS_FIELDS } from "./site-settings-fields";

const field = (name: string) => SITE_SETTINGS_FIELDS.find((candidate) => candidate.name === name)!;
const inputOf = (name: string) => renderToStaticMarkup(<DeskFormField field={field(name)} value="" />).match(/<input[^>]*>/)![0];

describe("the settings form's contact fields", () => {
  it("types the phone number, so a phone shows its number pad and the browser offers a number", () => {
    const input = inputOf("phone");
    expect(input).toContain('type="tel"');
    expect(input).toContain('inputMode="tel"');
    expect(input).toContain('autoComplete="tel"');
  });

  it("types the e-mail address, so a phone's keyboard has @ and the browser checks the address", () => {
    const input = inputOf("email");
    expect(input).toContain('type="email"');
    expect(input).toContain('inputMode="email"');
    expect(input).toContain('autoComplete="email"');
  });

  it("leaves the postal address a plain text field", () => {
    expect(inputOf("address")).toContain('type="text"');
  });
});
