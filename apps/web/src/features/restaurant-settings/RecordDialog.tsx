import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Dialog, DialogContent, DialogTitle } from "@mui/material";
import { type FormEventHandler, type ReactNode, useState } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialogActions } from "../../components/FormDialogActions";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { type RecordInputs, type RecordKind, useSaveRecord } from "./api";
import type { EditorProps } from "./RecordTable";

/**
 * The form state of one editor dialog: the shared schema validates it, Save adds (no row) or
 * changes the record, and the server's field messages (400, 409) land under their fields. `field`
 * is what every input of the dialog takes (the form, disabled while saving); `dialog` is
 * RecordDialog's.
 */
export function useRecordForm<K extends RecordKind, TIn extends FieldValues>({
  kind,
  editor: { row, onClose, onSaved },
  title,
  schema,
  defaults,
  fields,
}: {
  kind: K;
  editor: EditorProps<{ id: number }>;
  title: string;
  schema: z.ZodType<RecordInputs[K], TIn>;
  defaults: DefaultValues<TIn>;
  fields: readonly FieldPath<TIn>[];
}) {
  const save = useSaveRecord(kind, row?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TIn, unknown, RecordInputs[K]>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    mode: "onTouched",
  });
  const onSubmit = form.handleSubmit((input) => {
    setFailure(null);
    save.mutate(input, {
      onSuccess: (answer) => onSaved(`${answer.message}: ${answer.data.name}`),
      onError: (error) => {
        applyFieldIssues(error, form.setError, fields);
        setFailure(errorMessage(error));
      },
    });
  });
  const busy = save.isPending;
  return {
    form,
    field: { control: form.control, disabled: busy },
    dialog: { title, onSubmit, onClose, busy, failure },
  };
}

/** An add or edit dialog: the fields in a grid, the failure under them, Cancel and Save. */
export function RecordDialog({
  title,
  onSubmit,
  onClose,
  busy,
  failure,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  busy: boolean;
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-label={title}>
      <form noValidate onSubmit={onSubmit} aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 1, pt: "8px !important" }}>
          {children}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </DialogContent>
        <FormDialogActions submitLabel="Save" busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
