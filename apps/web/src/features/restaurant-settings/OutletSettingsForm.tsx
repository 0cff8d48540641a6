import { type OutletSettings, outletSettingsSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box } from "@mui/material";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FullRow, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { OrderTypeChecks } from "../../components/ScheduleFields";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useSaveOutletSettings } from "./api";
import { ChoiceInput } from "./fields";

type SettingsForm = z.input<typeof outletSettingsSchema>;

const FIELDS = [
  "taxInclusive",
  "serviceChargeBp",
  "serviceChargeTypes",
  "cashRoundingMinor",
  "dayCutoff",
  "kitchenNegativePolicy",
  "takeAwayFireOn",
  "supervisorRules.maxDiscountBpWithoutApproval",
  "receiptHeader",
  "receiptFooter",
] as const;

const ROUNDINGS = [
  { value: 0, label: "None" },
  { value: 100, label: "To 1 rupee" },
  { value: 500, label: "To 5 rupees" },
  { value: 1000, label: "To 10 rupees" },
];
const NEGATIVE_POLICIES = [
  { value: "allow_flag", label: "Sell, and flag the shortage for the day close" },
  { value: "block", label: "Refuse the sale" },
];
const FIRE_ON = [
  { value: "payment", label: "When paid" },
  { value: "send", label: "When sent to the kitchen" },
];

/** The outlet's POS settings; read-only for a viewer (every field disabled, no Save). */
export function OutletSettingsForm({ settings, editable }: { settings: OutletSettings; editable: boolean }) {
  const save = useSaveOutletSettings();
  const result = useResultDialog();
  const form = useForm<SettingsForm, unknown, OutletSettings>({
    resolver: zodResolver(outletSettingsSchema),
    defaultValues: settings,
    mode: "onTouched",
  });
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        form.reset(answer.data);
        result.show("Success", answer.message);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, FIELDS);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  const off = save.isPending || !editable;
  const control = form.control;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="POS settings">
      <Box sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <FullRow>
          <SwitchInput control={control} name="taxInclusive" label="Menu prices include tax" disabled={off} />
        </FullRow>
        <NumberInput
          percent
          empty={null}
          control={control}
          name="serviceChargeBp"
          label="Service Charge"
          disabled={off}
          hint="A hall may set its own"
        />
        <OrderTypeChecks control={control} name="serviceChargeTypes" label="Service charge applies to" disabled={off} />
        <ChoiceInput
          control={control}
          name="cashRoundingMinor"
          label="Cash Rounding"
          options={ROUNDINGS}
          disabled={off}
        />
        <TextInput
          control={control}
          name="dayCutoff"
          label="Business-day Cut-off"
          disabled={off}
          hint="HH:MM: sales before it count for the day before"
        />
        <ChoiceInput
          control={control}
          name="kitchenNegativePolicy"
          label="Kitchen stock runs short"
          options={NEGATIVE_POLICIES}
          disabled={off}
        />
        <ChoiceInput
          control={control}
          name="takeAwayFireOn"
          label="Take-away goes to the kitchen"
          options={FIRE_ON}
          disabled={off}
        />
        <NumberInput
          percent
          empty={null}
          control={control}
          name="supervisorRules.maxDiscountBpWithoutApproval"
          label="Discount without approval, up to"
          disabled={off}
        />
        <Box sx={{ display: "flex", flexDirection: "column" }}>
          <SwitchInput
            control={control}
            name="supervisorRules.voidAfterFireNeedsSupervisor"
            label="A supervisor voids items already sent"
            disabled={off}
          />
          <SwitchInput
            control={control}
            name="supervisorRules.refundNeedsSupervisor"
            label="A supervisor approves refunds"
            disabled={off}
          />
          <SwitchInput
            control={control}
            name="supervisorRules.priceOverrideNeedsSupervisor"
            label="A supervisor approves price changes"
            disabled={off}
          />
        </Box>
        <TextInput control={control} name="receiptHeader" label="Receipt Header" multiline disabled={off} />
        <TextInput control={control} name="receiptFooter" label="Receipt Footer" multiline disabled={off} />
      </Box>
      {editable ? (
        <Box sx={{ mt: 2 }}>
          <SaveButton disabled={false} busy={save.isPending} label="Save POS Settings" />
        </Box>
      ) : null}
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
