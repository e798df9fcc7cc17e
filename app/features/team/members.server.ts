import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { femaleSideMembers, teamMembers } from "../../../db/schema";
import type { ShowcaseMember } from "./member-showcase";

export type TeamGroup = "leadership" | "male-side";

/** Team members of one section of the team page, in id order. */
export async function getTeamMembersInGroup(db: Database, group: TeamGroup) {
  return db.select().from(teamMembers).where(and(eq(teamMembers.group, group), isNull(teamMembers.deletedAt))).orderBy(asc(teamMembers.id));
}

export async function getTeamMember(db: Database, id: number) {
  const [member] = await db.select().from(teamMembers).where(and(eq(teamMembers.id, id), isNull(teamMembers.deletedAt))).limit(1);
  return member ?? null;
}

export async function getFemaleSideMembers(db: Database) {
  return db.select().from(femaleSideMembers).where(isNull(femaleSideMembers.deletedAt)).orderBy(asc(femaleSideMembers.sortOrder));
}

export type TeamMember = typeof teamMembers.$inferSelect;
export type FemaleSideMember = typeof femaleSideMembers.$inferSelect;

/** A Male Side member as a video tile whose card shows the full bio and links to the profile. */
export function teamMemberTile(member: TeamMember): ShowcaseMember {
  return {
    key: `member-${member.id}`,
    name: member.name,
    role: member.role,
    image: member.image,
    video: member.video,
    bio: member.fullBio,
    profileUrl: `/team/${member.id}`,
  };
}

export function femaleSideTile(member: FemaleSideMember): ShowcaseMember {
  return { key: member.id, name: member.name, role: member.role, image: member.image, video: member.video, bio: member.bio };
}
