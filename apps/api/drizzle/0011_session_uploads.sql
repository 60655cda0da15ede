CREATE TABLE "session_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"content_sha256" text NOT NULL,
	"template_ids" integer[] NOT NULL,
	"segment_from" integer NOT NULL,
	"segment_to" integer NOT NULL,
	"segments_cut" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'cutting' NOT NULL,
	"seat" text NOT NULL,
	"generation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_uploads_session_content" UNIQUE("session_id","content_sha256")
);
--> statement-breakpoint
ALTER TABLE "session_uploads" ADD CONSTRAINT "session_uploads_session_id_patient_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."patient_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_uploads" ADD CONSTRAINT "session_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_uploads" ADD CONSTRAINT "session_uploads_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;