-- The floor plan's live events (design 5.4 item 49, 6.2): a check opened at a table, or one whose table,
-- status, guests, total or kitchen state changes, writes a `table_changed` row to kds_events (for every
-- screen, station_id NULL) in the same transaction, which the kds_events trigger announces at commit.
-- Take-away orders (no table) write nothing, so the counter's sales pay no more than the WHEN test.
-- A transaction that changes the check several times (a payment does) keeps one row per check, updated
-- to the last state: `at` is the transaction's start time (now()), so the row of this transaction is
-- found by it, and the screens read it after the commit.
CREATE FUNCTION pos_orders_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kds_events
     SET payload = payload || jsonb_build_object('tableId', NEW.table_id, 'status', NEW.status)
   WHERE at = now() AND kind = 'table_changed' AND order_id = NEW.id;
  IF NOT FOUND THEN
    INSERT INTO kds_events (outlet_id, station_id, kind, order_id, payload)
    VALUES (NEW.outlet_id, NULL, 'table_changed', NEW.id, jsonb_build_object(
      'tableId', NEW.table_id,
      'oldTableId', CASE WHEN TG_OP = 'UPDATE' THEN OLD.table_id END,
      'status', NEW.status));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pos_orders_table_opened AFTER INSERT ON pos_orders
  FOR EACH ROW WHEN (NEW.table_id IS NOT NULL) EXECUTE FUNCTION pos_orders_table_changed();
--> statement-breakpoint
CREATE TRIGGER pos_orders_table_changed AFTER UPDATE ON pos_orders
  FOR EACH ROW WHEN ((NEW.table_id IS NOT NULL OR OLD.table_id IS NOT NULL)
    AND (OLD.table_id, OLD.status, OLD.guests, OLD.total_minor, OLD.kitchen_status)
      IS DISTINCT FROM (NEW.table_id, NEW.status, NEW.guests, NEW.total_minor, NEW.kitchen_status))
  EXECUTE FUNCTION pos_orders_table_changed();
