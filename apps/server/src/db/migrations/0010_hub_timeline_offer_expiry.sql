CREATE TABLE "client_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"access_link_id" integer,
	"kind" text NOT NULL,
	"reason" text,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_status_history" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "offers_expire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "offers_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "offers_first_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "offers_last_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "receipt_key" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_access_link_id_access_links_id_fk" FOREIGN KEY ("access_link_id") REFERENCES "public"."access_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_messages_quote_idx" ON "client_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "commissions_quote_idx" ON "commissions" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_offers_reminder_idx" ON "quotes" USING btree ("offers_expire_at") WHERE "quotes"."offers_reminded_at" is null and "quotes"."offers_expire_at" is not null;