import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inputsHash, readStamp, STAMP_FILE } from "./build-inputs.mjs";
import { type BuildTarget, buildIfChanged } from "./build-targets";

let root: string;

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

/** A target whose build writes one file and counts its runs; `fail` makes the next build throw. */
function countingTarget() {
  const state = { builds: 0, fail: false };
  const target: BuildTarget = {
    name: "sample",
    inputs: ["src", "package-lock.json"],
    outDir: path.join(root, "dist"),
    async build() {
      if (state.fail) throw new Error("the build failed");
      state.builds += 1;
      await rm(path.join(root, "dist"), { recursive: true, force: true });
      await put("dist/out.js", `build ${state.builds}`);
    },
  };
  return { target, state };
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cargodesk-build-"));
  await put("src/main.ts", "export const a = 1;\n");
  await put("src/lib/util.ts", "export const b = 2;\n");
  await put("package-lock.json", "{}\n");
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe("the build's input hash", () => {
  it("changes with a file's content, name or a new file, not with tests or dependencies", async () => {
    const inputs = ["src", "package-lock.json"];
    const first = await inputsHash(root, inputs);
    expect(await inputsHash(root, inputs)).toBe(first);

    await put("src/main.test.ts", "it('x', () => {});\n");
    await put("src/node_modules/x/index.js", "module.exports = 1;\n");
    await put("src/.cache/a", "x");
    expect(await inputsHash(root, inputs)).toBe(first);

    await put("src/lib/util.ts", "export const b = 3;\n");
    const changed = await inputsHash(root, inputs);
    expect(changed).not.toBe(first);

    await put("src/lib/more.ts", "");
    expect(await inputsHash(root, inputs)).not.toBe(changed);
  });

  it("skips inputs that do not exist", async () => {
    expect(await inputsHash(root, ["src", "public"])).toBe(await inputsHash(root, ["src"]));
  });
});

describe("building when the inputs changed", () => {
  it("builds once, then not again until an input changes", async () => {
    const { target, state } = countingTarget();
    expect(await buildIfChanged(target, { root })).toMatch(/^sample: built in \d+ ms$/);
    expect(await readStamp(target.outDir)).toBe(await inputsHash(root, target.inputs));
    expect(await buildIfChanged(target, { root })).toBe("sample: up to date");
    expect(state.builds).toBe(1);

    await put("package-lock.json", '{ "lockfileVersion": 3 }\n');
    await buildIfChanged(target, { root });
    expect(state.builds).toBe(2);
    expect(await readFile(path.join(root, "dist/out.js"), "utf8")).toBe("build 2");

    await buildIfChanged(target, { root, force: true });
    expect(state.builds).toBe(3);
  });

  it("builds again after a failed build, whose output has no stamp", async () => {
    const { target, state } = countingTarget();
    await buildIfChanged(target, { root });
    await put("src/main.ts", "export const a = 2;\n");
    state.fail = true;
    await expect(buildIfChanged(target, { root })).rejects.toThrow("the build failed");
    // The old output keeps the old stamp, which no longer matches.
    expect(await readStamp(target.outDir)).not.toBe(await inputsHash(root, target.inputs));
    state.fail = false;
    await buildIfChanged(target, { root });
    expect(state.builds).toBe(2);
    expect(await readFile(path.join(target.outDir, STAMP_FILE), "utf8")).toBe(
      `${await inputsHash(root, target.inputs)}\n`,
    );
  });
});
