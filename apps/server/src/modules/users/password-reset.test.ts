import type { AddressInfo } from "node:net";
import { USER_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, passwordResets } from "../../db/schema/index";
import { createTestApp, createUser, type TestApp } from "../../test/harness";
import { RESET_CODE_DEAD, RESET_MAX_WRONG_CODES } from "./password-reset";

/** A real SMTP peer on loopback that keeps what it receives. */
const received: { to: string; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  onData(stream, session, callback) {
    let body = "";
    stream.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","), body });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const forgot = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/user_cargo/forgot_password", payload: { email } });
const reset = (code: string, email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/user_cargo/reset_password/${code}`,
    payload: { email, password, confirmPassword: password },
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/user_cargo/cargo_login", payload: { email, password } });
const codeIn = (body: string) => /code is (\d{6})/.exec(body)?.[1] ?? "";

describe("password reset", () => {
  it("mails a 6-digit code that resets the password once", async () => {
    const user = await createUser(t.db);
    const answer = await forgot(user.email);
    expect(answer.json().message).toBe(USER_MESSAGES.resetSent);
    const mail = received.find((message) => message.to === user.email);
    const code = codeIn(mail?.body ?? "");
    expect(code).toMatch(/^\d{6}$/);
    expect((await reset(code, user.email, "Brand@New1")).json().message).toBe(USER_MESSAGES.resetDone);
    expect((await login(user.email, "Brand@New1")).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const again = await reset(code, user.email, "Other@New2");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "RESET_CODE_INVALID", message: USER_MESSAGES.resetInvalid });
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = received.length;
    const answer = await forgot("nobody@nowhere.example");
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(USER_MESSAGES.resetSent);
    expect(received.length).toBe(before);
  });

  it("refuses an expired code, a wrong code and another user's code", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await forgot(user.email);
    const code = codeIn(received.findLast((message) => message.to === user.email)?.body ?? "");
    expect((await reset(code, other.email, "Brand@New1")).statusCode).toBe(400);
    expect((await reset(code === "000000" ? "000001" : "000000", user.email, "Brand@New1")).statusCode).toBe(400);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset(code, user.email, "Brand@New1")).statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("kills a code after five wrong tries, even if the right code comes next; a new code works", async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const code = codeIn(received.findLast((message) => message.to === user.email)?.body ?? "");
    const wrongCode = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < RESET_MAX_WRONG_CODES - 1; i += 1) {
      const wrong = await reset(wrongCode(i), user.email, "Brand@New1");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(USER_MESSAGES.resetInvalid);
    }
    const last = await reset(wrongCode(9), user.email, "Brand@New1");
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe(RESET_CODE_DEAD);
    expect(last.json().details).toEqual([{ field: "code", message: RESET_CODE_DEAD }]);
    expect((await reset(code, user.email, "Brand@New1")).statusCode).toBe(400);
    expect((await login(user.email, "Brand@New1")).statusCode).toBe(401);

    await forgot(user.email);
    const fresh = codeIn(received.findLast((message) => message.to === user.email)?.body ?? "");
    expect((await reset(fresh, user.email, "Brand@New1")).statusCode).toBe(200);
    expect((await login(user.email, "Brand@New1")).statusCode).toBe(200);
  });

  it("counts concurrent wrong codes one by one: no more than five are tried against a code", async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const code = codeIn(received.findLast((message) => message.to === user.email)?.body ?? "");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        reset(String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"), user.email, "Brand@New1"),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    expect(answers.filter((answer) => answer.json().message === RESET_CODE_DEAD)).toHaveLength(1);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row?.failedAttempts).toBe(RESET_MAX_WRONG_CODES);
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect((await reset(code, user.email, "Brand@New1")).statusCode).toBe(400);
  });

  it("keeps mail in the outbox when there is no SMTP server", async () => {
    const offline = await createTestApp();
    try {
      const user = await createUser(offline.db);
      await offline.app.inject({
        method: "POST",
        url: "/api/user_cargo/forgot_password",
        payload: { email: user.email },
      });
      const [kept] = await offline.db.select().from(outbox).where(eq(outbox.to, user.email));
      expect(kept?.body).toMatch(/code is \d{6}/);
    } finally {
      await offline.close();
    }
  });

  it("is rate-limited per address", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: "2" });
    try {
      const ask = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/user_cargo/forgot_password",
          payload: { email: "x@y.example" },
        });
      await ask();
      await ask();
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
