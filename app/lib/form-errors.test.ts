import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { firstErrorPerField } from "./form-errors";

const schema = z
  .object({
    name: z.string().min(1, "Enter a name.").max(3, "At most 3 characters."),
    classes: z.array(z.object({ position: z.number({ error: "Enter a position." }) })),
  })
  .refine((value) => value.name !== "bad", "The form as a whole is refused.");

function refusal(input: unknown): z.ZodError {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected a refusal");
  return parsed.error;
}

describe("firstErrorPerField", () => {
  it("keeps the first message of each field, by the first part of its path", () => {
    const error = refusal({ name: "", classes: [{ position: "x" }, { position: null }] });
    expect(firstErrorPerField(error)).toEqual({ name: "Enter a name.", classes: "Enter a position." });
  });

  it("names a field by its whole path when asked, one message per path", () => {
    const error = refusal({ name: "long", classes: [{ position: "x" }, { position: null }] });
    expect(firstErrorPerField(error, "dotted path")).toEqual({
      name: "At most 3 characters.",
      "classes.0.position": "Enter a position.",
      "classes.1.position": "Enter a position.",
    });
  });

  it("gives an issue about the whole input to the form", () => {
    expect(firstErrorPerField(refusal({ name: "bad", classes: [] }))).toEqual({ form: "The form as a whole is refused." });
  });
});
