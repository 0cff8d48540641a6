import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { errorMessage } from "../lib/api";
import { applyFieldIssues } from "../lib/forms";
import { FormCard, SaveButton } from "./FormCard";
import { PageLoader } from "./PageLoader";
import { ResultDialog, type ResultDialogProps, type ResultTitle } from "./ResultDialog";

/**
 * An add-or-edit page (`?id=` from the list): nothing to load for a new record, else the record's
 * loading state, the error that it could not be loaded, or the editor with the loaded record.
 */
export function RecordFormPage<R>({
  noun,
  useRecord,
  children,
}: {
  /** "hall": "Loading the hall", "Could not load the hall." */
  noun: string;
  /** The page's query hook for one record (disabled while the id is null). */
  useRecord: (id: number | null) => UseQueryResult<R>;
  children: (record: R | null) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const record = useRecord(id);
  if (id === null) return children(null);
  if (record.isPending) return <PageLoader label={`Loading the ${noun}`} />;
  if (record.error)
    return (
      <Alert severity="error">
        Could not load the {noun}. {errorMessage(record.error)}
      </Alert>
    );
  return children(record.data);
}

/** What a save answers: the server's message and the saved record. */
export interface SavedRecord {
  message: string;
  data: { name: string };
}

/** The result pop-up's words for a save; `detail` (even "") sets the message in bold above it. */
interface ResultText {
  message: string;
  detail?: string;
}

/** The save mutation as the form calls it (its variables may be the form's wider input type). */
export interface SaveMutation<A, V> {
  mutate: (variables: V, options: { onSuccess: (answer: A) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

export interface RecordFormOptions<TForm extends FieldValues, TInput extends V, V, A extends SavedRecord, R> {
  /** The record being edited, or null to add one. */
  record: R | null;
  /** The shared zod schema of the record's input: the form validates with it as the server does. */
  schema: z.ZodType<TInput, TForm>;
  /** The form's values for the record, or the empty form for null. */
  valuesOf: (record: R | null) => TForm;
  /** Takes what the form gives (the schema's output), or a wider type. */
  save: SaveMutation<A, V>;
  /** The fields a server's 400 may name; its message shows under the field. */
  fields: readonly FieldPath<TForm>[];
  /** Where an edit returns to once saved. */
  listRoute: string;
  /** The form after an add (default: empty again), e.g. keeping the chosen parent. */
  afterAdd?: (input: NoInfer<TInput>) => NoInfer<TForm>;
  /** Default: "<message>: <name>". */
  savedText?: (answer: A) => ResultText;
  /** Default: the server's message; given, it is the message and the server's words the detail. */
  failureMessage?: string;
}

/**
 * The add/edit form's state: react-hook-form on the shared schema (reset when the record arrives),
 * the save with its result pop-up, the server's field messages under their fields, back to the
 * list after an edit and an empty form after an add.
 */
export function useRecordForm<TForm extends FieldValues, TInput extends V, V, A extends SavedRecord, R>({
  record,
  schema,
  valuesOf,
  save,
  fields,
  listRoute,
  afterAdd,
  savedText = (answer) => ({ message: `${answer.message}: ${answer.data.name}` }),
  failureMessage,
}: RecordFormOptions<TForm, TInput, V, A, R>) {
  const navigate = useNavigate();
  const [result, setResult] = useState<Omit<ResultDialogProps, "onClose">>({
    open: false,
    title: "Success",
    message: "",
  });
  const show = useCallback((title: ResultTitle, text: ResultText) => setResult({ open: true, title, ...text }), []);
  const onClose = useCallback(() => setResult((current) => ({ ...current, open: false })), []);
  const form: UseFormReturn<TForm, unknown, TInput> = useForm<TForm, unknown, TInput>({
    resolver: zodResolver(schema),
    // The full values are a DefaultValues (a deep partial), which TypeScript cannot see for a generic form.
    defaultValues: valuesOf(record) as DefaultValues<TForm>,
    mode: "onTouched",
  });
  // valuesOf is the page's pure mapping: a new record (not a new function) resets the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => form.reset(valuesOf(record)), [record, form]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        show("Success", savedText(answer));
        if (record) navigate(listRoute);
        else form.reset(afterAdd ? afterAdd(input) : valuesOf(null));
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, fields);
        show(
          "Error",
          failureMessage === undefined
            ? { message: errorMessage(error) }
            : { message: failureMessage, detail: errorMessage(error) },
        );
      },
    }),
  );
  return {
    form,
    control: form.control,
    onSubmit,
    busy: save.isPending,
    editing: record !== null,
    listRoute,
    dialogProps: { ...result, onClose } satisfies ResultDialogProps,
  };
}

export type RecordFormState = ReturnType<typeof useRecordForm<FieldValues, unknown, unknown, SavedRecord, unknown>>;

/**
 * The add/edit form's card: "Add <noun>" or "Edit <noun>", the fields, Save (Update when editing),
 * the link back to the list, and the save's result pop-up.
 */
export function RecordFormCard({
  state,
  noun,
  listLabel,
  wide = false,
  note,
  children,
}: {
  state: Pick<RecordFormState, "onSubmit" | "busy" | "editing" | "listRoute" | "dialogProps">;
  /** "Hall": the form is named "Add Hall" or "Edit Hall". */
  noun: string;
  /** The list link's text, e.g. "View Halls". */
  listLabel: string;
  wide?: boolean;
  /** Said after "Fields marked * are required." */
  note?: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormCard
        label={`${state.editing ? "Edit" : "Add"} ${noun}`}
        onSubmit={(event) => void state.onSubmit(event)}
        wide={wide}
        note={note}
        actions={
          <>
            <SaveButton disabled={false} busy={state.busy} label={state.editing ? "Update" : "Save"} />
            <Button component={RouterLink} to={state.listRoute} startIcon={<ListIcon />}>
              {listLabel}
            </Button>
          </>
        }
      >
        {children}
      </FormCard>
      <ResultDialog {...state.dialogProps} />
    </>
  );
}
