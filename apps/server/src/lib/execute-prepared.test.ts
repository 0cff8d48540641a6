import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../test/harness";
import { col, executePrepared, rowsOf } from "./sql";

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

  it.runIf(process.env.DATABASE_URL)(
    "prepares each shape of text once, by name, on PostgreSQL's connection",
    async () => {
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
    },
  );
});
