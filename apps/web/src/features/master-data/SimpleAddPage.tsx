import ListIcon from "@mui/icons-material/List";
import { Button } from "@mui/material";
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  useForm,
  useWatch,
} from "react-hook-form";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { FormCard, SaveButton } from "../../components/FormCard";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { type InputMode, TypedField } from "../../components/TypedField";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useCan } from "../../lib/hooks";
import { type MasterPath, useCreate } from "./api";
import type { KindPermissions } from "./paths";

export interface AddField<V extends FieldValues> {
  name: FieldPath<V>;
  label: string;
  mode: InputMode;
  maxLength?: number;
  hint?: string;
}

/** An add form whose every field is required (Add Country, Add Package, Add Service, Add Currency). */
export interface AddKind<Row, V extends FieldValues, Out extends object> {
  path: MasterPath;
  rowSchema: z.ZodType<Row>;
  /** The form's accessible name: "Add Country". */
  label: string;
  fields: readonly AddField<V>[];
  empty: DefaultValues<V>;
  resolver: Resolver<V, unknown, Out>;
  permissions: KindPermissions;
  listPath: string;
  /** "View Countries". */
  listLabel: string;
}

/** Save stays disabled while any field is empty or shows an error; the form clears after a save. */
export function SimpleAddPage<Row, V extends FieldValues, Out extends object>({
  kind,
}: {
  kind: AddKind<Row, V, Out>;
}) {
  const create = useCreate(kind.path, kind.rowSchema);
  const result = useResultDialog();
  const canView = useCan(kind.permissions.view);
  const form = useForm<V, unknown, Out>({
    resolver: kind.resolver,
    defaultValues: kind.empty,
    mode: "onTouched",
  });
  const names = kind.fields.map((field) => field.name);
  const values = useWatch({ control: form.control, name: names });
  const incomplete = values.some((value) => String(value ?? "").trim() === "");
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", answer.message);
        form.reset(kind.empty);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, names);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <>
      <FormCard
        label={kind.label}
        onSubmit={onSubmit}
        actions={
          <>
            <SaveButton disabled={incomplete || hasErrors} busy={create.isPending} />
            {canView ? (
              <Button component={RouterLink} to={kind.listPath} startIcon={<ListIcon />}>
                {kind.listLabel}
              </Button>
            ) : null}
          </>
        }
      >
        {kind.fields.map((field, index) => (
          <TypedField
            key={field.name}
            control={form.control}
            name={field.name}
            label={field.label}
            mode={field.mode}
            maxLength={field.maxLength}
            hint={field.hint}
            required
            disabled={create.isPending}
            autoFocus={index === 0}
          />
        ))}
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
