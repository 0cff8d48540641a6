import {
  INTEGRATION_FIELDS,
  type IntegrationFieldKey,
  type IntegrationInput,
  integrationSchema,
  PL_HEADINGS,
  type PlHeadingKey,
  STORE_INTEGRATION_FIELDS,
  type StoreIntegrationFieldKey,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Paper, Typography } from "@mui/material";
import { useEffect } from "react";
import { Controller, type UseFormSetError, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { SaveButton } from "../../components/FormCard";
import { PageLoader } from "../../components/PageLoader";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { ApiError, errorMessage } from "../../lib/api";
import { type AccountRef, type IntegrationSettings, useChartNodes, useIntegration, useSaveIntegration } from "./api";
import { NodeMultiPicker, NodePicker } from "./NodePickers";
import {
  type IntegrationFormInput,
  isGroup,
  OPTIONAL_FIELDS,
  OptionalNodeField,
  optionalValues,
  PosAccountFields,
  under,
} from "./OptionalNodeFields";
import { INTEGRATION_LIST_PATH } from "./paths";

type FormInput = IntegrationFormInput;

/** The saved settings as form values; a setting not made yet is 0 ("none chosen"). */
function toForm(settings: IntegrationSettings): FormInput {
  const plHeadings: Partial<Record<PlHeadingKey, number[]>> = {};
  for (const { key } of PL_HEADINGS) {
    plHeadings[key] = settings.plHeadings.find((entry) => entry.heading === key)?.groups.map((g) => g._id) ?? [];
  }
  return {
    cashGroupId: settings.cashGroupId ?? 0,
    defaultCashAccountId: settings.defaultCashAccountId ?? 0,
    bankGroupId: settings.bankGroupId ?? 0,
    receivablesGroupId: settings.receivablesGroupId ?? 0,
    freightRevenueAccountId: settings.freightRevenueAccountId ?? 0,
    openingEquityAccountId: settings.openingEquityAccountId ?? 0,
    ...optionalValues(settings),
    plHeadings,
  };
}

const STORE_HELP: Record<StoreIntegrationFieldKey, string> = {
  storeInventoryAccountId: "An asset account: receiving adds to it, issuance takes from it",
  kitchenInventoryAccountId: "An asset account (may be the store's): issuance adds to it, sales take from it",
  stockAdjustmentAccountId: "An expense account for physical count differences",
  wastageAccountId: "An expense account for voided and wasted items",
  cogsAccountId: "An expense account for the cost of what is sold",
  inputTaxAccountId: "An asset account for tax on purchases; left empty, tax is part of the landed cost",
  vendorsGroupId: "A liabilities group: each vendor's payable account is opened here",
  restaurantCustomersGroupId:
    "An assets group for house accounts of restaurant customers; left empty, the Customers' Receivables Group is used",
};

/** Which nodes each POS and Inventory picker offers: a group or account under its class, as the server checks. */
const storeOptions = (field: (typeof STORE_INTEGRATION_FIELDS)[number], nodes: readonly AccountRef[]) =>
  nodes.filter((node) => (field.kind === "group" ? isGroup(node) : node.level === 4) && under(node, field.classKey));

const HELP: Record<IntegrationFieldKey, string> = {
  cashGroupId: "Cash vouchers pick their cash account under this group",
  defaultCashAccountId: "An account under the cash group",
  bankGroupId: "Bank vouchers pick their bank account under this group",
  receivablesGroupId: "Each customer's receivable account is opened here",
  freightRevenueAccountId: "A revenue account credited with shipment charges",
  openingEquityAccountId: "An equity account balancing opening amounts",
};

/** Which nodes each picker offers, mirroring the server's checks. */
function optionsFor(key: IntegrationFieldKey, nodes: readonly AccountRef[], cashGroup: AccountRef | undefined) {
  switch (key) {
    case "cashGroupId":
    case "bankGroupId":
    case "receivablesGroupId":
      return nodes.filter(isGroup);
    case "defaultCashAccountId":
      return nodes.filter((node) => node.level === 4 && (!cashGroup || under(node, cashGroup.allLevelKey)));
    case "freightRevenueAccountId":
      return nodes.filter((node) => node.level === 4 && under(node, "4"));
    case "openingEquityAccountId":
      return nodes.filter((node) => node.level === 4 && under(node, "3"));
  }
}

/** Puts the server's per-field messages under the matching pickers ("plHeadings.admin.0" -> the Admin heading). */
function showServerIssues(error: unknown, setError: UseFormSetError<FormInput>) {
  if (!(error instanceof ApiError)) return;
  for (const issue of error.fieldIssues) {
    const field = [...INTEGRATION_FIELDS, ...OPTIONAL_FIELDS].find((candidate) => candidate.key === issue.field);
    if (field) setError(field.key, { type: "server", message: issue.message });
    const heading = PL_HEADINGS.find(({ key }) => issue.field.startsWith(`plHeadings.${key}`));
    if (heading) setError(`plHeadings.${heading.key}`, { type: "server", message: issue.message });
  }
}

function IntegrationForm({ settings, nodes }: { settings: IntegrationSettings; nodes: readonly AccountRef[] }) {
  const save = useSaveIntegration();
  const result = useSaveResult();
  const { control, handleSubmit, reset, setError, getValues, setValue } = useForm<FormInput, unknown, IntegrationInput>(
    {
      resolver: zodResolver(integrationSchema),
      defaultValues: toForm(settings),
    },
  );
  // Another tab or user saving refreshes the form once the settings change.
  useEffect(() => reset(toForm(settings)), [settings, reset]);
  const cashGroupId = useWatch({ control, name: "cashGroupId" });
  const cashGroup = nodes.find((node) => node._id === cashGroupId);
  const headingOptions = nodes.filter((node) => node.level > 1);

  /** A new cash group drops a default cash account that is not under it, so the picker asks again. */
  const keepCashAccountUnder = (groupId: number) => {
    const group = nodes.find((node) => node._id === groupId);
    const account = nodes.find((node) => node._id === getValues("defaultCashAccountId"));
    if (group && account && !under(account, group.allLevelKey)) setValue("defaultCashAccountId", 0);
  };

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => result.show("Success", answer.message, "The accounts integration settings were saved."),
      onError: (error) => {
        showServerIssues(error, setError);
        result.failed(error);
      },
    }),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Accounts Integration"
      sx={{ display: "grid", gap: 2 }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          System accounts
        </Typography>
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          {INTEGRATION_FIELDS.map((field) => (
            <Controller
              key={field.key}
              control={control}
              name={field.key}
              render={({ field: input, fieldState }) => (
                <NodePicker
                  label={field.label}
                  options={optionsFor(field.key, nodes, cashGroup)}
                  all={nodes}
                  value={input.value}
                  onChange={(id) => {
                    input.onChange(id);
                    if (field.key === "cashGroupId") keepCashAccountUnder(id);
                  }}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message}
                  helperText={HELP[field.key]}
                  disabled={save.isPending}
                />
              )}
            />
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          POS and Inventory
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 2 }}>
          The accounts the Store and the POS post to. A stock document that needs one of them refuses until it is set.
        </Typography>
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          {STORE_INTEGRATION_FIELDS.map((field) => (
            <OptionalNodeField
              key={field.key}
              control={control}
              name={field.key}
              label={field.label}
              options={storeOptions(field, nodes)}
              nodes={nodes}
              helperText={STORE_HELP[field.key]}
              disabled={save.isPending}
            />
          ))}
        </Box>
        <PosAccountFields control={control} nodes={nodes} disabled={save.isPending} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          Profit and loss headings
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 2 }}>
          The groups or accounts whose balances make up each heading of the profit and loss report.
        </Typography>
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          {PL_HEADINGS.map((heading) => (
            <Controller
              key={heading.key}
              control={control}
              name={`plHeadings.${heading.key}`}
              render={({ field: input, fieldState }) => (
                <NodeMultiPicker
                  label={heading.label}
                  options={headingOptions}
                  all={nodes}
                  value={input.value ?? []}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message}
                  disabled={save.isPending}
                />
              )}
            />
          ))}
        </Box>
      </Paper>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
        <SaveButton disabled={false} busy={save.isPending} />
        <Button component={RouterLink} to={INTEGRATION_LIST_PATH}>
          View settings
        </Button>
      </Box>
      <SaveResultDialog {...result.dialogProps} />
    </Box>
  );
}

/** /setting/MasterControl/addMasterControl: edit the Accounts Integration settings. */
export default function IntegrationFormPage() {
  const settings = useIntegration();
  const chart = useChartNodes();
  if (settings.isPending || chart.isPending) return <PageLoader label="Loading the accounts integration settings" />;
  const error = settings.error ?? chart.error;
  if (error || !settings.data || !chart.nodes) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void settings.refetch();
              chart.refetch();
            }}
          >
            Retry
          </Button>
        }
      >
        Could not load the settings. {errorMessage(error)}
      </Alert>
    );
  }
  return <IntegrationForm settings={settings.data} nodes={chart.nodes} />;
}
