import { Box } from "@mui/material";
import { useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { matchesSearch, money } from "../../lib/format";
import { type Account, useAccounts } from "./api";
import { LEVEL_PAGE_SIZE, LEVEL_PAGE_SIZES, sideOf } from "./format";
import { useDeleteFlow } from "./useDeleteFlow";
import { useRenameFlow } from "./useRenameFlow";

/**
 * /accounts/level5/details (the UI's "Level Four"): every account with its code, name, level
 * three group and closing balance (DR/CR); inline rename with confirmation; delete with
 * confirmation (the row fades for 600 ms and leaves the list); a search box.
 */
export default function AccountDetailsPage() {
  const accounts = useAccounts();
  const [search, setSearch] = useState("");
  const removal = useDeleteFlow(4, "account");
  const renaming = useRenameFlow();
  const rows = useMemo(
    () =>
      accounts.data?.filter((row) =>
        matchesSearch(search, [row.allLevelKey, row.levelFourName, row.levelThree.levelThreeName]),
      ),
    [accounts.data, search],
  );

  const columns: Column<Account>[] = [
    { key: "code", header: "Code", nowrap: true, render: (row) => row.allLevelKey },
    { key: "name", header: "Account Name", render: (row) => renaming.nameCell(row._id, row.levelFourName) },
    { key: "levelThree", header: "Level Three", render: (row) => row.levelThree.levelThreeName },
    {
      key: "balance",
      header: "Closing Balance",
      align: "right",
      nowrap: true,
      render: (row) => money(row.levelBalance),
    },
    { key: "side", header: "DR/CR", align: "center", render: (row) => sideOf(row.levelBalance, row.debitCreditId) },
    {
      key: "actions",
      header: "Actions",
      align: "center",
      nowrap: true,
      render: (row) => (
        <Box sx={{ display: "inline-flex", gap: 0.5 }}>
          {renaming.buttons(row._id, row.levelFourName)}
          {renaming.isEditing(row._id) ? null : removal.deleteButton(row._id, row.levelFourName)}
        </Box>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Accounts"
        columns={removal.fading(columns, (row) => row._id)}
        rows={rows}
        rowKey={(row) => row._id}
        loading={accounts.isPending}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        emptyMessage={search ? "No account matches your search." : "No accounts yet."}
        pageSizeOptions={LEVEL_PAGE_SIZES}
        defaultPageSize={LEVEL_PAGE_SIZE}
        toolbar={
          <>
            <SearchField label="Search accounts" value={search} onChange={setSearch} />
            <ResultCount shown={rows?.length} total={accounts.data?.length} singular="account" />
          </>
        }
      />
      {removal.dialogs}
      {renaming.dialogs}
    </>
  );
}
