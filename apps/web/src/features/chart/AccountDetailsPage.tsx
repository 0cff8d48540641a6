import { Box } from "@mui/material";
import type { Column } from "../../components/DataTable";
import { money } from "../../lib/format";
import { type Account, useAccounts } from "./api";
import { DetailsTable } from "./DetailsTable";
import { sideOf } from "./format";
import { useDeleteFlow } from "./useDeleteFlow";
import { useRenameFlow } from "./useRenameFlow";

const searchText = (row: Account) => [row.allLevelKey, row.levelFourName, row.levelThree.levelThreeName];

/**
 * /accounts/level5/details (the UI's "Level Four"): every account with its code, name, level
 * three group and closing balance (DR/CR); inline rename with confirmation; delete with
 * confirmation (the row fades for 600 ms and leaves the list); a search box.
 */
export default function AccountDetailsPage() {
  const removal = useDeleteFlow(4, "account");
  const renaming = useRenameFlow();
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
      <DetailsTable
        label="Accounts"
        noun="account"
        searchLabel="Search accounts"
        singular="account"
        query={useAccounts()}
        searchText={searchText}
        columns={columns}
        removal={removal}
      />
      {renaming.dialogs}
    </>
  );
}
