-- Tells every instance's office streams which items changed (issue 30 item 12), in the transaction
-- of the change, whoever makes it (a stylist's new item, a decision, a claim, a client's answer, a
-- label, the command line): the NOTIFY goes out only if that transaction commits. One per item a
-- statement touched, or one naming none when a statement touched more than 20 (a seed, a sweep),
-- so the listeners stay quiet. TG_ARGV[0] is the kind the web is told.
CREATE FUNCTION "office_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  changed_id integer;
BEGIN
  IF TG_TABLE_NAME = 'quotes' AND TG_OP = 'DELETE' THEN
    SELECT array_agg("id") INTO ids FROM (SELECT DISTINCT "id" FROM old_rows LIMIT 21) AS changed;
  ELSIF TG_TABLE_NAME = 'quotes' THEN
    SELECT array_agg("id") INTO ids FROM (SELECT DISTINCT "id" FROM new_rows LIMIT 21) AS changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("quote_id") INTO ids
      FROM (SELECT DISTINCT "quote_id" FROM old_rows LIMIT 21) AS changed;
  ELSE
    SELECT array_agg("quote_id") INTO ids
      FROM (SELECT DISTINCT "quote_id" FROM new_rows LIMIT 21) AS changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 20 THEN
    PERFORM pg_notify('office_events', json_build_object('quoteId', NULL, 'kind', TG_ARGV[0])::text);
  ELSE
    FOREACH changed_id IN ARRAY ids LOOP
      PERFORM pg_notify('office_events', json_build_object('quoteId', changed_id, 'kind', TG_ARGV[0])::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_office_events_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('created');
--> statement-breakpoint
CREATE TRIGGER "quotes_office_events_update" AFTER UPDATE ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('changed');
--> statement-breakpoint
CREATE TRIGGER "quotes_office_events_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('changed');
--> statement-breakpoint
CREATE TRIGGER "office_claims_events_insert" AFTER INSERT ON "office_claims" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('claim');
--> statement-breakpoint
CREATE TRIGGER "office_claims_events_update" AFTER UPDATE ON "office_claims" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('claim');
--> statement-breakpoint
CREATE TRIGGER "office_claims_events_delete" AFTER DELETE ON "office_claims" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('claim');
--> statement-breakpoint
CREATE TRIGGER "office_second_opinions_events_insert" AFTER INSERT ON "office_second_opinions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('second_opinion');
--> statement-breakpoint
CREATE TRIGGER "office_second_opinions_events_update" AFTER UPDATE ON "office_second_opinions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('second_opinion');
--> statement-breakpoint
CREATE TRIGGER "office_notes_events_insert" AFTER INSERT ON "office_notes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_events_notify"('note');
