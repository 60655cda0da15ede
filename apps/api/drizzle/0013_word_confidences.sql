ALTER TABLE "generations" ADD COLUMN "confidence_sealed" text;--> statement-breakpoint
ALTER TABLE "session_segments" ADD COLUMN "confidence_sealed" text;