/**
 * Public Track and Trace (/tracking and /tracking/{id}) without signing in: the number's format
 * rule, the not-found message for a bad check digit or an unknown number, the history and the
 * expected delivery date (or "To Be Announced Later"), and the link from the cargo sign-in page.
 */
import { SHIPMENT_MESSAGES, trackingIdFor } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { at, expect, test } from "./helpers";
import {
  api,
  bookShipment,
  companyDay,
  deliveryText,
  listCustomers,
  signInAdmin,
  snapShipments,
  wrongCheckDigit,
} from "./shipments-helpers";

test.describe.configure({ timeout: 60_000 });

const numberField = (page: Page) => page.getByRole("textbox", { name: "Tracking Number" });
const trackButton = (page: Page) => page.getByRole("button", { name: "Track" });

/** Books a shipment as the admin in a throwaway page and signs out again; answers its tracking id. */
async function bookedTrackingId(page: Page, expectedDays: number | null): Promise<string> {
  await signInAdmin(page);
  const { mine } = await listCustomers(page);
  const booked = await bookShipment(page, { customer: mine, type: "Pack" });
  const { status } = await api(page, "POST", `/shipment/shipment_status_update/${booked.shipment_id}`, {
    data: [
      { status: "BOOKED", status_location: "KARACHI", status_date: "2026-01-05T04:00:00.000Z" },
      { status: "ARRIVED AT HUB", status_location: "LAHORE", status_date: "2026-01-06T10:30:00.000Z" },
    ],
    date: expectedDays === null ? null : companyDay(expectedDays),
  });
  expect(status).toBe(200);
  await page.evaluate(() => localStorage.clear());
  return booked.tracking_id;
}

test("the number must be at least 10 digits, and a bad check digit or an unknown number is not found", async ({
  page,
}) => {
  const trackingId = await bookedTrackingId(page, 3);
  await page.goto("/tracking");
  await expect(page.getByRole("heading", { level: 1, name: "Track and Trace" })).toBeVisible();
  await expect(trackButton(page)).toBeDisabled();

  // Only digits are taken; fewer than 10 is refused with the spec's message.
  await numberField(page).fill("12ab345");
  await expect(numberField(page)).toHaveValue("12345");
  await expect(trackButton(page)).toBeEnabled();
  await trackButton(page).click();
  await expect(page.getByText(SHIPMENT_MESSAGES.trackingFormat)).toBeVisible();
  await expect(page).toHaveURL(at("/tracking"));

  await numberField(page).fill(wrongCheckDigit(trackingId));
  await trackButton(page).click();
  await expect(page).toHaveURL(at(`/tracking/${wrongCheckDigit(trackingId)}`));
  await expect(page.getByRole("alert")).toHaveText(SHIPMENT_MESSAGES.trackingNotFound);

  // A well-formed number with a valid check digit that no shipment has.
  await numberField(page).fill(trackingIdFor("999999999999999"));
  await trackButton(page).click();
  await expect(page.getByRole("alert")).toHaveText(SHIPMENT_MESSAGES.trackingNotFound);

  await numberField(page).fill(trackingId);
  await trackButton(page).click();
  await expect(page).toHaveURL(at(`/tracking/${trackingId}`));
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Tracking history" })).toContainText("ARRIVED AT HUB");
});

test("a number in the address is filled in and searched: history on the company's clock and the delivery date", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const trackingId = await bookedTrackingId(page, 3);
  await page.goto(`/tracking/${trackingId}`);
  await expect(numberField(page)).toHaveValue(trackingId);
  const rows = page.getByRole("table", { name: "Tracking history" }).getByRole("row");
  // Newest first; 10:30 UTC is 15:30 in Karachi, 04:00 UTC is 09:00.
  await expect(rows.nth(1)).toHaveText(/ARRIVED AT HUB\s*LAHORE\s*06 Jan 2026, 15:30/);
  await expect(rows.nth(2)).toHaveText(/BOOKED\s*KARACHI\s*05 Jan 2026, 09:00/);
  await expect(page.getByTestId("expected-delivery")).toHaveText(`Expected delivery: ${deliveryText(companyDay(3))}`);
  const facts = page.getByRole("region", { name: "Shipment" });
  await expect(facts).toContainText("KARACHI, Pakistan");
  await expect(facts).toContainText("LONDON");
  await expect(facts).toContainText("ARAMEX PRIORITY");
  // No names, phones or addresses on the public page.
  await expect(page.getByText("BILAL AHMED")).toHaveCount(0);
  await expect(page.getByText("03001234567")).toHaveCount(0);
  await snapShipments(page, "tracking-public");
});

test("without an expected delivery date the page says it is to be announced; the sign-in page links here", async ({
  page,
}) => {
  const trackingId = await bookedTrackingId(page, null);
  await page.goto("/cargo-login");
  await page.getByRole("link", { name: "Track a shipment" }).click();
  await expect(page).toHaveURL(at("/tracking"));
  await numberField(page).fill(trackingId);
  await numberField(page).press("Enter");
  await expect(page.getByTestId("expected-delivery")).toHaveText(SHIPMENT_MESSAGES.deliveryLater);
});
