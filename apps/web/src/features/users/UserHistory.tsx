import { AUDIT_DETAILS, ROLES, USER_STATUSES } from "@cargodesk/shared";
import { Paper, Typography } from "@mui/material";
import { type Column, DataTable } from "../../components/DataTable";
import { formatDateTime, fullName } from "../../lib/format";
import { type AuditEntry, type UserRow, useAuditLog, useUsers } from "./api";

const roleName = (id: number) => ROLES.find((role) => role.id === id)?.role ?? `Role ${id}`;
const statusName = (id: number) => USER_STATUSES.find((status) => status.id === id)?.status ?? `Status ${id}`;

const {
  change: changeSchema,
  created: createdSchema,
  permissions: permissionsSchema,
  account: accountSchema,
} = AUDIT_DETAILS;

function listed(label: string, keys: readonly string[]): string | null {
  if (keys.length === 0) return null;
  const shown = keys.slice(0, 6).join(", ");
  return `${label} ${keys.length}: ${shown}${keys.length > 6 ? ", ..." : ""}`;
}

/** One audit row in words: what changed, from what to what. */
export function describeAudit(entry: AuditEntry): string {
  const { action, details } = entry;
  if (action === "status") {
    const change = changeSchema.safeParse(details);
    if (change.success) return `Status changed from ${statusName(change.data.from)} to ${statusName(change.data.to)}`;
  }
  if (action === "role") {
    const change = changeSchema.safeParse(details);
    if (change.success) return `Account type changed from ${roleName(change.data.from)} to ${roleName(change.data.to)}`;
  }
  if (action === "registered" || action === "created") {
    const created = createdSchema.safeParse(details);
    const verb = action === "registered" ? "Registered" : "Created";
    if (created.success)
      return `${verb} as ${roleName(created.data.roleId)} (${statusName(created.data.userStatusId)})`;
    return verb;
  }
  if (action === "permissions") {
    const change = permissionsSchema.safeParse(details);
    if (change.success) {
      const parts = [listed("granted", change.data.granted), listed("revoked", change.data.revoked)].filter(Boolean);
      return `Permissions changed${parts.length > 0 ? `: ${parts.join("; ")}` : " (no difference)"}`;
    }
  }
  if (action === "receivable account") {
    const account = accountSchema.safeParse(details);
    if (account.success) return `Receivable account ${account.data.allLevelKey} opened`;
  }
  return action.charAt(0).toUpperCase() + action.slice(1);
}

function actorName(entry: AuditEntry, users: readonly UserRow[] | undefined): string {
  if (entry.actorId === null) return entry.action === "registered" ? "The user (self-registration)" : "System";
  const actor = users?.find((user) => user.id === entry.actorId);
  if (!actor) return `User #${entry.actorId}`;
  return fullName(actor.firstName, actor.lastName) || actor.userName || actor.email;
}

/** The History panel of the edit screen: the audit log of one user (admins only). */
export function UserHistory({ userId }: { userId: number }) {
  const log = useAuditLog(userId, true);
  const users = useUsers();
  const columns: readonly Column<AuditEntry>[] = [
    { key: "when", header: "When", nowrap: true, render: (entry) => formatDateTime(entry.createdAt) },
    { key: "who", header: "Who", render: (entry) => actorName(entry, users.data) },
    { key: "what", header: "What", render: describeAudit },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="user-history-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="user-history-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        History
      </Typography>
      <DataTable
        label="User history"
        columns={columns}
        rows={log.data}
        rowKey={(entry) => entry.id}
        loading={log.isPending}
        error={log.error}
        onRetry={() => void log.refetch()}
        emptyMessage="No changes recorded for this user yet."
        pageSizeOptions={[20, 50, 100]}
        defaultPageSize={20}
      />
    </Paper>
  );
}
