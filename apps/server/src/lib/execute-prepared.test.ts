import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "../db/schema/index";
import { createTestApp, type TestApp } from "../test/harness";
import { col, executePrepared, rowsOf, tableRowsOf } from "./sql";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const Row = z.object({ id: col.int, role: col.text });
const rolesById = (ids: string) => sql`select id, role from roles where id = any(${ids}::int[]) order by id`;

describe("executePrepared", () => {
  it("answers as db.execute does, with the values of each call", async () => {
    expect(rowsOf(Row, await executePrepared(app.db, "test_roles", rolesById("{1,4}")))).toEqual([
      { id: 1, role: "Admin" },
      { id: 4, role: "Employee" },
    ]);
    expect(rowsOf(Row, await executePrepared(app.db, "test_roles", rolesById("{2}")))).toEqual(
      rowsOf(Row, await app.db.execute(rolesById("{2}"))),
    );
    expect(rowsOf(Row, await executePrepared(app.db, "test_roles", rolesById("{}")))).toEqual([]);
  });

  it("runs inside the transaction it is given, seeing its uncommitted rows", async () => {
    const inside = await app.db.transaction(async (tx) => {
      await tx.execute(sql`update roles set role = 'Admin (renamed in a transaction)' where id = 1`);
      const rows = rowsOf(Row, await executePrepared(tx, "test_roles", rolesById("{1}")));
      await tx.execute(sql`update roles set role = 'Admin' where id = 1`);
      return rows;
    });
    expect(inside).toEqual([{ id: 1, role: "Admin (renamed in a transaction)" }]);
  });

  it("gives dates, timestamps and BIGINTs as db.execute gives them, and a statement's count", async () => {
    const typed = sql`select ${"2026-11-25"}::date as day, ${"2026-11-25 10:00:00+05"}::timestamptz as at,
                             ${"9007199254740993"}::bigint as big, ${5}::bigint as small, ${"12.50"}::numeric as amount`;
    const asSent = z.record(z.string(), z.unknown());
    const rows = rowsOf(asSent, await executePrepared(app.db, "test_types", typed));
    expect(rows).toEqual(rowsOf(asSent, await app.db.execute(typed)));
    expect(rows[0]).toMatchObject({ day: "2026-11-25", small: 5 });
    // Beyond 2^53 exactly: text on node-postgres, a BigInt on PGlite.
    expect(String(rows[0]?.big)).toBe("9007199254740993");
    const update = sql`update roles set role = role where id = any(${"{1,2}"}::int[])`;
    expect(await executePrepared(app.db, "test_count", update)).toMatchObject({ rowCount: 2 });
  });

  it("types a table's raw rows as drizzle's own select does (tableRowsOf)", async () => {
    const raw = await executePrepared(app.db, "test_users", sql`select * from users where id = ${1}::int`);
    const typed = tableRowsOf(users, raw);
    expect(typed).toEqual(await app.db.select().from(users).where(eq(users.id, 1)));
    expect(typed[0]?.createdAt).toBeInstanceOf(Date);
    expect(() => tableRowsOf(users, { rows: [{ id: 1 }] })).toThrow(/has no user_name/);
  });

  it("fails as db.execute does, with the database's error as its cause, and rolls the transaction back", async () => {
    const duplicate = sql`insert into roles (id, role) values (${1}, ${"Duplicate"})`;
    const failure = await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update roles set role = 'Admin (to be rolled back)' where id = 1`);
        await executePrepared(tx, "test_duplicate", duplicate);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { cause?: { code?: string } }).cause?.code).toBe("23505");
    expect(rowsOf(Row, await executePrepared(app.db, "test_roles", rolesById("{1}")))).toEqual([
      { id: 1, role: "Admin" },
    ]);
  });

  it("prepares each shape of text once, by name, on the database's connection", async () => {
    const names = await app.db.transaction(async (tx) => {
      await executePrepared(tx, "test_shape", sql`select id from roles where id = ${1}`);
      await executePrepared(tx, "test_shape", sql`select id from roles where id = ${2}`);
      await executePrepared(tx, "test_shape", sql`select role from roles where id = ${3}`);
      return rowsOf(
        z.object({ name: col.text, statement: col.text }),
        await tx.execute(sql`select name, statement from pg_prepared_statements where name like 'test_shape_%'`),
      );
    });
    expect(names.map((row) => row.statement).sort()).toEqual([
      "select id from roles where id = $1",
      "select role from roles where id = $1",
    ]);
  });
});
