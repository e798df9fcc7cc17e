import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { femaleSideMembers, teamMembers } from "../../../db/schema";
import type { PictureImage } from "~/features/media/media";
import { withLibraryPhotos } from "~/features/media/media.server";
import type { ShowcaseMember } from "./member-showcase";

export type TeamGroup = "leadership" | "male-side";

/** Team members of one section of the team page, in id order. */
export async function getTeamMembersInGroup(db: Database, group: TeamGroup) {
  const rows = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.group, group), isNull(teamMembers.deletedAt)))
    .orderBy(asc(teamMembers.id));
  return withLibraryPhotos(db, rows, (row) => row.photoAssetId);
}

export async function getTeamMember(db: Database, id: number) {
  const rows = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, id), isNull(teamMembers.deletedAt)))
    .limit(1);
  const [member] = await withLibraryPhotos(db, rows, (row) => row.photoAssetId);
  return member ?? null;
}

export async function getFemaleSideMembers(db: Database) {
  const rows = await db
    .select()
    .from(femaleSideMembers)
    .where(isNull(femaleSideMembers.deletedAt))
    .orderBy(asc(femaleSideMembers.sortOrder));
  return withLibraryPhotos(db, rows, (row) => row.photoAssetId);
}

export type TeamMember = typeof teamMembers.$inferSelect & { photo: PictureImage | null };
export type FemaleSideMember = typeof femaleSideMembers.$inferSelect & { photo: PictureImage | null };

/** A Male Side member as a video tile whose card shows the full bio and links to the profile. */
export function teamMemberTile(member: TeamMember): ShowcaseMember {
  return {
    key: `member-${member.id}`,
    name: member.name,
    role: member.role,
    image: member.image,
    photo: member.photo,
    video: member.video,
    bio: member.fullBio,
    profileUrl: `/team/${member.id}`,
  };
}

export function femaleSideTile(member: FemaleSideMember): ShowcaseMember {
  return {
    key: member.id,
    name: member.name,
    role: member.role,
    image: member.image,
    photo: member.photo,
    video: member.video,
    bio: member.bio,
  };
}
