import { addLevelFourSchema } from "@cargodesk/shared";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { SaveResultDialog } from "../../components/SaveResultDialog";
import { useAccountTypes, useAddAccount } from "./api";
import { ChoiceField } from "./ChoiceField";
import { AmountField, UpperCaseNameField } from "./fields";
import { LevelPickers, useLevelChain } from "./LevelPickers";
import { FormPanel, SaveButton } from "./layout";
import { useAddForm } from "./useAddForm";

/** The amount is typed as text; anything but a plain decimal becomes NaN, which the shared schema refuses with its message. */
const amountText = z
  .string()
  .transform((text) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN));

const formSchema = z
  .object({
    levelOneId: z.number(),
    levelTwoId: z.number(),
    levelThreeId: z.number(),
    levelFourName: z.string(),
    // Optional only to line up with the shared schema, whose default fills it in.
    debitCreditId: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    levelBalance: amountText,
  })
  .pipe(addLevelFourSchema);
type FormInput = z.input<typeof formSchema>;

const EMPTY: FormInput = {
  levelOneId: 0,
  levelTwoId: 0,
  levelThreeId: 0,
  levelFourName: "",
  debitCreditId: 0,
  levelBalance: "",
};
const asAmountType = (value: number): 0 | 1 | 2 => (value === 1 || value === 2 ? value : 0);

/**
 * /accounts/level5/add, "Add Account": levels 1, 2 and 3 cascade, then the account name
 * (upper-cased), Amount Type (0 none by default, 1 Credit, 2 Debit) and an amount (0 allowed).
 * An opening amount becomes an approved opening entry against Opening Balance Equity.
 */
export default function AccountAddPage() {
  const types = useAccountTypes();
  const add = useAddAccount();
  const { form, onSubmit, result } = useAddForm({
    schema: formSchema,
    empty: EMPTY,
    add,
    nameOf: (values) => values.levelFourName,
  });
  const { control, setValue, formState } = form;
  const [levelOneId, levelTwoId, levelThreeId, levelFourName, levelBalance] = useWatch({
    control,
    name: ["levelOneId", "levelTwoId", "levelThreeId", "levelFourName", "levelBalance"],
  });
  const ids = { levelOneId, levelTwoId, levelThreeId };
  const chain = useLevelChain(ids, 3);
  const { errors } = formState;

  const validate = { shouldValidate: formState.isSubmitted };
  return (
    <>
      <FormPanel
        label="Add Account"
        description="A postable account under a level three group. An opening amount needs its type (Debit or Credit)."
        onSubmit={onSubmit}
        loading={chain.ones.isPending || types.isPending}
        loadError={chain.ones.error ?? types.error}
        onRetry={() => {
          void chain.ones.refetch();
          void types.refetch();
        }}
      >
        <LevelPickers
          depth={3}
          ids={ids}
          chain={chain}
          onChange={(next) => {
            setValue("levelOneId", next.levelOneId, validate);
            setValue("levelTwoId", next.levelTwoId, validate);
            setValue("levelThreeId", next.levelThreeId, validate);
          }}
          errors={{
            levelOneId: errors.levelOneId?.message,
            levelTwoId: errors.levelTwoId?.message,
            levelThreeId: errors.levelThreeId?.message,
          }}
          disabled={add.isPending}
        />
        <UpperCaseNameField
          control={control}
          name="levelFourName"
          label="Account Name"
          disabled={add.isPending || !chain.threesKnown}
          helperText={chain.threesKnown ? " " : "Choose Level One and Level Two first"}
        />
        <Controller
          control={control}
          name="debitCreditId"
          render={({ field, fieldState }) => (
            <ChoiceField
              label="Amount Type"
              value={field.value ?? 0}
              onChange={(value) => field.onChange(asAmountType(value))}
              options={[
                { value: 0, label: "None" },
                ...(types.data ?? []).map((type) => ({ value: type._id, label: type.account_type_name })),
              ]}
              placeholder={null}
              disabled={add.isPending}
              error={fieldState.error?.message}
            />
          )}
        />
        <AmountField
          control={control}
          name="levelBalance"
          label="Amount"
          disabled={add.isPending}
          helperText="Opening amount; enter 0 for none"
        />
        <SaveButton
          disabled={levelThreeId === 0 || levelTwoId === 0 || levelFourName.trim() === "" || levelBalance.trim() === ""}
          busy={add.isPending}
        />
      </FormPanel>
      <SaveResultDialog {...result.dialogProps} />
    </>
  );
}
