import { z } from "zod";

/** What a public page hands the sign-in page when it sends the visitor there: a dialog to show. */
const signInNoticeSchema = z.object({
  notice: z.object({ title: z.enum(["Success", "Error"]), message: z.string() }),
});
export type SignInNotice = z.infer<typeof signInNoticeSchema>["notice"];

export const signInState = (notice: SignInNotice): z.infer<typeof signInNoticeSchema> => ({ notice });

/** The notice carried in the navigation state, if any. */
export function noticeFrom(state: unknown): SignInNotice | null {
  const parsed = signInNoticeSchema.safeParse(state);
  return parsed.success ? parsed.data.notice : null;
}
