import { ROLE } from "@cargodesk/shared";
import SendIcon from "@mui/icons-material/Send";
import { Alert, Autocomplete, Box, Button, Chip, CircularProgress, Paper, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { GROUPS_WITH_SCREENS } from "../../app/screens";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { type StaffUser, useAssignPermissions, usePermissionGroups, useStaffUsers, useUserPermissions } from "./api";
import { PermissionSection, type ToggleHandler } from "./PermissionGrid";
import { buildTree, fromRows, type Selection, toggle, toRows } from "./selection";

const SAVED = "Added successfully...";
const FAILED = "Something went wrong...";
const roleLabel = (user: StaffUser) => (user.roleId === ROLE.admin ? "Admin" : "Employee");
const optionLabel = (user: StaffUser) => `${user.name || user.userName} (${user.userName})`;

/**
 * Permissions > User Permissions and Setting > Permission: choose an admin or employee, tick the
 * groups, categories and sub-categories they may use, and Send to replace their permissions.
 */
export default function UserPermissionsPage() {
  const groups = usePermissionGroups();
  const staff = useStaffUsers();
  const assign = useAssignPermissions();
  const result = useResultDialog();
  const [user, setUser] = useState<StaffUser | null>(null);
  const stored = useUserPermissions(user?._id ?? null);
  // Ticks made since the user's permissions loaded; they belong to that user only.
  const [edits, setEdits] = useState<{ userId: number; selection: Selection } | null>(null);

  const trees = useMemo(() => {
    const sorted = [...(groups.data ?? [])].sort((a, b) => a.index - b.index);
    return {
      accounts: sorted.filter((group) => group.area === "accounts").map(buildTree),
      cargo: sorted.filter((group) => group.area === "cargo").map(buildTree),
    };
  }, [groups.data]);

  const withoutScreens = useMemo(
    () => new Set(trees.accounts.map((tree) => tree.label).filter((name) => !GROUPS_WITH_SCREENS.has(name))),
    [trees.accounts],
  );

  const loaded = user !== null && stored.isSuccess && !stored.isFetching;
  const selection: Selection =
    user && edits?.userId === user._id ? edits.selection : loaded ? fromRows(stored.data) : new Set<string>();

  const onToggle: ToggleHandler = (node, ancestors, tick) => {
    if (!user) return;
    setEdits({ userId: user._id, selection: toggle(selection, node, ancestors, tick) });
  };

  const send = () => {
    if (!user) return;
    const permission = toRows(selection, [...trees.accounts, ...trees.cargo]);
    assign.mutate(
      { user: user._id, permission },
      {
        onSuccess: (answer) => result.show("Success", answer.message || SAVED),
        onError: () => result.show("Error", FAILED),
      },
    );
  };

  if (groups.isPending) return <PageLoader label="Loading the permissions" />;
  if (groups.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void groups.refetch()}>
            Retry
          </Button>
        }
      >
        The permission list could not be loaded. {errorMessage(groups.error)}
      </Alert>
    );

  const gridDisabled = !loaded || assign.isPending;

  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      {/* The chooser and Send stay in view while the long grid scrolls beneath them. */}
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: "grid", gap: 2, position: "sticky", top: { xs: 64, sm: 72 }, zIndex: 2 }}
      >
        <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
          <Autocomplete
            sx={{ flex: 1, minWidth: 280, maxWidth: 520 }}
            options={staff.data ?? []}
            loading={staff.isPending}
            value={user}
            isOptionEqualToValue={(option, value) => option._id === value._id}
            getOptionLabel={optionLabel}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <Box sx={{ display: "flex", justifyContent: "space-between", width: "100%", gap: 1 }}>
                  <span>{optionLabel(option)}</span>
                  <Chip size="small" label={roleLabel(option)} />
                </Box>
              </li>
            )}
            onChange={(_, next) => {
              setUser(next);
              setEdits(null);
            }}
            renderInput={(params) => (
              <TextField {...params} label="User" helperText="Admin and employee users" required />
            )}
          />
          <Button
            variant="contained"
            size="large"
            onClick={send}
            disabled={!user || !loaded || assign.isPending}
            startIcon={assign.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
          >
            Send
          </Button>
        </Box>
        {staff.isError ? (
          <Alert severity="error">The users could not be loaded. {errorMessage(staff.error)}</Alert>
        ) : null}
        {user === null ? (
          <Typography sx={{ color: "text.secondary" }}>Choose a user to see and change their permissions.</Typography>
        ) : null}
        {user !== null && stored.isFetching ? (
          <Typography role="status" sx={{ color: "text.secondary" }}>
            Loading the permissions of {optionLabel(user)}...
          </Typography>
        ) : null}
        {user !== null && stored.isError ? (
          <Alert severity="error">Their permissions could not be loaded. {errorMessage(stored.error)}</Alert>
        ) : null}
        {user?.roleId === ROLE.admin ? (
          <Alert severity="info">Admins can always use every screen; what is ticked here is kept for the record.</Alert>
        ) : null}
      </Paper>

      <PermissionSection
        title="Accounts"
        description="The ten modules of the accounts side, with their categories and sub-categories."
        trees={trees.accounts}
        selection={selection}
        disabled={gridDisabled}
        onToggle={onToggle}
        withoutScreens={withoutScreens}
      />
      <PermissionSection
        title="Cargo"
        description="The cargo screens and the actions on them."
        trees={trees.cargo}
        selection={selection}
        disabled={gridDisabled}
        onToggle={onToggle}
      />
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
