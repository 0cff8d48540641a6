import { perm, voidReasonListSchema } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, HOME, homeTiles, openAsAccounts, openAsCargo, test } from "./helpers";
import { addLine, fire, grillWithBurger, newEmployee, openOrder } from "./kds-helpers";
import { adminToken, apiJson, openCounter, orderDetail, posTag } from "./pos-helpers";

/** Screenshots of the screen (E2E_SCREENS_DIR, else test-results/screens). */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";
const KDS = "/kds";
const KDS_TILE = "home-tile-Kitchen Display System";

test.describe.configure({ timeout: 120_000 });

const card = (page: Page, title: string) => page.getByRole("article", { name: `Ticket ${title}` });

test("a cook's screen: a fired order shows within a second; Start, Bump and Recall; an addition; the all-day counts", async ({
  page,
}) => {
  const tag = posTag();
  const admin = await adminToken(page);
  const grill = await grillWithBurger(page, admin, tag);
  const counter = await openCounter(page, admin, tag);
  const cook = await newEmployee(page, [perm("Kitchen Display System")]);

  // Counts the chimes: each plays two tones.
  await page.addInitScript(() => {
    const tone = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const counter = window as unknown as { tones?: number; beeps?: number };
      counter.tones = (counter.tones ?? 0) + 1;
      counter.beeps = Math.ceil(counter.tones / 2);
      return tone.call(this);
    };
  });
  // The cook's home has the kitchen's tile; it opens the full-screen board, which asks for a station.
  await openAsCargo(page, cook, HOME);
  await page.getByTestId(KDS_TILE).click();
  await expect(page).toHaveURL(at(KDS));
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen Display" })).toBeVisible();
  await expect(page.getByTestId("accounts-sidebar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Expo / All" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/kds-choose-station.png` });
  await page.getByRole("button", { name: grill.station, exact: true }).click();
  await expect(page.getByText(`No tickets for ${grill.station}`)).toBeVisible();
  await expect(page.getByTestId("kds-connection")).toHaveAttribute("data-state", "live");
  await page.screenshot({ path: `${SHOTS}/kds-empty.png` });
  // Remembered on this device.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Station" })).toContainText(grill.station);
  await expect(page.getByTestId("kds-connection")).toHaveAttribute("data-state", "live");

  // Fired through the API: the card is on the screen within a second of the answer.
  const order = await openOrder(page, admin, {
    counterId: counter.counterId,
    variantId: grill.variantId,
    qty: 2,
    note: "no nuts, peanut allergy",
  });
  // The page notes when the card enters the DOM (this machine's clock, as the test's).
  type Watched = { cardShown?: Promise<number> };
  await page.evaluate((name) => {
    (window as unknown as Watched).cardShown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(`article[aria-label="${name}"]`) === null) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }, `Ticket Token ${order.token}`);
  const sent = Date.now();
  await fire(page, admin, order.id);
  const answered = Date.now();
  const ticket = card(page, `Token ${order.token}`);
  await expect(ticket).toBeVisible({ timeout: 1000 });
  const shown = await page.evaluate(() => (window as unknown as Watched).cardShown ?? Promise.resolve(0));
  test.info().annotations.push({
    type: "fire to card",
    description: `${shown - sent} ms from the fire request, ${shown - answered} ms after its answer`,
  });
  await expect(ticket).toContainText(grill.dish);
  await expect(ticket).toContainText("Take-away");
  await expect(ticket.getByTestId("allergy-word")).toHaveText(["nuts", "peanut", "allergy"]);
  await expect(ticket.getByTestId("ticket-timer")).toHaveAttribute("data-level", "ok");
  await expect(page.getByRole("table", { name: "Pending portions" })).toContainText(grill.dish);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/kds-new-ticket.png` });

  // Start, then Bump: the card leaves the board.
  await ticket.getByRole("button", { name: "Start" }).click();
  await expect(ticket).toContainText("Preparing");
  await expect(ticket.getByRole("button", { name: "Start" })).toHaveCount(0);
  await ticket.getByRole("button", { name: "Bump" }).click();
  await expect(ticket).toHaveCount(0);
  await expect(page.getByText(`No tickets for ${grill.station}`)).toBeVisible();
  await expect(page.getByTestId("kds-average-prep")).toContainText("1 bumped");

  // Recall from the last bumped tickets: back on the board, preparing, counted.
  await page.getByRole("button", { name: "Recall" }).click();
  const recall = page.getByRole("dialog", { name: "Recall a ticket" });
  await recall.getByRole("button", { name: `Recall Token ${order.token}` }).click();
  await expect(recall).toHaveCount(0);
  await expect(ticket).toContainText("Preparing");
  await expect(ticket).toContainText("Recalled 1×");

  // An addition: its own card with the banner; the bump bar bumps the first card (keys 1 and B).
  await fire(page, admin, (await addLine(page, admin, order, grill.variantId, 1)).id);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2, { timeout: 1000 });
  await expect(cards.nth(1)).toContainText("ADDITION");
  // Tapping a line marks it done.
  await cards
    .nth(1)
    .getByRole("button", { name: `Mark 1 × ${grill.dish} done` })
    .click();
  await expect(cards.nth(1).getByRole("button", { name: `1 × ${grill.dish} done` })).toBeVisible();
  // Every portion is done: nothing left in the all-day counts.
  await expect(page.getByRole("complementary", { name: "All-day counts" })).toContainText("Nothing to cook.");
  await page.screenshot({ path: `${SHOTS}/kds-addition.png` });
  await page.keyboard.press("1");
  await page.keyboard.press("b");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("ADDITION");

  // One of the 2 burgers voided after firing (a supervisor approves): a VOID card on the station.
  const reasons = voidReasonListSchema.parse(await apiJson(page, admin, "GET", "/api/pos/void_reason")).data;
  const approval = (await apiJson(page, admin, "POST", "/api/pos/supervisor", {
    userName: ADMIN.userName,
    password: ADMIN.password,
    action: "void_after_fire",
  })) as { token: string };
  const current = await orderDetail(page, admin, order.id);
  await apiJson(page, admin, "POST", `/api/pos/order/${order.id}/ops`, {
    expectedVersion: current.version,
    ops: [
      {
        opUuid: crypto.randomUUID(),
        kind: "void_line",
        lineUuid: "l1",
        qty: 1,
        reasonId: reasons[0]?.id,
        supervisorToken: approval.token,
      },
    ],
  });
  const voidCard = cards.filter({ hasText: "VOID" });
  await expect(voidCard).toHaveCount(1, { timeout: 1000 });
  await expect(voidCard).toContainText(grill.dish);
  await expect(voidCard.getByRole("button", { name: "Start" })).toHaveCount(0);
  // A chime for each new ticket: the first, the addition and the void.
  await expect.poll(() => page.evaluate(() => (window as unknown as { beeps?: number }).beeps ?? 0)).toBe(3);

  // Expo / All: every station's tickets grouped by order; the original card shows the voided burger
  // struck through; the ready one has Serve, which hands it over.
  await page.getByRole("combobox", { name: "Station" }).click();
  await page.getByRole("option", { name: "Expo / All" }).click();
  const ours = cards.filter({ hasText: grill.station });
  await expect(ours).toHaveCount(3);
  await expect(ours.first()).toContainText("Ready");
  // The order's row says how far each station has got: the grill still has the addition to cook.
  const expoOrder = page.getByRole("region", { name: /^Order / }).filter({ has: ours.first() });
  await expect(expoOrder).toHaveAccessibleName(`Order Token ${order.token}`);
  await expect(expoOrder.getByRole("list", { name: "Stations" })).toHaveText(`${grill.station}: New`);
  await expect(expoOrder).not.toContainText("All ready");
  await expect(ours.first().getByLabel("1 to cook, 1 voided")).toHaveText("21");
  // The station menu has finished closing before the screenshot.
  await expect(page.locator(".MuiPopover-root")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/kds-expo.png` });
  await ours.first().getByRole("button", { name: "Serve" }).click();
  await expect(ours).toHaveCount(2);
  await expect(ours.first()).toContainText("ADDITION");
});

test("without Kitchen Display System: no tile, and /kds answers that the screen is not theirs", async ({ page }) => {
  await openAsAccounts(page, USERS.orderViewer, HOME);
  await expect(homeTiles(page).first()).toBeVisible();
  await expect(page.getByTestId(KDS_TILE)).toHaveCount(0);
  await page.goto(KDS);
  await expect(page.getByRole("heading", { name: "You do not have access to this screen" })).toBeVisible();
});

test("the live stream through fetch: timers on the server's clock, a failed printer's banner, a reconnect with Last-Event-ID", async ({
  page,
}) => {
  const tag = posTag();
  const admin = await adminToken(page);
  const grill = await grillWithBurger(page, admin, tag);
  const counter = await openCounter(page, admin, tag);
  const cook = await newEmployee(page, [perm("Kitchen Display System")]);
  const order = await openOrder(page, admin, {
    counterId: counter.counterId,
    variantId: grill.variantId,
    qty: 1,
    note: "",
  });
  await fire(page, admin, order.id);

  // The stream answers with a server clock 20 minutes ahead of this machine's and a failed printer,
  // then ends; the screen reconnects, sending the bearer token and the last id it read.
  const asked: { auth: string | undefined; lastEventId: string | undefined }[] = [];
  await page.route("**/api/kds/stream**", async (route) => {
    const headers = route.request().headers();
    asked.push({ auth: headers.authorization, lastEventId: headers["last-event-id"] });
    const serverTime = new Date(Date.now() + 20 * 60_000).toISOString();
    const failed = {
      id: 987_654,
      kind: "printer_failed",
      stationId: null,
      ticketId: null,
      orderId: null,
      payload: { printer: `Grill printer ${tag}`, reason: "connect ECONNREFUSED" },
      at: serverTime,
    };
    await route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream" },
      // As a server would, a reconnection after the failure's id does not get it again (else the
      // banner closed below could come back with the next reconnection).
      body: `retry: 2000\n\nevent: hello\ndata: ${JSON.stringify({ serverTime, stationId: grill.stationId })}\n\n: heartbeat\n\n${
        headers["last-event-id"] === undefined
          ? `id: ${failed.id}\nevent: printer_failed\ndata: ${JSON.stringify(failed)}\n\n`
          : ""
      }`,
    });
  });
  await openAsCargo(page, cook, KDS);
  await page.getByRole("button", { name: grill.station, exact: true }).click();
  const ticket = card(page, `Token ${order.token}`);
  // 20 minutes past a 1-minute target with 1 alert minute: red, though this machine's clock says 0:0x.
  await expect(ticket.getByTestId("ticket-timer")).toHaveAttribute("data-level", "late");
  await expect(ticket.getByTestId("ticket-timer")).toHaveText(/^(19|20):\d\d$/);
  await expect(page.getByTestId("kds-printer-failed")).toContainText(
    `Printer Grill printer ${tag} failed: connect ECONNREFUSED`,
  );
  await page.screenshot({ path: `${SHOTS}/kds-printer-failed.png` });
  await expect.poll(() => asked.map((request) => request.lastEventId)).toContain("987654");
  expect(asked[0]?.auth).toMatch(/^Bearer .+/);
  expect(asked[0]?.lastEventId).toBeUndefined();
  await page.getByTestId("kds-printer-failed").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("kds-printer-failed")).toHaveCount(0);
});

test("a snapshot that cannot be read says so and loads on Retry", async ({ page }) => {
  const tag = posTag();
  const admin = await adminToken(page);
  const grill = await grillWithBurger(page, admin, tag);
  const cook = await newEmployee(page, [perm("Kitchen Display System")]);
  let broken = true;
  await page.route("**/api/kds/ticket?**", (route) =>
    broken
      ? route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({
            code: "SERVICE_UNAVAILABLE",
            kind: "SERVICE_UNAVAILABLE",
            message: "The database is restarting",
          }),
        })
      : route.continue(),
  );
  await openAsCargo(page, cook, KDS);
  await page.getByRole("button", { name: grill.station, exact: true }).click();
  const problem = page.getByRole("alert").filter({ hasText: "Could not load the tickets." });
  await expect(problem).toContainText("The database is restarting");
  broken = false;
  await problem.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText(`No tickets for ${grill.station}`)).toBeVisible();
});
