import LogoutIcon from "@mui/icons-material/Logout";
import { Button } from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { useSignOutEverywhere } from "./api";

/**
 * Ends every session the user has open, on every device (after a lost phone or a leaked
 * password). Asks first; a refusal (only an Admin signs out an Admin) shows the server's reason.
 */
export function SignOutEverywhereButton({ userId, name }: { userId: number; name: string }) {
  const signOut = useSignOutEverywhere();
  const result = useResultDialog();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    signOut.mutate(userId, {
      onSuccess: (answer) => {
        setAsking(false);
        result.show("Success", answer.message);
      },
      onError: (error) => {
        setAsking(false);
        result.show("Error", errorMessage(error));
      },
    });
  return (
    <>
      <Button color="warning" startIcon={<LogoutIcon />} onClick={() => setAsking(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        message={`End every session of ${name} on every device? They will have to sign in again.`}
        confirmLabel="Sign out everywhere"
        confirmColor="warning"
        busy={signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
