CREATE TABLE "session_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"version" integer NOT NULL,
	"transcript_sealed" text,
	"notes" jsonb NOT NULL,
	"restored_from" integer,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_versions_session_version" UNIQUE("session_id","version")
);
--> statement-breakpoint
ALTER TABLE "session_versions" ADD CONSTRAINT "session_versions_session_id_patient_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."patient_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 23, finding 6): sessions saved before this migration get their current
-- saved state as their first kept version, so the history starts with what exists.
INSERT INTO "session_versions" ("session_id", "version", "transcript_sealed", "notes", "saved_at")
SELECT ps."id", ps."version", ps."transcript_sealed",
  coalesce((
    SELECT jsonb_agg(jsonb_build_object('templateId', sn."template_id", 'contentSealed', sn."content_sealed") ORDER BY sn."template_id")
    FROM "session_notes" sn
    WHERE sn."session_id" = ps."id" AND sn."content_sealed" IS NOT NULL
  ), '[]'::jsonb),
  ps."saved_at"
FROM "patient_sessions" ps
WHERE ps."saved_at" IS NOT NULL;
