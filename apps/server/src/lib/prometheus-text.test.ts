import { describe, expect, it } from "vitest";
import { createHistogram, family } from "./prometheus-text";

describe("the Prometheus text format", () => {
  it("writes cumulative buckets, +Inf, sum and count per label set, with escaped label values", () => {
    const histogram = createHistogram("t_seconds", "A test", [0.1, 1]);
    histogram.observe({ route: '/a"b\\c' }, 0.05);
    histogram.observe({ route: '/a"b\\c' }, 0.5);
    histogram.observe({ route: '/a"b\\c' }, 3);
    histogram.observe({ route: "/x" }, 0.1);
    expect(histogram.text()).toBe(
      [
        "# HELP t_seconds A test",
        "# TYPE t_seconds histogram",
        't_seconds_bucket{route="/a\\"b\\\\c",le="0.1"} 1',
        't_seconds_bucket{route="/a\\"b\\\\c",le="1"} 2',
        't_seconds_bucket{route="/a\\"b\\\\c",le="+Inf"} 3',
        't_seconds_sum{route="/a\\"b\\\\c"} 3.55',
        't_seconds_count{route="/a\\"b\\\\c"} 3',
        't_seconds_bucket{route="/x",le="0.1"} 1',
        't_seconds_bucket{route="/x",le="1"} 1',
        't_seconds_bucket{route="/x",le="+Inf"} 1',
        't_seconds_sum{route="/x"} 0.1',
        't_seconds_count{route="/x"} 1',
        "",
      ].join("\n"),
    );
    expect(family("up", "gauge", "Up", [{ value: 1 }, { labels: { a: "line\nbreak" }, value: Number.NaN }])).toBe(
      '# HELP up Up\n# TYPE up gauge\nup 1\nup{a="line\\nbreak"} NaN\n',
    );
  });
});
