CREATE TABLE "office_second_opinions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_second_opinions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"decision" jsonb NOT NULL,
	"version" integer NOT NULL,
	"author_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text,
	"outcome" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "office_second_opinions" ADD CONSTRAINT "office_second_opinions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_second_opinions" ADD CONSTRAINT "office_second_opinions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_second_opinions" ADD CONSTRAINT "office_second_opinions_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_second_opinions_waiting_unique" ON "office_second_opinions" USING btree ("quote_id") WHERE "office_second_opinions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "office_second_opinions_waiting_idx" ON "office_second_opinions" USING btree ("created_at","id") WHERE "office_second_opinions"."resolved_at" is null;