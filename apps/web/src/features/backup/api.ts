import { backupCreatedSchema, backupListSchema } from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";

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
    onSettled: () => invalidateAfter(client, "backupChanged"),
  });
}

/** Fetches one backup with the bearer token and hands it to the browser as a download. */
async function downloadBackup(file: string): Promise<void> {
  const { blob } = await apiFile(`/backups/${encodeURIComponent(file)}/download`, {
    type: "application/gzip",
    fallbackName: file,
  });
  saveBlob(blob, file);
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
