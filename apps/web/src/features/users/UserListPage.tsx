import { hasPermission, perm, ROLES } from "@cargodesk/shared";
import EditIcon from "@mui/icons-material/Edit";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import { Box, Button, Chip, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { SearchField } from "../../components/SearchField";
import { errorMessage } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { formatDateTime, fullName, matchesSearch } from "../../lib/format";
import { useSession } from "../../lib/session";
import { type UserRow, useChangeUserStatus, useUnlockUser, useUsers } from "./api";
import { CnicPreview } from "./CnicPreview";
import { EDIT_USER_PATH } from "./paths";
import { CONFIRM_TEXT, type StatusAction, statusActions } from "./status-actions";
import { UserStatusChip } from "./UserStatusChip";

const USER_EDIT = perm("User", "User Edit");
const USER_EDIT_STATUS = perm("User", "User Edit Status");

const roleName = (user: UserRow): string =>
  user.role?.role ?? ROLES.find((role) => role.id === user.roleId)?.role ?? `Role ${user.roleId}`;
const nameOf = (user: UserRow): string => fullName(user.firstName, user.lastName) || user.userName || user.email;

const baseColumns: readonly Column<UserRow>[] = [
  {
    key: "name",
    header: "Name",
    render: (user) => (
      <>
        <Box component="span" sx={{ display: "block" }}>
          {fullName(user.firstName, user.lastName) || "—"}
        </Box>
        {user.userName ? (
          <Typography component="span" variant="caption" sx={{ display: "block", color: "text.secondary" }}>
            {user.userName}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: "email", header: "Email", render: (user) => user.email },
  { key: "company", header: "Company", render: (user) => user.companyName || "—" },
  { key: "role", header: "Role", render: roleName },
  {
    key: "status",
    header: "Status",
    nowrap: true,
    render: (user) => (
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
        <UserStatusChip statusId={user.userStatusId} label={user.user_status?.status} />
        {user.lockedUntil ? (
          // The company's clock, as the sign-in refusal states it.
          <Chip size="small" color="error" label={`Locked until ${formatInstant(user.lockedUntil)}`} />
        ) : null}
      </Box>
    ),
  },
  { key: "lastLogin", header: "Last Login", nowrap: true, render: (user) => formatDateTime(user.last_login) },
];

interface Pending {
  user: UserRow;
  action: StatusAction;
}

/**
 * Every user, staff and customers: User > View Users and Setting > List User. Edit shows with
 * User Edit, the status actions with User Edit Status; each status change is confirmed first.
 * A user locked out after too many wrong passwords shows "Locked until ..." and, with User Edit
 * Status, an Unlock button.
 */
export default function UserListPage() {
  const users = useUsers();
  const session = useSession();
  const changeStatus = useChangeUserStatus();
  const unlock = useUnlockUser();
  const result = useResultDialog();
  const [search, setSearch] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const held = session?.permissions ?? [];
  const canEdit = hasPermission(held, USER_EDIT);
  const canChangeStatus = hasPermission(held, USER_EDIT_STATUS);

  const rows = useMemo(
    () =>
      users.data?.filter((user) =>
        matchesSearch(search, [user.firstName, user.lastName, user.userName, user.email, user.companyName]),
      ),
    [users.data, search],
  );

  const columns = useMemo<readonly Column<UserRow>[]>(() => {
    if (!canEdit && !canChangeStatus) return baseColumns;
    const actions: Column<UserRow> = {
      key: "actions",
      header: "Actions",
      render: (user) => (
        <Box
          sx={{
            display: "flex",
            flexWrap: "wrap",
            gap: 0.5,
            minWidth: 150,
            "& .MuiButton-root": { minWidth: 0, px: 1 },
          }}
        >
          {canEdit ? (
            <Button
              size="small"
              component={RouterLink}
              to={`${EDIT_USER_PATH}?id=${user.id}`}
              startIcon={<EditIcon fontSize="small" />}
            >
              Edit
            </Button>
          ) : null}
          {canChangeStatus && user.lockedUntil ? (
            <Button
              size="small"
              color="warning"
              startIcon={<LockOpenIcon fontSize="small" />}
              disabled={unlock.isPending}
              onClick={() =>
                unlock.mutate(user.id, {
                  onSuccess: (answer) => result.show("Success", answer.message),
                  onError: (error) => result.show("Error", errorMessage(error)),
                })
              }
            >
              Unlock
            </Button>
          ) : null}
          {canChangeStatus
            ? statusActions(user.userStatusId).map((action) => (
                <Button
                  key={action.name}
                  size="small"
                  color={action.name === "Block" || action.name === "Cancel" ? "error" : "primary"}
                  disabled={action.disabled}
                  onClick={() => setPending({ user, action })}
                >
                  {action.name}
                </Button>
              ))
            : null}
        </Box>
      ),
    };
    return [...baseColumns, actions];
  }, [canEdit, canChangeStatus, unlock, result.show]);

  const confirm = () => {
    if (!pending) return;
    changeStatus.mutate(
      { id: pending.user.id, userStatusId: pending.action.to },
      {
        onSuccess: () => setPending(null),
        onError: (error) => {
          setPending(null);
          result.show("Error", errorMessage(error));
        },
      },
    );
  };

  const text = pending ? CONFIRM_TEXT[pending.action.name] : null;

  return (
    <>
      <DataTable
        label="Users"
        columns={columns}
        rows={rows}
        rowKey={(user) => user.id}
        loading={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        emptyMessage={search ? "No user matches your search." : "No users yet."}
        toolbar={
          <>
            <SearchField label="Search users" value={search} onChange={setSearch} />
            <ResultCount shown={rows?.length} total={users.data?.length} singular="user" />
          </>
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={text ? `${text.verb} user?` : ""}
        message={
          pending && text ? (
            <>
              {`${text.verb} ${nameOf(pending.user)} (${pending.user.email})? ${text.effect}`}
              {pending.action.name === "Approve" ? <CnicPreview userId={pending.user.id} /> : null}
            </>
          ) : (
            ""
          )
        }
        maxWidth={pending?.action.name === "Approve" ? "md" : "xs"}
        confirmLabel={text?.button ?? "Confirm"}
        confirmColor={pending?.action.name === "Block" || pending?.action.name === "Cancel" ? "error" : "primary"}
        busy={changeStatus.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
