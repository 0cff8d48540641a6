import type { KdsAction, KdsTicket } from "@cargodesk/shared";
import { useEffect, useRef } from "react";

interface BumpBar {
  enabled: boolean;
  /** The cards in board order (1 is the first). */
  cards: readonly KdsTicket[];
  /** The card S, B and P act on. */
  selected: KdsTicket | null;
  onSelect: (ticket: KdsTicket | null) => void;
  onAction: (ticket: KdsTicket, action: KdsAction) => void;
  onRecall: () => void;
}

/** What a key does on the board, or null for a key the bump bar does not use. */
export function bumpBarKey(
  key: string,
): { select: number } | { step: 1 | -1 } | { action: "start" | "bump" | "priority" } | "recall" | "clear" | null {
  if (/^[1-9]$/.test(key)) return { select: Number(key) - 1 };
  switch (key.toLowerCase()) {
    case "s":
      return { action: "start" };
    case "b":
      return { action: "bump" };
    case "p":
      return { action: "priority" };
    case "r":
      return "recall";
    case "arrowright":
      return { step: 1 };
    case "arrowleft":
      return { step: -1 };
    case "escape":
      return "clear";
    default:
      return null;
  }
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The keyboard (or a USB bump bar, which types keys) drives the board while no dialog is open. */
export function useBumpBar(bar: BumpBar): void {
  const latest = useRef(bar);
  latest.current = bar;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { enabled, cards, selected, onSelect, onAction, onRecall } = latest.current;
      if (!enabled || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="presentation"].MuiPopover-root')) return;
      const meaning = bumpBarKey(event.key);
      if (meaning === null) return;
      event.preventDefault();
      if (meaning === "recall") onRecall();
      else if (meaning === "clear") onSelect(null);
      else if ("select" in meaning) {
        const ticket = cards[meaning.select];
        if (ticket) onSelect(ticket);
      } else if ("step" in meaning) {
        const at = selected ? cards.indexOf(selected) : -1;
        const next = cards[Math.min(cards.length - 1, Math.max(0, at + meaning.step))];
        if (next) onSelect(next);
      } else if (selected) {
        if (meaning.action === "start" && (selected.status !== "new" || selected.kind === "void")) return;
        onAction(selected, meaning.action);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
