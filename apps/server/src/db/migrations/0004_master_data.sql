CREATE TABLE "cargo_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text,
	CONSTRAINT "cargo_companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"package_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packages_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"weight" numeric(10, 2) NOT NULL,
	"length" numeric(10, 2) NOT NULL,
	"width" numeric(10, 2) NOT NULL,
	"height" numeric(10, 2) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "packages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "receivers" (
	"receiver_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receivers_receiver_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"company" text NOT NULL,
	"country_id" integer NOT NULL,
	"address" text NOT NULL,
	"address_2" text,
	"address_3" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"email" text,
	"phone" text NOT NULL,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vat" text
);
--> statement-breakpoint
CREATE TABLE "senders" (
	"sender_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "senders_sender_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"company" text NOT NULL,
	"country_id" integer NOT NULL,
	"address" text NOT NULL,
	"address_2" text,
	"address_3" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"email" text,
	"phone" text NOT NULL,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gst" text,
	"ntn" text NOT NULL,
	"cnic" text
);
--> statement-breakpoint
ALTER TABLE "receivers" ADD CONSTRAINT "receivers_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivers" ADD CONSTRAINT "receivers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receivers_owner_idx" ON "receivers" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "receivers_country_idx" ON "receivers" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "senders_owner_idx" ON "senders" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "senders_country_idx" ON "senders" USING btree ("country_id");