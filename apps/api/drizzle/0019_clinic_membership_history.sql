CREATE TABLE "clinic_membership_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"clinic_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_user_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_invitation_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_label" text;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_membership_periods" ADD CONSTRAINT "clinic_membership_periods_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_membership_periods_clinic_user_idx" ON "clinic_membership_periods" USING btree ("clinic_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_membership_periods_open_idx" ON "clinic_membership_periods" USING btree ("user_id") WHERE "clinic_membership_periods"."left_at" is null;--> statement-breakpoint
INSERT INTO "clinic_membership_periods" ("user_id", "clinic_id", "role", "joined_at")
SELECT "user_id", "clinic_id", "role", "joined_at" FROM "clinic_members";
