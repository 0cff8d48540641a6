import type { SupervisorAction, SupervisorApproval } from "@cargodesk/shared";
import AdminPanelSettingsOutlinedIcon from "@mui/icons-material/AdminPanelSettingsOutlined";
import { Alert, Box, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useSupervisorApproval } from "./api";
import { TillDialog } from "./TillDialog";

/**
 * A supervisor approves one action at the till with their user name and password (design D13).
 * The answer is a one-time token the operation carries; a wrong password shows the server's words.
 */
export function SupervisorDialog({
  action,
  reason,
  onApproved,
  onClose,
}: {
  action: SupervisorAction;
  /** What is being approved, in the cashier's words ("20% off the order"). */
  reason: string;
  onApproved: (approval: SupervisorApproval) => void;
  onClose: () => void;
}) {
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const approve = useSupervisorApproval();
  return (
    <TillDialog
      title={
        <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <AdminPanelSettingsOutlinedIcon color="warning" />
          Supervisor approval
        </Box>
      }
      formLabel="Supervisor approval"
      onClose={onClose}
      submit={{
        label: "Approve",
        disabled: userName.trim() === "" || password === "" || approve.isPending,
        onSubmit: () => approve.mutate({ userName, password, action }, { onSuccess: onApproved }),
      }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {reason} needs a supervisor. Ask them to sign here.
      </Typography>
      <TextField
        label="Supervisor user name"
        value={userName}
        autoFocus
        autoComplete="off"
        onChange={(event) => setUserName(event.target.value)}
      />
      <TextField
        label="Supervisor password"
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {approve.isError ? <Alert severity="error">{errorMessage(approve.error)}</Alert> : null}
    </TillDialog>
  );
}
