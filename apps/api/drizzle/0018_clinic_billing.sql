ALTER TABLE "subscriptions" ADD COLUMN "clinic_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_clinic_idx" ON "subscriptions" USING btree ("clinic_id");--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_stripe_customer_id_unique" UNIQUE("stripe_customer_id");