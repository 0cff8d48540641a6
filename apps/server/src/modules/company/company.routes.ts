import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  companyProfileSchema,
  companySavedSchema,
  companySchema,
  errorBodySchema,
  IMAGE_TYPES,
  perm,
} from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyProfile } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { AppDeps } from "../../lib/context";
import { imageKind } from "../../lib/images";
import { readMultipart, requireFile } from "../../lib/multipart";
import { loadCompany } from "../../lib/pdf";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";

const read = access.permission(perm("Setting", "Restaurant"), perm("Accounts"));
const write = access.permission(perm("Setting", "Restaurant", "Add Restaurant"));
const doc = (summary: string) => ({ tags: ["settings"], summary, security: bearer });

const view = (profile: Awaited<ReturnType<typeof loadCompany>>) => ({
  name: profile.name,
  address: profile.address,
  phone: profile.phone,
  email: profile.email,
  ntn: profile.ntn,
  hasLogo: Boolean(profile.logoPath),
});

/** The company profile that heads every document: name, address, NTN and logo. */
export function companyRoutes(deps: AppDeps) {
  const logoDir = path.resolve(deps.config.DATA_DIR, "uploads", "company");
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/setting/company",
      {
        config: { access: read },
        schema: { ...doc("The company profile"), response: { 200: companySchema, ...protectedErrors } },
      },
      async () => view(await loadCompany(deps.db)),
    );
    app.put(
      "/setting/company",
      {
        config: { access: write },
        schema: {
          ...doc("Change the company profile"),
          body: companyProfileSchema,
          response: { 200: companySavedSchema, ...protectedErrors },
        },
      },
      async (request) => {
        await deps.db
          .insert(companyProfile)
          .values({ id: 1, ...request.body })
          .onConflictDoUpdate({ target: companyProfile.id, set: request.body });
        return { message: "Added successfully...", data: view(await loadCompany(deps.db)) };
      },
    );
    app.post(
      "/setting/company/logo",
      {
        config: { access: write },
        schema: {
          ...doc("Upload the logo (multipart field image: PNG or JPEG, at most 5 MB)"),
          consumes: ["multipart/form-data"],
          response: { 200: companySavedSchema, ...protectedErrors, 413: errorBodySchema },
        },
      },
      async (request) => {
        const { file } = await readMultipart(request, "image");
        const image = requireFile(file, "image");
        const kind = imageKind(image.buffer);
        if (!kind)
          throw new AppError("VALIDATION", "image: Only .jpg, .jpeg or .png images are accepted", [
            { field: "image", message: "Only .jpg, .jpeg or .png images are accepted" },
          ]);
        await mkdir(logoDir, { recursive: true, mode: 0o700 });
        const target = path.join(logoDir, `logo-${randomBytes(8).toString("hex")}.${kind.ext}`);
        await writeFile(target, image.buffer, { mode: 0o600 });
        const previous = (await loadCompany(deps.db)).logoPath;
        await deps.db.update(companyProfile).set({ logoPath: target }).where(eq(companyProfile.id, 1));
        if (previous && previous !== target) await rm(previous, { force: true });
        return { message: "Added successfully...", data: view(await loadCompany(deps.db)) };
      },
    );
    app.get(
      "/setting/company/logo",
      {
        config: { access: access.signedIn },
        schema: {
          ...doc("The logo image"),
          response: {
            200: fileAnswer(IMAGE_TYPES, "The logo, PNG or JPEG"),
            401: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (_request, reply) => {
        const { logoPath } = await loadCompany(deps.db);
        if (!logoPath) throw new AppError("NOT_FOUND", "No logo has been uploaded");
        const buffer = await readFile(logoPath);
        return reply.type(imageKind(buffer)?.mime ?? "application/octet-stream").send(buffer);
      },
    );
  };
}
