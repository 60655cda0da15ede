CREATE TABLE "clinic_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "templates_catalogue_name";--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "clinic_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_invitations_token_idx" ON "clinic_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "clinic_invitations_open_idx" ON "clinic_invitations" USING btree ("clinic_id") WHERE "clinic_invitations"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "clinic_members_clinic_idx" ON "clinic_members" USING btree ("clinic_id");--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_clinic_name" ON "templates" USING btree ("clinic_id","name") WHERE "templates"."clinic_id" is not null and "templates"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_catalogue_name" ON "templates" USING btree ("name") WHERE "templates"."owner_user_id" is null and "templates"."clinic_id" is null;