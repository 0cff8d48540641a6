import { randomBytes } from "node:crypto";
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
import { deleteFiles, findFile, LOGO_PREFIX, putFile, sendStoredFile } from "../../lib/stored-files";
import { access } from "../../plugins/access";

/** What documents print before a profile is saved (lib/pdf's loadCompany answers the same). */
const DEFAULT_COMPANY_NAME = "CARGODESK";
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

/** The company profile that heads every document: name, address, NTN and logo (a stored file). */
export function companyRoutes(deps: AppDeps) {
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
        const key = `${LOGO_PREFIX}logo-${randomBytes(8).toString("hex")}.${kind.ext}`;
        // The new logo, the profile naming it and the old logo's removal commit together.
        await deps.db.transaction(async (tx) => {
          const [previous] = await tx
            .select({ logoPath: companyProfile.logoPath })
            .from(companyProfile)
            .where(eq(companyProfile.id, 1))
            .for("update");
          await putFile(tx, { key, kind: "logo", mime: kind.mime }, image.buffer);
          await tx
            .insert(companyProfile)
            .values({ id: 1, name: DEFAULT_COMPANY_NAME, logoPath: key })
            .onConflictDoUpdate({ target: companyProfile.id, set: { logoPath: key } });
          if (previous?.logoPath) await deleteFiles(tx, [previous.logoPath]);
        });
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
        const file = logoPath ? await findFile(deps.db, logoPath) : null;
        if (!file) throw new AppError("NOT_FOUND", "No logo has been uploaded");
        return sendStoredFile(reply, deps.db, file);
      },
    );
  };
}
