import { z } from "zod";

/** What a change that has nothing else to tell answers (a delete, a status change). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
