/**
 * The Prometheus text exposition format (version 0.0.4), for the few metrics GET /metrics serves:
 * a histogram kept here, and samples (gauges, counters) written as they are read.
 */

export type Labels = Readonly<Record<string, string>>;

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return pairs.length > 0 ? `{${pairs.join(",")}}` : "";
}

/** Prometheus writes +Inf, -Inf and NaN by name. */
function numberText(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

export interface Sample {
  labels?: Labels;
  value: number;
}

/** One gauge or counter family: its HELP and TYPE lines, then a line per sample. */
export function family(name: string, type: "gauge" | "counter", help: string, samples: readonly Sample[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const sample of samples) lines.push(`${name}${labelText(sample.labels ?? {})} ${numberText(sample.value)}`);
  return `${lines.join("\n")}\n`;
}

interface Series {
  labels: Labels;
  /** Observations at or under each bound (not yet cumulative). */
  counts: number[];
  sum: number;
  count: number;
}

/** A histogram over label sets (e.g. route, method, status class); bounds in ascending order. */
export function createHistogram(name: string, help: string, bounds: readonly number[]) {
  const series = new Map<string, Series>();
  return {
    observe(labels: Labels, value: number): void {
      const key = JSON.stringify(labels);
      let entry = series.get(key);
      if (!entry) {
        entry = { labels, counts: new Array<number>(bounds.length).fill(0), sum: 0, count: 0 };
        series.set(key, entry);
      }
      const bucket = bounds.findIndex((bound) => value <= bound);
      if (bucket >= 0) entry.counts[bucket] = (entry.counts[bucket] ?? 0) + 1;
      entry.sum += value;
      entry.count += 1;
    },
    text(): string {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      for (const entry of series.values()) {
        let cumulative = 0;
        bounds.forEach((bound, index) => {
          cumulative += entry.counts[index] ?? 0;
          lines.push(`${name}_bucket${labelText({ ...entry.labels, le: numberText(bound) })} ${cumulative}`);
        });
        lines.push(`${name}_bucket${labelText({ ...entry.labels, le: "+Inf" })} ${entry.count}`);
        lines.push(`${name}_sum${labelText(entry.labels)} ${numberText(entry.sum)}`);
        lines.push(`${name}_count${labelText(entry.labels)} ${entry.count}`);
      }
      return `${lines.join("\n")}\n`;
    },
  };
}
