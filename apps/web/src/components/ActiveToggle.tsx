import BlockIcon from "@mui/icons-material/Block";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../lib/api";
import { ConfirmDialog } from "./ConfirmDialog";
import type { useResultDialog } from "./ResultDialog";
import { RowAction } from "./RowAction";

interface Toggled {
  name: string;
  active: boolean;
}

interface ActiveToggleOptions<T extends Toggled> {
  /** The record's noun in the dialog title ("coupon" -> "Deactivate coupon"). */
  noun: string;
  /** The list's result pop-up, where the answer or refusal shows. */
  result: ReturnType<typeof useResultDialog>;
  /** Sends the flipped flag for the row, calling back as a react-query `mutate` does. */
  send: (
    row: T,
    handlers: {
      onSuccess: (answer: { data: Toggled }) => void;
      onError: (error: unknown) => void;
      onSettled: () => void;
    },
  ) => void;
  busy: boolean;
  deactivateMessage: (row: T) => string;
  activateMessage: (row: T) => string;
}

/**
 * A list row's confirmed Activate/Deactivate: `action(row)` is the row button (for ListPage's
 * `middleActions`), `dialog` the confirmation to place among ListPage's children.
 */
export function useActiveToggle<T extends Toggled>({
  noun,
  result,
  send,
  busy,
  deactivateMessage,
  activateMessage,
}: ActiveToggleOptions<T>): { action: (row: T) => ReactNode; dialog: ReactNode } {
  const [toggling, setToggling] = useState<T | null>(null);
  const confirm = () => {
    if (!toggling) return;
    send(toggling, {
      onSuccess: (answer) =>
        result.show("Success", `${answer.data.name} is ${answer.data.active ? "active" : "inactive"} now`),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setToggling(null),
    });
  };
  const action = (row: T) => (
    <RowAction
      title={`${row.active ? "Deactivate" : "Activate"} ${row.name}`}
      icon={row.active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
      onClick={() => setToggling(row)}
    />
  );
  const dialog = (
    <ConfirmDialog
      open={toggling !== null}
      title={`${toggling?.active ? "Deactivate" : "Activate"} ${noun}`}
      message={toggling ? (toggling.active ? deactivateMessage(toggling) : activateMessage(toggling)) : ""}
      confirmLabel={toggling?.active ? "Deactivate" : "Activate"}
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setToggling(null)}
    />
  );
  return { action, dialog };
}
