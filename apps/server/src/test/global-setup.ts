import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildPgliteTemplate, buildPostgresTemplate, dropDatabase } from "./template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** Builds the migrated template once per run; every test file starts its own copy. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await buildPostgresTemplate(url);
    project.provide("postgresTemplate", template);
    project.provide("pgliteTemplate", "");
    return async () => dropDatabase(url, template);
  }
  const file = path.join(os.tmpdir(), `cargodesk-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  return async () => rm(file, { force: true });
}
