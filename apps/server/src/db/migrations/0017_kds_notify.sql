-- Live KDS events (design 6.3): every statement that writes kds_events rows sends their ids on the
-- `kds` channel. PostgreSQL (and PGlite) deliver a notification only when its transaction commits, and
-- never for one rolled back, so each server's one LISTEN connection learns exactly the committed
-- events, whoever wrote them (the fire, a KDS action, the print queue). Ids go in chunks of 400 to
-- stay under the 8000-byte payload limit.
CREATE FUNCTION kds_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kds', string_agg(id::text, ',' ORDER BY id))
  FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 400 AS chunk FROM new_rows) AS numbered
  GROUP BY chunk;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kds_events_notify AFTER INSERT ON kds_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kds_events_notify();
