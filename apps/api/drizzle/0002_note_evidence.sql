ALTER TABLE "session_notes" ADD COLUMN "draft_evidence_sealed" text;--> statement-breakpoint
ALTER TABLE "session_notes" ADD COLUMN "content_evidence_sealed" text;--> statement-breakpoint
ALTER TABLE "generation_outputs" ADD COLUMN "evidence_sealed" text;--> statement-breakpoint
ALTER TABLE "generation_outputs" ADD COLUMN "safety_sealed" text;