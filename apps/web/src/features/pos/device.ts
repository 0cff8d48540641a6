import { useCallback, useState } from "react";
import { DEVICE_KEY_PREFIX } from "../../lib/session";

/** This browser's counter, kept across sign-ins: a till stays the till it was set up as. */
const COUNTER_KEY = `${DEVICE_KEY_PREFIX}pos.counterId`;
/** This browser's id, sent with every order operation so the log says which device did what. */
const DEVICE_ID_KEY = `${DEVICE_KEY_PREFIX}id`;

export function deviceId(): string {
  const known = localStorage.getItem(DEVICE_ID_KEY);
  if (known) return known;
  const made = crypto.randomUUID();
  localStorage.setItem(DEVICE_ID_KEY, made);
  return made;
}

/**
 * Which counter the register works for: the one this device remembers while it still exists, the
 * only one when there is one, else none (the cashier picks).
 */
export function chooseCounter(counterIds: readonly number[], remembered: number | null): number | null {
  if (remembered !== null && counterIds.includes(remembered)) return remembered;
  return counterIds.length === 1 ? (counterIds[0] ?? null) : null;
}

function readRemembered(): number | null {
  const value = Number(localStorage.getItem(COUNTER_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The counter this device remembers, and a setter that remembers a new choice. */
export function useRememberedCounter(): [number | null, (counterId: number) => void] {
  const [counterId, setCounterId] = useState(readRemembered);
  const remember = useCallback((next: number) => {
    localStorage.setItem(COUNTER_KEY, String(next));
    setCounterId(next);
  }, []);
  return [counterId, remember];
}

const lastPaidKey = (counterId: number) => `${DEVICE_KEY_PREFIX}pos.lastPaid.${counterId}`;

/** The last order this till took payment for, for "Reprint last". */
export function rememberLastPaid(counterId: number, orderId: number): void {
  localStorage.setItem(lastPaidKey(counterId), String(orderId));
}

export function lastPaidOrder(counterId: number): number | null {
  const value = Number(localStorage.getItem(lastPaidKey(counterId)));
  return Number.isInteger(value) && value > 0 ? value : null;
}
