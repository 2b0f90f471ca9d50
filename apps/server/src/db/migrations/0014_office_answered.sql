DROP INDEX "quotes_office_queue_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "quotes_office_queue_idx" ON "quotes" USING btree ("office_stage",("answered_at" is null),"stage_entered_at","id") WHERE "quotes"."office_stage" is not null;