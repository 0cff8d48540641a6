import { updateAccountSchema } from "@cargodesk/shared";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { IconButton, TextField, Tooltip } from "@mui/material";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { useRenameAccount } from "./api";

interface Editing {
  id: number;
  /** The name as it was, for the confirmation and Cancel. */
  original: string;
  name: string;
  error: string | null;
  confirming: boolean;
}

const iconButton = (label: string, onClick: () => void, icon: ReactNode, disabled = false) => (
  <Tooltip title={label}>
    <span>
      <IconButton aria-label={label} size="small" onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    </span>
  </Tooltip>
);

/**
 * Inline rename of an account row: Edit turns the name into an input (upper-cased as typed;
 * Enter saves, Escape cancels), Save asks for confirmation, then the server renames it.
 */
export function useRenameFlow() {
  const rename = useRenameAccount();
  const result = useSaveResult();
  const [editing, setEditing] = useState<Editing | null>(null);

  const requestSave = () => {
    if (!editing) return;
    const parsed = updateAccountSchema.safeParse({ levelFourName: editing.name });
    if (!parsed.success) {
      setEditing({ ...editing, error: parsed.error.issues[0]?.message ?? "Please enter a name" });
      return;
    }
    if (parsed.data.levelFourName === editing.original) {
      setEditing(null);
      return;
    }
    setEditing({ ...editing, name: parsed.data.levelFourName, error: null, confirming: true });
  };

  const confirm = () => {
    if (!editing) return;
    rename.mutate(
      { id: editing.id, levelFourName: editing.name },
      {
        onSuccess: (answer) => {
          setEditing(null);
          result.show("Success", answer.message, `The account is now called ${editing.name}.`);
        },
        onError: (error) => {
          setEditing({ ...editing, confirming: false });
          result.failed(error);
        },
      },
    );
  };

  const isEditing = (id: number) => editing?.id === id;

  const nameCell = (id: number, name: string) =>
    editing && isEditing(id) ? (
      <TextField
        size="small"
        label="Account Name"
        value={editing.name}
        autoFocus
        fullWidth
        disabled={rename.isPending}
        error={editing.error !== null}
        helperText={editing.error ?? undefined}
        onChange={(event) => setEditing({ ...editing, name: event.target.value.toUpperCase(), error: null })}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            requestSave();
          } else if (event.key === "Escape") setEditing(null);
        }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ minWidth: 220 }}
      />
    ) : (
      name
    );

  const buttons = (id: number, name: string) =>
    isEditing(id) ? (
      <>
        {iconButton("Save name", requestSave, <CheckIcon fontSize="small" />, rename.isPending)}
        {iconButton("Cancel editing", () => setEditing(null), <CloseIcon fontSize="small" />, rename.isPending)}
      </>
    ) : (
      iconButton(
        `Edit ${name}`,
        () => setEditing({ id, original: name, name, error: null, confirming: false }),
        <EditOutlinedIcon fontSize="small" />,
        editing !== null,
      )
    );

  const dialogs = (
    <>
      <ConfirmDialog
        open={editing?.confirming === true}
        title="Rename account?"
        message={editing ? `Rename ${editing.original} to ${editing.name}?` : ""}
        confirmLabel="Rename"
        busy={rename.isPending}
        onConfirm={confirm}
        onCancel={() => setEditing((current) => (current ? { ...current, confirming: false } : null))}
      />
      <SaveResultDialog {...result.dialogProps} />
    </>
  );

  return { nameCell, buttons, isEditing, dialogs };
}
