import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { useSession } from "../lib/session";
import { homePathFor } from "./screens";

/** Shown in place of a screen the signed-in user may not open. */
export function NoAccessPage({ title = "You do not have access to this screen" }: { title?: string }) {
  const session = useSession();
  return (
    <EmptyState
      icon={<LockOutlinedIcon />}
      titleAs="h2"
      title={title}
      description="Your account does not hold the permission it needs. If you need it for your work, ask an administrator to grant it."
      action={
        <Button component={RouterLink} to={homePathFor(session?.permissions ?? [])} variant="contained">
          Go to home
        </Button>
      }
    />
  );
}
