import { useState, type ChangeEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { UserIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, AVATAR_MESSAGES, AVATAR_SIZE } from "./avatar";
import { LOGIN_LIMITS } from "./login-form";
import { ROLE_LABELS, type AccountRole } from "./roles";

export interface Profile {
  name: string;
  email: string;
  role: AccountRole;
  image: string | null;
}

export function Avatar({ image, name, className = "size-24" }: { image: string | null; name: string; className?: string }) {
  if (image) {
    return (
      <img
        src={image}
        alt={`${name}'s profile picture`}
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        className={`${className} shrink-0 rounded-full border border-line object-cover`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label="No profile picture"
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full border border-line bg-surface-raised text-muted`}
    >
      <UserIcon className="size-1/2" />
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1 text-base wrap-anywhere">{children}</dd>
    </div>
  );
}

/** View mode: avatar or placeholder, name, e-mail and role, with Edit Profile. */
export function ProfileView({ profile }: { profile: Profile }) {
  return (
    <section aria-labelledby="profile-heading" className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id="profile-heading" className="sr-only">
        Profile
      </h2>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Avatar image={profile.image} name={profile.name} />
        <dl className="grid flex-1 gap-4 sm:grid-cols-2">
          <Detail label="Name">{profile.name}</Detail>
          <Detail label="Email">{profile.email}</Detail>
          <Detail label="Role">{ROLE_LABELS[profile.role]}</Detail>
        </dl>
      </div>
      <div className="mt-6">
        <LinkButton to="/dashboard?edit" variant="secondary">
          Edit Profile
        </LinkButton>
      </div>
    </section>
  );
}

/**
 * Edit mode: name and picture can change; e-mail and role are shown read-only.
 * A failed save comes back here with the reason and the name as typed.
 */
export function ProfileEditor({ profile, error, name }: { profile: Profile; error?: string; name?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction?.startsWith("/dashboard") === true;
  const [fileError, setFileError] = useState<string | null>(null);
  const message = fileError ?? error;

  function checkFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const tooLarge = file !== undefined && file.size > AVATAR_MAX_BYTES;
    setFileError(tooLarge ? AVATAR_MESSAGES.tooLarge : null);
    if (tooLarge) event.currentTarget.value = "";
  }

  return (
    <section aria-labelledby="edit-profile-heading" className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id="edit-profile-heading" className="text-xl font-bold uppercase">
        Edit Profile
      </h2>
      <div aria-live="polite">
        {message && (
          <p role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
            {message}
          </p>
        )}
      </div>
      {/* ?index: /dashboard is both the layout and its index route; the action is the index's. */}
      <Form method="post" action="/dashboard?index&edit" encType="multipart/form-data" className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="update-profile" />
        <fieldset disabled={saving} className="grid gap-5">
          <legend className="sr-only">Your profile</legend>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <Avatar image={profile.image} name={profile.name} className="size-20" />
            <FormField
              label="Profile picture (optional)"
              name="avatar"
              type="file"
              accept={AVATAR_ACCEPT}
              hint="JPEG, PNG or WebP, up to 5 MB. It is cropped to a square."
              onChange={checkFile}
              className="flex-1"
            />
          </div>
          <FormField
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={LOGIN_LIMITS.name}
            defaultValue={name ?? profile.name}
          />
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Email">{profile.email}</Detail>
            <Detail label="Role">{ROLE_LABELS[profile.role]}</Detail>
          </dl>
          <p className="-mt-2 text-xs text-muted">Your email and role can&apos;t be changed.</p>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
          <LinkButton to="/dashboard" variant="ghost">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </section>
  );
}
