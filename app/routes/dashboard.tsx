import { data, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { SectionHeading } from "~/components/ui/section-heading";
import { AVATAR_MESSAGES } from "~/features/account/avatar";
import { processAvatar } from "~/features/account/avatar.server";
import { FormNotice } from "~/components/ui/form-notice";
import { ProfileEditor, ProfileView } from "~/features/account/profile-card";
import { parseProfileForm } from "~/features/account/profile-form.server";
import { updateProfile } from "~/features/account/profile.server";
import { requireUser } from "~/features/account/session.server";
import { parseFormBody } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  return data(
    {
      profile: { name: user.name, email: user.email, role: user.role, image: user.image },
      editing: url.searchParams.has("edit"),
      saved: url.searchParams.has("saved"),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const fail = (message: string, name?: string, status = 400) => data({ message, name }, { status, headers: NO_STORE });
  // The server stops reading a body over this route's limit (server/body-limit.ts): a picture
  // too large is never buffered, and the visitor hears why.
  const body = await parseFormBody(request);
  if (!body.ok) return fail(body.status === 413 ? AVATAR_MESSAGES.tooLarge : body.message, undefined, body.status);
  const { form } = body;
  if (form.get("intent") !== "update-profile") throw data({ message: "Unknown form intent." }, { status: 400 });
  const parsed = parseProfileForm(form);
  const typedName = typeof form.get("name") === "string" ? String(form.get("name")).slice(0, 200) : undefined;
  if (!parsed.ok) return fail(parsed.message, typedName);
  let avatar;
  if (parsed.value.avatar) {
    const processed = await processAvatar(new Uint8Array(await parsed.value.avatar.arrayBuffer()));
    if (!processed.ok) return fail(processed.message, typedName);
    avatar = processed;
  }
  await updateProfile(context.db, user.id, { name: parsed.value.name, avatar });
  context.log.info({ avatar: Boolean(avatar) }, "profile updated");
  return redirect("/dashboard?saved", { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "User Dashboard", description: "Your Ridgeway Racing account.", path: null });

export default function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  // A failed save stays in edit mode, whatever the address says.
  const editing = loaderData.editing || actionData !== undefined;
  return (
    <>
      <SectionHeading level={1} eyebrow={`Welcome, ${profile.name}`} title="User Dashboard" />
      {editing ? (
        <ProfileEditor profile={profile} error={actionData?.message} name={actionData?.name} />
      ) : (
        <>
          {loaderData.saved && <FormNotice tone="success">Your profile is saved.</FormNotice>}
          <ProfileView profile={profile} />
        </>
      )}
    </>
  );
}
