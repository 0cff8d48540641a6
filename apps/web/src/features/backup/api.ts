import { backupCreatedSchema, backupListSchema, errorBodySchema } from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";
import { readToken, signOut } from "../../lib/session";
import { saveBlob } from "../reports/files";

export const backupKeys = {
  all: ["backups"] as const,
  list: () => [...backupKeys.all, "list"] as const,
};

/** `GET /api/backups`: the finished backups, newest first. */
export function useBackups() {
  return useQuery({
    queryKey: backupKeys.list(),
    queryFn: ({ signal }) => api.get("/backups", backupListSchema, signal),
  });
}

/** `GET /api/users/backup`: makes one backup (it can take a while on a large database). */
export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.get("/users/backup", backupCreatedSchema),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = errorBodySchema.safeParse(await response.json().catch(() => null));
  return body.success
    ? new ApiError(response.status, body.data.code, body.data.message, body.data.details)
    : new ApiError(response.status, "HTTP_ERROR", `The server answered with status ${response.status}.`);
}

/** Fetches one backup with the bearer token and hands it to the browser as a download. */
async function downloadBackup(file: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`/api/backups/${encodeURIComponent(file)}/download`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    throw await errorOf(response);
  }
  saveBlob(new Blob([await response.blob()], { type: "application/gzip" }), file);
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
