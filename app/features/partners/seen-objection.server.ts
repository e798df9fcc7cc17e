import type { RequestContext } from "~/context";
import { z } from "~/lib/zod";
import { seenObjectionCookie } from "./seen";
import type { SeenChoice } from "./seen-objection";

const seenChoiceSchema = z.object({
  intent: z.literal("seen-count", { message: "This form only sets the seen count choice." }),
  choice: z.enum(["object", "allow"], { message: "Choose whether this browser counts what you see." }),
});

/**
 * The objection form's answer (ADR 0145): the cookie set or cleared on this response, so the next
 * beacon is refused and the reporter no longer starts. An unknown choice is a 400 with its reason.
 */
export function applySeenChoice(
  form: FormData,
  context: Pick<RequestContext, "setCookies" | "publicUrl">,
): { ok: true; choice: SeenChoice } | { ok: false; message: string } {
  const parsed = seenChoiceSchema.safeParse({ intent: form.get("intent"), choice: form.get("choice") });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The choice could not be read." };
  context.setCookies.push(seenObjectionCookie(parsed.data.choice === "object", context.publicUrl.startsWith("https:")));
  return { ok: true, choice: parsed.data.choice };
}
