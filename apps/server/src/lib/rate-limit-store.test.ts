import { AUTH_MESSAGES } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
/** A second app server on the same database. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: "3" });
  other = await buildApp({ config: t.config, database: t.database, tokens: t.tokens });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe("the public forms' limits", () => {
  let tries = 0;
  // A new unknown name each time, so no name earns a wait of its own (sign-in-lock.ts).
  const signIn = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { userName: `nobody-${++tries}`, password: "wrong-password" },
      remoteAddress,
    });

  it("count one address's requests on every server together, and each limit apart", async () => {
    const answers = [];
    for (const app of [t.app, other, t.app, other]) answers.push(await signIn(app, "198.51.100.40"));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 429]);
    expect(answers[3]?.json()).toMatchObject({ code: "RATE_LIMITED", message: AUTH_MESSAGES.tooManyAttempts });
    // Another address, and another limit for the same address, have their own counts.
    expect((await signIn(other, "198.51.100.41")).statusCode).toBe(401);
    const registration = await other.inject({
      method: "POST",
      url: "/api/user_cargo/cargo_register",
      payload: {},
      remoteAddress: "198.51.100.40",
    });
    expect(registration.statusCode).toBe(400);
  });
});
