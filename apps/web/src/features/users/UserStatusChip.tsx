import { USER_STATUS, USER_STATUSES } from "@cargodesk/shared";
import { Chip, type ChipProps } from "@mui/material";

const COLOURS: Record<number, ChipProps["color"]> = {
  [USER_STATUS.pending]: "warning",
  [USER_STATUS.approved]: "success",
  [USER_STATUS.cancelled]: "default",
  [USER_STATUS.blocked]: "error",
};

export function UserStatusChip({ statusId, label }: { statusId: number; label?: string | null | undefined }) {
  const text = label ?? USER_STATUSES.find((status) => status.id === statusId)?.status ?? `Status ${statusId}`;
  return <Chip size="small" variant="outlined" color={COLOURS[statusId] ?? "default"} label={text} />;
}
