import { deviceTokenSchema } from "@cargodesk/shared";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../lib/api";
import { deviceId } from "../device";
import { deviceOf, type OutboxEntry, onOutboxChange, outboxEntries, retryEntry, saveDevice } from "./store";
import { sendHeartbeat, syncOutbox } from "./sync";

/** How often a register with waiting orders tries the server again, and how often it reports in. */
const RETRY_MS = 2_000;
const HEARTBEAT_MS = 60_000;

/** Whether the browser says it has a network; its online and offline events keep it current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export interface OutboxState {
  online: boolean;
  /** Orders waiting to be sent. */
  waiting: number;
  /** Orders the server refused: each needs a person. */
  failed: OutboxEntry[];
  syncing: boolean;
  /** Whether this register can sell offline: it holds the device token of its counter's session. */
  ready: boolean;
  retry: (clientUuid: string) => Promise<void>;
}

/**
 * The register's offline side (design 6.7): claims the device token of the counter's open session
 * while online, keeps count of the outbox, sends it as soon as the network is back (and every 2 s
 * while orders wait), and reports in with a heartbeat.
 */
export function useOutbox(counterId: number | null, sessionId: number | null): OutboxState {
  const online = useOnline();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [ready, setReady] = useState(false);

  const reload = useCallback(async () => setEntries(await outboxEntries()), []);
  useEffect(() => {
    void reload();
    return onOutboxChange(() => void reload());
  }, [reload]);

  // The token of this session: claimed once per session while online, kept for offline use.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (counterId === null) return;
      const known = await deviceOf(counterId);
      if (sessionId === null || !online) {
        if (!cancelled) setReady(known !== null && (sessionId === null || known.sessionId === sessionId));
        return;
      }
      if (known?.sessionId === sessionId) {
        if (!cancelled) setReady(true);
        return;
      }
      try {
        const token = await api.post("/pos/device_token", { counterId, deviceId: deviceId() }, deviceTokenSchema);
        await saveDevice(token);
        if (!cancelled) setReady(true);
      } catch {
        if (!cancelled) setReady(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [counterId, sessionId, online]);

  const waiting = entries.filter((entry) => entry.state === "waiting").length;

  useEffect(() => {
    if (!online || waiting === 0) return;
    let stopped = false;
    const run = async () => {
      setSyncing(true);
      try {
        await syncOutbox();
      } finally {
        if (!stopped) setSyncing(false);
      }
    };
    void run();
    const timer = window.setInterval(() => void run(), RETRY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [online, waiting]);

  useEffect(() => {
    if (!online || counterId === null) return;
    void sendHeartbeat(counterId, waiting);
    const timer = window.setInterval(() => void sendHeartbeat(counterId, waiting), HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [online, counterId, waiting]);

  return {
    online,
    waiting,
    failed: entries.filter((entry) => entry.state === "failed"),
    syncing,
    ready,
    retry: retryEntry,
  };
}
