import { CARGO_LEDGER_MESSAGES, dashboardRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Autocomplete, Box, Button, Paper, TextField } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { companyToday } from "../../lib/dates";
import { type DashboardCriteria, type DashboardCustomer, useDashboardCustomers } from "./api";

type FilterValues = z.input<typeof dashboardRequestSchema>;
type FilterOutput = z.output<typeof dashboardRequestSchema>;

interface DashboardFiltersProps {
  initial: DashboardCriteria;
  /** Staff may pick one customer; customers see only their own figures. */
  staff: boolean;
  refreshing: boolean;
  onRefresh: (criteria: DashboardCriteria) => void;
}

/** The date range (end no later than today), the customer for staff, and Refresh. */
export function DashboardFilters({ initial, staff, refreshing, onRefresh }: DashboardFiltersProps) {
  const today = companyToday();
  const customers = useDashboardCustomers(staff);
  const { control, handleSubmit, setError } = useForm<FilterValues, unknown, FilterOutput>({
    resolver: zodResolver(dashboardRequestSchema),
    defaultValues: { startedDate: initial.startedDate, endDate: initial.endDate, user_id: initial.userId },
  });

  const submit = handleSubmit((values) => {
    if (values.endDate > companyToday()) {
      setError("endDate", { message: CARGO_LEDGER_MESSAGES.endAfterToday });
      return;
    }
    onRefresh({ startedDate: values.startedDate, endDate: values.endDate, userId: values.user_id ?? null });
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label="Dashboard dates"
      onSubmit={(event) => void submit(event)}
      sx={{ p: 2, display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}
    >
      <Box sx={{ width: 190 }}>
        <TextInput control={control} name="startedDate" label="Start Date" type="date" max={today} required />
      </Box>
      <Box sx={{ width: 190 }}>
        <TextInput control={control} name="endDate" label="End Date" type="date" max={today} required />
      </Box>
      {staff ? (
        <Controller
          control={control}
          name="user_id"
          render={({ field }) => (
            <Autocomplete<DashboardCustomer>
              options={customers.data ?? []}
              loading={customers.isPending}
              value={customers.data?.find((customer) => customer.id === field.value) ?? null}
              onChange={(_, customer) => field.onChange(customer?.id ?? null)}
              getOptionLabel={(customer) => `${customer.name} (${customer.email})`}
              getOptionKey={(customer) => customer.id}
              isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
              autoHighlight
              sx={{ width: { xs: "100%", sm: 360 } }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Customer"
                  placeholder="All customers"
                  helperText={customers.isError ? "The customers could not be loaded" : "Empty: the whole company"}
                  error={customers.isError}
                  slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
                />
              )}
            />
          )}
        />
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<RefreshIcon />}
        disabled={refreshing}
        sx={{ mt: 0.5 }}
      >
        Refresh
      </Button>
    </Paper>
  );
}
