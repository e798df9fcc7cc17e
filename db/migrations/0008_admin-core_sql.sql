-- Staff roles moved from users.role to their own table (staff_roles): every account that
-- was an "admin" keeps that power as a staff role, and its account becomes a team member
-- (what an admin account was treated as everywhere else). Recorded in the audit trail.
INSERT INTO "staff_roles" ("user_id", "role", "granted_by", "granted_at")
SELECT "id", 'admin', NULL, now() FROM "users" WHERE "role" = 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "audit_events" ("actor_user_id", "actor_label", "actor_roles", "role_used", "action", "entity_type", "entity_id", "entity_label", "before", "after", "diff", "reason")
SELECT NULL, 'database migration', '{}', NULL, 'staff_role.grant', 'user', "id", "name",
  jsonb_build_object('accountRole', 'admin', 'staffRoles', '[]'::jsonb),
  jsonb_build_object('accountRole', 'team_member', 'staffRoles', '["admin"]'::jsonb),
  '[{"path":["accountRole"],"kind":"changed","before":"admin","after":"team_member"},{"path":["staffRoles"],"kind":"changed","before":[],"after":["admin"]}]'::jsonb,
  'Staff roles moved to their own table'
FROM "users" WHERE "role" = 'admin';
--> statement-breakpoint
UPDATE "users" SET "role" = 'team_member', "updated_at" = now() WHERE "role" = 'admin';
