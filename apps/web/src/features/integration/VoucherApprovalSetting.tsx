import { Alert, FormControlLabel, Paper, Switch, Typography } from "@mui/material";
import { errorMessage } from "../../lib/api";
import { useSaveVoucherApproval, useVoucherApproval } from "./api";

/** The separate-approver rule for vouchers: a switch for those who may change the settings, saved at once. */
export function VoucherApprovalSetting({ canEdit }: { canEdit: boolean }) {
  const setting = useVoucherApproval();
  const save = useSaveVoucherApproval();
  // While saving, the switch shows the value asked for; a failed save falls back to the stored one.
  const on = save.isPending
    ? (save.variables?.enteredByCannotApprove ?? false)
    : (setting.data?.enteredByCannotApprove ?? false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Voucher approval">
      <Typography variant="h6" component="h2">
        Voucher approval
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 1 }}>
        Off by default. When on, Voucher Verification refuses to let the person who entered a voucher approve it;
        another user holding Voucher Verification does.
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={!canEdit || setting.isPending || save.isPending}
            onChange={(event) => save.mutate({ enteredByCannotApprove: event.target.checked })}
          />
        }
        label="The person who entered a voucher cannot approve it"
      />
      {setting.error ? <Alert severity="error">Could not load the rule. {errorMessage(setting.error)}</Alert> : null}
      {save.error ? <Alert severity="error">Could not save the rule. {errorMessage(save.error)}</Alert> : null}
    </Paper>
  );
}
