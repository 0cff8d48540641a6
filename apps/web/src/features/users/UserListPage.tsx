import { ROLES } from "@cargodesk/shared";
import { useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { formatDateTime, fullName, matchesSearch } from "../../lib/format";
import { type UserRow, useUsers } from "./api";
import { UserStatusChip } from "./UserStatusChip";

const roleName = (user: UserRow): string =>
  user.role?.role ?? ROLES.find((role) => role.id === user.roleId)?.role ?? `Role ${user.roleId}`;

const columns: readonly Column<UserRow>[] = [
  { key: "name", header: "Name", render: (user) => fullName(user.firstName, user.lastName) || "—" },
  { key: "userName", header: "User Name", render: (user) => user.userName || "—" },
  { key: "email", header: "Email", render: (user) => user.email },
  { key: "company", header: "Company", render: (user) => user.companyName || "—" },
  { key: "role", header: "Role", render: roleName },
  {
    key: "status",
    header: "Status",
    nowrap: true,
    render: (user) => <UserStatusChip statusId={user.userStatusId} label={user.user_status?.status} />,
  },
  { key: "lastLogin", header: "Last Login", nowrap: true, render: (user) => formatDateTime(user.last_login) },
];

/** Read-only list of every user: staff and customers. Serves both Setting > List User and User > View Users. */
export default function UserListPage() {
  const users = useUsers();
  const [search, setSearch] = useState("");
  const rows = useMemo(
    () =>
      users.data?.filter((user) =>
        matchesSearch(search, [user.firstName, user.lastName, user.userName, user.email, user.companyName]),
      ),
    [users.data, search],
  );

  return (
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
  );
}
