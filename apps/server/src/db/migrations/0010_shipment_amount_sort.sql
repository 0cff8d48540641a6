CREATE INDEX "shipments_amount_idx" ON "shipments" USING btree ("total_amount","shipment_id");
