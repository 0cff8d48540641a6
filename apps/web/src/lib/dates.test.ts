import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { companyToday, formatDay, formatDeliveryDate, fromZonedLocal, toZonedLocal } from "./dates";

describe("company dates", () => {
  it("takes today from the company's clock, not the browser's", () => {
    // 20:30 UTC on 30 June is already 1 July in Karachi (UTC+5) and still 30 June in New York.
    const instant = new Date("2026-06-30T20:30:00Z");
    expect(companyToday(instant, "Asia/Karachi")).toBe("2026-07-01");
    expect(companyToday(instant, "America/New_York")).toBe("2026-06-30");
  });

  it("shows an instant as a datetime-local value on the company's clock and reads it back", () => {
    expect(toZonedLocal("2026-12-07T09:05:00Z", "Asia/Karachi")).toBe("2026-12-07T14:05");
    expect(fromZonedLocal("2026-12-07T14:05", "Asia/Karachi")).toBe("2026-12-07T09:05:00.000Z");
    expect(toZonedLocal("not a date", "Asia/Karachi")).toBe("");
    expect(fromZonedLocal("2026-12-07 14:05", "Asia/Karachi")).toBeNull();
  });

  it("reads wall-clock times across a daylight-saving change", () => {
    // New York: EST (UTC-5) before 8 March 2026, EDT (UTC-4) after.
    expect(fromZonedLocal("2026-03-07T12:00", "America/New_York")).toBe("2026-03-07T17:00:00.000Z");
    expect(fromZonedLocal("2026-03-09T12:00", "America/New_York")).toBe("2026-03-09T16:00:00.000Z");
    expect(toZonedLocal("2026-03-09T16:00:00Z", "America/New_York")).toBe("2026-03-09T12:00");
  });

  it("formats a calendar date without shifting it a day", () => {
    expect(formatDay("2026-12-07")).toBe("07 Dec 2026");
    expect(formatDay(null)).toBe("—");
    expect(formatDay("garbage")).toBe("garbage");
  });

  it("spells the expected delivery date, or says it is announced later", () => {
    expect(formatDeliveryDate("2026-12-07")).toBe("Monday, December 7, 2026");
    expect(formatDeliveryDate("2026-12-07T00:00:00.000Z")).toBe("Monday, December 7, 2026");
    expect(formatDeliveryDate(null)).toBe(SHIPMENT_MESSAGES.deliveryLater);
    expect(formatDeliveryDate("2026-13")).toBe(SHIPMENT_MESSAGES.deliveryLater);
  });
});
