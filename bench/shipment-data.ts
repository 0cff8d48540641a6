/**
 * Loads a large shipment book for the shipment benchmark: 2,000 approved customers and N
 * shipments (default 1,000,000) over 3 years, each with its two party snapshots, one package,
 * one or two history rows and its search words. Everything is generated in SQL
 * (INSERT ... SELECT FROM generate_series) in chunks; the search-word indexes are dropped while
 * loading and rebuilt from their own definitions afterwards.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../apps/server/src/db/client";
import { col, rowsOf } from "../apps/server/src/lib/sql";

export const FIRST_NAMES = [
  "AHMED",
  "BILAL",
  "FATIMA",
  "HAMZA",
  "ZAINAB",
  "USMAN",
  "AYESHA",
  "HASSAN",
  "SANA",
  "IMRAN",
  "OLIVER",
  "EMMA",
  "LIAM",
  "SOPHIA",
  "NOAH",
  "MIA",
  "JAMES",
  "AMELIA",
  "LUCAS",
  "HARPER",
  "MOHAMMED",
  "LAYLA",
  "OMAR",
  "NOOR",
  "YUSUF",
  "MARIAM",
  "KHALID",
  "HUDA",
  "TARIQ",
  "RANIA",
  "WEI",
  "LI",
  "CHEN",
  "MEI",
  "HIROSHI",
  "YUKI",
  "ARJUN",
  "PRIYA",
  "RAVI",
  "ANANYA",
  "CARLOS",
  "LUCIA",
  "MATEO",
  "VALENTINA",
  "PIERRE",
  "CAMILLE",
  "HANS",
  "GRETA",
  "IVAN",
  "OLGA",
];
export const LAST_NAMES = [
  "KHAN",
  "AHMED",
  "MALIK",
  "QURESHI",
  "SHEIKH",
  "CHAUDHRY",
  "BUTT",
  "RAZA",
  "IQBAL",
  "SIDDIQUI",
  "SMITH",
  "JONES",
  "TAYLOR",
  "BROWN",
  "WILSON",
  "EVANS",
  "THOMAS",
  "ROBERTS",
  "WALKER",
  "WRIGHT",
  "HADDAD",
  "NASSER",
  "SALEH",
  "FARAH",
  "HUSSEIN",
  "KARIM",
  "ABBAS",
  "AZIZ",
  "RAHMAN",
  "HAMID",
  "WANG",
  "ZHANG",
  "LIU",
  "TANAKA",
  "SATO",
  "SHARMA",
  "PATEL",
  "GUPTA",
  "SINGH",
  "REDDY",
  "GARCIA",
  "MARTINEZ",
  "LOPEZ",
  "DUBOIS",
  "MARTIN",
  "MULLER",
  "SCHMIDT",
  "IVANOV",
  "PETROV",
  "ROSSI",
];
const COMPANY_WORDS = [
  "TEXTILES",
  "TRADERS",
  "IMPORTS",
  "EXPORTS",
  "SPORTS",
  "CARPETS",
  "LEATHER",
  "SURGICAL",
  "FOODS",
  "RICE",
  "GARMENTS",
  "FABRICS",
  "HANDICRAFTS",
  "ELECTRONICS",
  "PHARMA",
  "FURNITURE",
  "CERAMICS",
  "SPICES",
  "TOOLS",
  "PAPER",
];
const COMPANY_TAILS = ["LTD", "LLC", "GMBH", "CO", "INTERNATIONAL", "ENTERPRISES", "GROUP", "HOUSE", "WORKS", "GLOBAL"];
/** Receiver countries by alpha-2 code; senders are in Pakistan. */
const DESTINATIONS = ["GB", "US", "AE", "SA", "DE", "FR", "CN", "CA", "AU", "IT", "ES", "NL", "TR", "JP", "MY"];
export const CUSTOMERS = 2000;

const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(",")}}`;
const pick = (array: string, expression: string, size: number) => `(${array})[1 + ((${expression}) % ${size})]`;

async function createCustomers(db: Db): Promise<{ first: number; last: number }> {
  const first = sql.raw(`'${textArray(FIRST_NAMES)}'`);
  const last = sql.raw(`'${textArray(LAST_NAMES)}'`);
  const words = sql.raw(`'${textArray(COMPANY_WORDS)}'`);
  const rows = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`insert into users (user_name, email, password_hash, first_name, last_name, company_name, role_id, user_status_id)
      select 'benchcust' || g, 'benchcust' || g || '@bench.local', 'x',
        (${first}::text[])[1 + (g * 7) % 50], (${last}::text[])[1 + (g * 11) % 50],
        (${last}::text[])[1 + (g * 3) % 50] || ' ' || (${words}::text[])[1 + (g * 13) % 20] || ' ' || g,
        2, 2
      from generate_series(1, ${CUSTOMERS}) g returning id`),
  );
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  return { first: ids[0] ?? 0, last: ids.at(-1) ?? 0 };
}

/** Luhn check digit of a string of digits, as SQL (the same rule as trackingIdFor). */
const LUHN = `create or replace function bench_luhn(s text) returns int language sql immutable as $$
  select ((10 - sum(case when (length(s) - i) % 2 = 0 then d * 2 - case when d >= 5 then 9 else 0 end else d end) % 10) % 10)::int
  from (select i, substr(s, i, 1)::int as d from generate_series(1, length(s)) i) digits $$`;

export interface LoadedShipments {
  shipments: number;
  customers: { first: number; last: number };
  firstSerial: number;
}

export async function loadShipments(db: Db, count = 1_000_000, chunk = 100_000): Promise<LoadedShipments> {
  const customers = await createCustomers(db);
  await db.execute(sql.raw(LUHN));
  const [pk] = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`select country_id as id from countries where iso2 = 'PK'`),
  );
  const destinations = rowsOf(
    z.object({ id: col.int }),
    await db.execute(
      sql`select country_id as id from countries where iso2 = any(${sql.raw(`'${textArray(DESTINATIONS)}'`)}::text[]) order by iso2`,
    ),
  ).map((row) => Number(row.id));
  const termIndexes = rowsOf(
    z.object({ name: col.text, def: col.text }),
    await db.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'shipment_search_terms' and indexname <> 'shipment_search_terms_shipment_id_term_pk'`),
  );
  for (const index of termIndexes) await db.execute(sql.raw(`drop index ${index.name}`));
  await db.execute(sql`alter table shipment_search_terms drop constraint shipment_search_terms_shipment_id_term_pk`);

  const firstSerial = 100_000_000;
  const spread = customers.last - customers.first + 1;
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const words = textArray(COMPANY_WORDS);
  const tails = textArray(COMPANY_TAILS);
  const dest = `{${destinations.join(",")}}`;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await db.execute(
      sql.raw(`insert into shipments (shipment_id, tracking_id, shipment_date, shipment_type, service_type_id,
        type, shipment_tax_id, expected_delivery_date, invoice_type, rebate, financial_instruments, total_packages,
        total_weight, track_status, customer_user_id, currency_id, total_amount, base_amount, weight_charges, rate_flat)
      overriding system value
      select g, (${firstSerial} + g)::text || bench_luhn((${firstSerial} + g)::text),
        date '2023-07-01' + (g::bigint * 1095 / ${count})::int, case when g % 3 = 0 then 'Doc' else 'Pack' end,
        1 + g % 10, '', 1 + g % 2, date '2023-07-08' + (g::bigint * 1095 / ${count})::int, 1, 1, 0, 1,
        1 + g % 30, case when g % 2 = 0 then 'DELIVERED' else 'BOOKED' end, ${customers.first} + (g::bigint * 7919) % ${spread},
        1, 100000 + g % 900000, 100000 + g % 900000, 100000 + g % 900000, 100000 + g % 900000
      from ${`generate_series(${from}, ${to}) g`}`),
    );
    await db.execute(
      sql.raw(`insert into shipment_parties (shipment_id, role, name, company, country_id, address, postal_code,
        city, state, email, phone)
      select g, 'sender', ${pick(`'${first}'::text[]`, "g * 7", 50)} || ' ' || ${pick(`'${last}'::text[]`, "g * 13", 50)},
        ${pick(`'${last}'::text[]`, "g * 17", 50)} || ' ' || ${pick(`'${words}'::text[]`, "g * 3", 20)},
        ${pk?.id}, 'PLOT ' || g % 500 || ', SECTOR 7', '74900', 'KARACHI', 'SINDH', 'ops' || g % 100 || '@bench.local', '03001234567'
      from ${`generate_series(${from}, ${to}) g`}
      union all
      select g, 'receiver', ${pick(`'${first}'::text[]`, "g * 11", 50)} || ' ' || ${pick(`'${last}'::text[]`, "g * 19", 50)},
        ${pick(`'${last}'::text[]`, "g * 23", 50)} || ' ' || ${pick(`'${words}'::text[]`, "g * 29", 20)} || ' ' || ${pick(`'${tails}'::text[]`, "g", 10)},
        ${pick(`'${dest}'::int[]`, "g * 31", destinations.length)}, g % 900 || ' HIGH STREET', 'N1 ' || g % 10 || 'AA',
        'CITY ' || g % 40, 'STATE', null, '07400123456'
      from ${`generate_series(${from}, ${to}) g`}`),
    );
    await db.execute(
      sql.raw(`insert into shipment_packages (shipment_id, line_no, name, quantity, weight, length, width, height, acc_weight, ch_weight)
      select g, 1, 'BOX 1', 1, 1 + g % 30, 30, 20, 10, 1.2, 1 + g % 30 from ${`generate_series(${from}, ${to}) g`}`),
    );
    await db.execute(
      sql.raw(`insert into shipment_status_history (shipment_id, status, status_location, status_date)
      select g, 'BOOKED', 'KARACHI, PAKISTAN', timestamptz '2023-07-01 09:00+05' + (g::bigint * 1095 / ${count}) * interval '1 day'
      from ${`generate_series(${from}, ${to}) g`}
      union all
      select g, 'DELIVERED', 'CITY ' || g % 40, timestamptz '2023-07-06 15:00+05' + (g::bigint * 1095 / ${count}) * interval '1 day'
      from ${`generate_series(${from}, ${to}) g`} where g % 2 = 0`),
    );
    await db.execute(
      sql.raw(`insert into shipment_search_terms (shipment_id, customer_user_id, term)
      select distinct s.shipment_id, s.customer_user_id, w
      from shipments s
      join shipment_parties p on p.shipment_id = s.shipment_id
      join users u on u.id = s.customer_user_id
      cross join lateral regexp_split_to_table(lower(p.name || ' ' || p.company || ' ' || u.first_name || ' ' || u.last_name
        || ' ' || coalesce(u.company_name, '')), '[^[:alnum:]]+') w
      where s.shipment_id between ${from} and ${to} and w <> ''`),
    );
    process.stderr.write(`  shipments ${to}/${count}\n`);
  }
  await db.execute(
    sql`alter table shipment_search_terms add constraint shipment_search_terms_shipment_id_term_pk primary key (shipment_id, term)`,
  );
  for (const index of termIndexes) await db.execute(sql.raw(index.def));
  await db.execute(sql`insert into shipment_tallies (customer_user_id, live)
    select customer_user_id, count(*) from shipments where deleted_at is null group by 1`);
  await db.execute(sql.raw(`select setval('shipment_tracking_serial', ${firstSerial + count})`));
  await db.execute(
    sql`select setval(pg_get_serial_sequence('shipments', 'shipment_id'), (select max(shipment_id) from shipments))`,
  );
  for (const table of [
    "shipments",
    "shipment_parties",
    "shipment_packages",
    "shipment_status_history",
    "shipment_search_terms",
    "shipment_tallies",
    "users",
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  await db.execute(sql`drop function bench_luhn(text)`);
  return { shipments: count, customers, firstSerial };
}
