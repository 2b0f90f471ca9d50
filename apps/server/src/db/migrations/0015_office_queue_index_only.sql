-- A deep queue page reads the index alone again (Index Only Scan): "(answered_at is null)" is
-- computed from answered_at carried in the index, not from a heap visit per skipped row.
-- drizzle's index builder has no INCLUDE, so schema.ts names it in a comment.
DROP INDEX "quotes_office_queue_idx";--> statement-breakpoint
CREATE INDEX "quotes_office_queue_idx" ON "quotes" USING btree ("office_stage",("answered_at" is null),"stage_entered_at","id") INCLUDE ("answered_at") WHERE "quotes"."office_stage" is not null;
