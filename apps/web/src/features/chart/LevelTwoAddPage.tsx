import { addLevelTwoSchema } from "@cargodesk/shared";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { SaveResultDialog } from "../../components/SaveResultDialog";
import { useAddLevelTwo } from "./api";
import { UpperCaseNameField } from "./fields";
import { LevelPickers, NO_LEVELS, useLevelChain } from "./LevelPickers";
import { FormPanel, SaveButton } from "./layout";
import { useAddForm } from "./useAddForm";

type FormInput = z.input<typeof addLevelTwoSchema>;
const EMPTY: FormInput = { levelOneId: 0, levelTwoName: "" };

/** /accounts/level2/add: choose Level One, enter the Level Two name, Save (both required). */
export default function LevelTwoAddPage() {
  const add = useAddLevelTwo();
  const { form, onSubmit, result } = useAddForm({
    schema: addLevelTwoSchema,
    empty: EMPTY,
    add,
    nameOf: (values) => values.levelTwoName,
  });
  const { control, setValue, formState } = form;
  const [levelOneId, levelTwoName] = useWatch({ control, name: ["levelOneId", "levelTwoName"] });
  const ids = { ...NO_LEVELS, levelOneId };
  const chain = useLevelChain(ids, 1);

  return (
    <>
      <FormPanel
        label="Add Level Two"
        description="A level two group sits under one of the five classes. Its code is given automatically."
        onSubmit={onSubmit}
        loading={chain.ones.isPending}
        loadError={chain.ones.error}
        onRetry={() => void chain.ones.refetch()}
      >
        <LevelPickers
          depth={1}
          ids={ids}
          chain={chain}
          onChange={(next) => setValue("levelOneId", next.levelOneId, { shouldValidate: formState.isSubmitted })}
          errors={{ levelOneId: formState.errors.levelOneId?.message }}
          disabled={add.isPending}
        />
        <UpperCaseNameField control={control} name="levelTwoName" label="Level Two Name" disabled={add.isPending} />
        <SaveButton disabled={levelOneId === 0 || levelTwoName.trim() === ""} busy={add.isPending} />
      </FormPanel>
      <SaveResultDialog {...result.dialogProps} />
    </>
  );
}
