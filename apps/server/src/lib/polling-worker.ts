/**
 * A background round that runs every `pollMs` (the print queue's and the fiscal queue's senders):
 * one round at a time, so a round still working when the timer fires again is left to finish; a
 * failed round is logged and the next one tries again; `stop` waits for the round in progress.
 */
export interface PollingWorker {
  /** One round now: answers how many items it handled. */
  runOnce: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
}

export function pollingWorker(
  runOnce: () => Promise<number>,
  options: { pollMs: number; name: string; log?: { error: (details: object, message: string) => void } },
): PollingWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const round = () => {
    running ??= runOnce()
      .catch((error: unknown) => options.log?.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(round, options.pollMs);
      timer.unref();
      round();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
