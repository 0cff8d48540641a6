import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import { useSaveResult } from "../../components/SaveResultDialog";

/** The add mutation of a chart level, as the form calls it. */
interface AddNode<TOut> {
  mutate: (
    values: TOut,
    handlers: { onSuccess: (answer: { allLevelKey: string }) => void; onError: (error: Error) => void },
  ) => void;
}

/**
 * An add form of the chart (level two, level three, account): the shared schema binds it, and Save
 * reports "<name> was added with code <code>." or the refusal, then clears the form whatever the
 * answer, as the spec does.
 */
export function useAddForm<TIn extends FieldValues, TOut>({
  schema,
  empty,
  add,
  nameOf,
}: {
  schema: z.ZodType<TOut, TIn>;
  empty: TIn;
  add: AddNode<TOut>;
  nameOf: (values: TOut) => string;
}) {
  const result = useSaveResult();
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    // The empty form's full values are a DefaultValues (a deep partial), which TypeScript cannot see for a generic form.
    defaultValues: empty as DefaultValues<TIn>,
  });
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (answer) => {
        result.succeeded(`${nameOf(values)} was added with code ${answer.allLevelKey}.`);
        form.reset(empty);
      },
      onError: (error) => {
        result.failed(error);
        form.reset(empty);
      },
    }),
  );
  return { form, onSubmit, result };
}
