CREATE TABLE "shipment_search_terms" (
	"shipment_id" integer NOT NULL,
	"customer_user_id" integer,
	"term" text NOT NULL,
	CONSTRAINT "shipment_search_terms_shipment_id_term_pk" PRIMARY KEY("shipment_id","term")
);
--> statement-breakpoint
CREATE TABLE "shipment_tallies" (
	"customer_user_id" integer PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_search_terms" ADD CONSTRAINT "shipment_search_terms_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_search_terms" ADD CONSTRAINT "shipment_search_terms_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_tallies" ADD CONSTRAINT "shipment_tallies_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_search_terms_term_idx" ON "shipment_search_terms" USING btree ("term" text_pattern_ops,"shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_search_terms_customer_idx" ON "shipment_search_terms" USING btree ("customer_user_id","term" text_pattern_ops,"shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_customer_list_idx" ON "shipments" USING btree ("customer_user_id","shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("track_status","shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_tracking_prefix_idx" ON "shipments" USING btree ("tracking_id" text_pattern_ops);