import { addLevelThreeSchema } from "@cargodesk/shared";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { SaveResultDialog } from "../../components/SaveResultDialog";
import { useAddLevelThree } from "./api";
import { UpperCaseNameField } from "./fields";
import { LevelPickers, NO_LEVELS, useLevelChain } from "./LevelPickers";
import { FormPanel, SaveButton } from "./layout";
import { useAddForm } from "./useAddForm";

type FormInput = z.input<typeof addLevelThreeSchema>;
const EMPTY: FormInput = { levelOneId: 0, levelTwoId: 0, levelThreeName: "" };

/**
 * /accounts/level4/add (the UI's "Level Three"): choose Level One, then Level Two, then enter the
 * name, which unlocks once the level two options are known; names are upper-cased as typed.
 */
export default function LevelThreeAddPage() {
  const add = useAddLevelThree();
  const { form, onSubmit, result } = useAddForm({
    schema: addLevelThreeSchema,
    empty: EMPTY,
    add,
    nameOf: (values) => values.levelThreeName,
  });
  const { control, setValue, formState } = form;
  const [levelOneId, levelTwoId, levelThreeName] = useWatch({
    control,
    name: ["levelOneId", "levelTwoId", "levelThreeName"],
  });
  const ids = { ...NO_LEVELS, levelOneId, levelTwoId };
  const chain = useLevelChain(ids, 2);

  const validate = { shouldValidate: formState.isSubmitted };
  return (
    <>
      <FormPanel
        label="Add Level Three"
        description="A level three group sits under a level two group. Its code is given automatically."
        onSubmit={onSubmit}
        loading={chain.ones.isPending}
        loadError={chain.ones.error}
        onRetry={() => void chain.ones.refetch()}
      >
        <LevelPickers
          depth={2}
          ids={ids}
          chain={chain}
          onChange={(next) => {
            setValue("levelOneId", next.levelOneId, validate);
            setValue("levelTwoId", next.levelTwoId, validate);
          }}
          errors={{
            levelOneId: formState.errors.levelOneId?.message,
            levelTwoId: formState.errors.levelTwoId?.message,
          }}
          disabled={add.isPending}
        />
        <UpperCaseNameField
          control={control}
          name="levelThreeName"
          label="Level Three Name"
          disabled={add.isPending || !chain.twosKnown}
          helperText={chain.twosKnown ? " " : "Choose Level One first"}
        />
        <SaveButton
          disabled={levelOneId === 0 || levelTwoId === 0 || levelThreeName.trim() === ""}
          busy={add.isPending}
        />
      </FormPanel>
      <SaveResultDialog {...result.dialogProps} />
    </>
  );
}
