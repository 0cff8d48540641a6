import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page";

const pageModule = () => Promise.resolve({ default: () => createElement("h1", null, "The register") });
const inSuspense = (page: ReturnType<typeof lazyPage>) =>
  renderToString(createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(page)));

describe("lazyPage", () => {
  it("suspends on its first render while its code is not here", () => {
    expect(inSuspense(lazyPage(pageModule))).toContain("Loading");
  });

  it("renders at once, without suspending, once preloaded", async () => {
    let loads = 0;
    const page = lazyPage(() => {
      loads += 1;
      return pageModule();
    });
    await page.preload();
    expect(inSuspense(page)).toContain("The register");
    expect(inSuspense(page)).not.toContain("Loading");
    expect(loads).toBe(1);
  });
});
