import { z } from "zod";

/** The company profile that heads every document (`GET /api/setting/company`). */
export const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  ntn: z.string(),
  hasLogo: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

/** What saving the profile or its logo answers: the message and the profile as stored. */
export const companySavedSchema = z.object({ message: z.string(), data: companySchema });
export type CompanySaved = z.infer<typeof companySavedSchema>;

/** The media types an uploaded image (logo, CNIC) is served with. */
export const IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
