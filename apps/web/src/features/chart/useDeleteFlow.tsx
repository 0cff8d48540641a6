import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Box, IconButton, Tooltip } from "@mui/material";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import type { Column } from "../../components/DataTable";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { visuallyHidden } from "../../components/visually-hidden";
import { type ChartLevel, useDeleteNode } from "./api";

/** The spec's delete animation: the row fades for 600 ms before it leaves the list. */
export const DELETE_ANIMATION_MS = 600;

interface Target {
  id: number;
  name: string;
}

/**
 * Delete with confirmation for a details table: `deleteButton(row)` asks, the server decides
 * (a group with children or an account with entries is refused with its reason), and on success the
 * row fades out and is removed from the list locally.
 */
export function useDeleteFlow(level: ChartLevel, noun: string) {
  const { mutation, removeLocally } = useDeleteNode(level);
  const [target, setTarget] = useState<Target | null>(null);
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const result = useSaveResult();

  const confirm = () => {
    if (!target) return;
    const { id, name } = target;
    mutation.mutate(id, {
      onSuccess: () => {
        setTarget(null);
        setAnnouncement(`${name} deleted.`);
        setLeaving((current) => new Set(current).add(id));
        window.setTimeout(() => {
          removeLocally(id);
          setLeaving((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, DELETE_ANIMATION_MS);
      },
      onError: (error) => {
        setTarget(null);
        result.failed(error);
      },
    });
  };

  const deleteButton = (id: number, name: string, disabled = false) => (
    <Tooltip title={`Delete ${name}`}>
      <span>
        <IconButton
          aria-label={`Delete ${name}`}
          color="error"
          size="small"
          disabled={disabled || leaving.has(id)}
          onClick={() => setTarget({ id, name })}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );

  /** Wraps every cell of a column list so a deleted row fades out before it goes. */
  const fading = <T,>(columns: readonly Column<T>[], idOf: (row: T) => number): Column<T>[] =>
    columns.map((column) => ({
      ...column,
      render: (row: T): ReactNode => (
        <Box
          sx={{
            transition: `opacity ${DELETE_ANIMATION_MS}ms ease-out`,
            opacity: leaving.has(idOf(row)) ? 0 : 1,
          }}
        >
          {column.render(row)}
        </Box>
      ),
    }));

  const dialogs = (
    <>
      <ConfirmDialog
        open={target !== null}
        title={`Delete ${noun}?`}
        message={target ? `${target.name} will be deleted. This cannot be undone.` : ""}
        confirmLabel="Delete"
        confirmColor="error"
        busy={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      />
      <SaveResultDialog {...result.dialogProps} />
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );

  return { deleteButton, fading, dialogs };
}
