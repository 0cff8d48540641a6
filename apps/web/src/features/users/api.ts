import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";

/** A user as `GET /api/user_cargo` lists it (spec: users-tracking-rates-ledger.md section 3). */
export const userRowSchema = z.object({
  id: z.number().int(),
  userName: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string(),
  companyName: z.string().nullish(),
  roleId: z.number().int(),
  role: z.object({ role: z.string() }).nullish(),
  userStatusId: z.number().int(),
  user_status: z.object({ status: z.string() }).nullish(),
  last_login: z.string().nullish(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
};

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.get("/user_cargo", z.array(userRowSchema), signal),
  });
}
