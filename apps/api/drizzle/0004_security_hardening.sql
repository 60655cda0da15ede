CREATE TABLE "session_transcript_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"transcript_sealed" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "remember_me" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_transcript_history" ADD CONSTRAINT "session_transcript_history_session_id_patient_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."patient_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_transcript_history_session_idx" ON "session_transcript_history" USING btree ("session_id");--> statement-breakpoint
-- Session tokens are stored hashed from now on (issue 11): rows holding plain tokens are dropped,
-- which signs everyone out once.
DELETE FROM "sessions";
