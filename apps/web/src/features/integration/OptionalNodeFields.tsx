import {
  type IntegrationInput,
  type IntegrationSettings,
  type integrationSchema,
  POS_INTEGRATION_FIELDS,
  type PosIntegrationField,
  type PosIntegrationFieldKey,
  STORE_INTEGRATION_FIELDS,
  type StoreIntegrationFieldKey,
} from "@cargodesk/shared";
import { Box, Typography } from "@mui/material";
import { type Control, Controller, useWatch } from "react-hook-form";
import type { z } from "zod";
import type { AccountRef } from "./api";
import { NodePicker } from "./NodePickers";

export type IntegrationFormInput = z.input<typeof integrationSchema>;
type OptionalKey = StoreIntegrationFieldKey | PosIntegrationFieldKey;

/** The settings that may stay unset (null) until the Store or Day Close needs them. */
export const OPTIONAL_FIELDS = [...STORE_INTEGRATION_FIELDS, ...POS_INTEGRATION_FIELDS];

export const optionalValues = (settings: IntegrationSettings) =>
  Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field.key, settings[field.key]])) as Record<
    OptionalKey,
    number | null
  >;

export const isGroup = (node: AccountRef) => node.level === 2 || node.level === 3;
/** Whether the node sits under the chart node with this code ("4" is REVENUE, "1-01-001" a group). */
export const under = (node: AccountRef, code: string) => node.allLevelKey.startsWith(`${code}-`);

/** One setting that may be cleared: choosing nothing stores null. */
export function OptionalNodeField({
  control,
  name,
  label,
  options,
  nodes,
  helperText,
  disabled,
}: {
  control: Control<IntegrationFormInput, unknown, IntegrationInput>;
  name: OptionalKey;
  label: string;
  options: readonly AccountRef[];
  nodes: readonly AccountRef[];
  helperText: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => (
        <NodePicker
          label={label}
          options={options}
          all={nodes}
          value={input.value ?? 0}
          onChange={(id) => input.onChange(id === 0 ? null : id)}
          onBlur={input.onBlur}
          error={fieldState.error?.message}
          helperText={helperText}
          disabled={disabled}
          required={false}
        />
      )}
    />
  );
}

const POS_HELP: Record<PosIntegrationFieldKey, string> = {
  posSalesAccountId: "Credited with the day's sales before tax; a menu category can name its own",
  salesDiscountAccountId: "Debited with the discounts given (a contra-revenue or an expense account)",
  serviceChargeAccountId: "Credited with the service charge",
  salesTaxPayableAccountId: "Credited with the sales tax collected; a tax class can name its own",
  roundingAccountId: "Takes the cash rounding, up or down",
  cashOverShortAccountId: "Takes the difference between counted and expected cash",
  cardClearingAccountId: "Debited with card takings until the bank settles; a payment method can name its own",
  safeCashAccountId: "Where cash dropped from a counter to the safe goes",
};

/** Level-4 accounts where the server accepts each POS account: under its classes, or under the chosen cash or bank group. */
function posOptions(field: PosIntegrationField, nodes: readonly AccountRef[], groups: Record<string, AccountRef>) {
  return nodes.filter((node) => {
    if (node.level !== 4) return false;
    if (typeof field.under !== "string") return field.under.some((code) => under(node, code));
    const group = groups[field.under];
    return group === undefined || under(node, group.allLevelKey);
  });
}

/** The POS accounts (design 7.1) Day Close posts the day's sales JV to. */
export function PosAccountFields({
  control,
  nodes,
  disabled,
}: {
  control: Control<IntegrationFormInput, unknown, IntegrationInput>;
  nodes: readonly AccountRef[];
  disabled: boolean;
}) {
  const [cashGroupId, bankGroupId] = useWatch({ control, name: ["cashGroupId", "bankGroupId"] });
  const groups: Record<string, AccountRef> = {};
  for (const [key, id] of [
    ["cashGroupId", cashGroupId],
    ["bankGroupId", bankGroupId],
  ] as const) {
    const node = nodes.find((candidate) => candidate._id === id);
    if (node) groups[key] = node;
  }
  return (
    <Box component="section" aria-label="POS accounts" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        POS (Day Close)
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 2 }}>
        The accounts Day Close posts the day's sales voucher to. Day Close refuses, naming the account, until the ones
        it needs are set.
      </Typography>
      <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {POS_INTEGRATION_FIELDS.map((field) => (
          <OptionalNodeField
            key={field.key}
            control={control}
            name={field.key}
            label={field.label}
            options={posOptions(field, nodes, groups)}
            nodes={nodes}
            helperText={`${POS_HELP[field.key]}. ${field.place}.`}
            disabled={disabled}
          />
        ))}
      </Box>
    </Box>
  );
}
