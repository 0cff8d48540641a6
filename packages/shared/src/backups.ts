import { z } from "zod";

/**
 * A backup's file name: `cargodesk-2026-11-22T10-15-00Z.tar.gz` (UTC, second resolution), with a
 * `-2`, `-3`... suffix when two are made within one second. Only names of this shape are listed
 * or served, so a name can never reach outside the backups folder.
 */
export const BACKUP_FILE_PATTERN = /^cargodesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(?:-\d{1,3})?\.tar\.gz$/;

export const isBackupFileName = (name: string): boolean => BACKUP_FILE_PATTERN.test(name);

/** The name of a backup made at `at` (the caller adds a suffix when it is taken). */
export function backupFileName(at: Date, suffix = 0): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  return `cargodesk-${stamp}${suffix > 0 ? `-${suffix}` : ""}.tar.gz`;
}

/** `GET /api/users/backup`: the spec's message, which names the file, plus the file and its size in bytes. */
export const backupCreatedSchema = z.object({
  message: z.string(),
  file: z.string(),
  size: z.number().int().nonnegative(),
});
export type BackupCreated = z.infer<typeof backupCreatedSchema>;

/** One row of `GET /api/backups`, newest first. */
export const backupFileSchema = z.object({
  file: z.string(),
  size: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const backupListSchema = z.array(backupFileSchema);
