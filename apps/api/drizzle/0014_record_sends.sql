CREATE TABLE "record_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"remote_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_sends_note_id_unique" UNIQUE("note_id")
);
--> statement-breakpoint
ALTER TABLE "record_sends" ADD CONSTRAINT "record_sends_note_id_session_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."session_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_sends" ADD CONSTRAINT "record_sends_session_id_patient_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."patient_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_sends" ADD CONSTRAINT "record_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;