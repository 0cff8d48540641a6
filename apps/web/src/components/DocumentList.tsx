import SendIcon from "@mui/icons-material/Send";
import UndoIcon from "@mui/icons-material/Undo";
import { Box, Chip } from "@mui/material";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../lib/api";
import { ConfirmDialog } from "./ConfirmDialog";
import type { Column } from "./DataTable";
import type { useResultDialog } from "./ResultDialog";
import { RowAction } from "./RowAction";
import { VoucherLink } from "./VoucherLink";

/** A stock document (a GRN, an issuance): saved as a draft, then posted with its voucher, maybe reversed. */
interface PostedDocument {
  id: number;
  number: string | null;
  status: "draft" | "posted" | "reversed";
  voucherId: number | null;
  voucherNo: string | null;
  reversalVoucherId: number | null;
  reversalVoucherNo: string | null;
}

const STATUS_COLOR = { draft: "default", posted: "success", reversed: "warning" } as const;

/** The Status column: draft, posted or reversed as a chip. */
export const documentStatusColumn = <T extends Pick<PostedDocument, "status">>(): Column<T> => ({
  key: "status",
  header: "Status",
  nowrap: true,
  render: (row) => <Chip size="small" label={row.status} color={STATUS_COLOR[row.status]} />,
});

/** The Voucher column: the posting's voucher and, once reversed, the mirror one, each opening Voucher Search. */
export const documentVoucherColumn = <T extends PostedDocument>(): Column<T> => ({
  key: "voucher",
  header: "Voucher",
  nowrap: true,
  render: (row) => (
    <>
      <VoucherLink id={row.voucherId} number={row.voucherNo} />
      {row.reversalVoucherNo ? (
        <Box component="span">
          {" / "}
          <VoucherLink id={row.reversalVoucherId} number={row.reversalVoucherNo} />
        </Box>
      ) : null}
    </>
  ),
});

interface DraftActionsOptions<T extends PostedDocument, P, R> {
  /** "issuance": the confirmation is titled "Reverse issuance". */
  noun: string;
  /** Whether the reader may post and reverse (the document's Add permission). */
  canAdd: boolean;
  post: UseMutationResult<P, Error, number>;
  reverse: UseMutationResult<R, Error, number>;
  /** The list's result pop-up, where the answer or refusal shows. */
  result: ReturnType<typeof useResultDialog>;
  /** The Post button's accessible name for a draft row. */
  postLabel: (row: T) => string;
  postedText: (answer: P) => string;
  /** What reversing the row does, asked before it happens. */
  reverseMessage: (row: T) => string;
  reversedText: (answer: R) => string;
}

/**
 * A document list's Post (a draft) and confirmed Reverse (a posted one): `actions(row)` are the row
 * buttons for a reader who may add, `dialog` the confirmation to place beside the table.
 */
export function useDraftActions<T extends PostedDocument, P, R>({
  noun,
  canAdd,
  post,
  reverse,
  result,
  postLabel,
  postedText,
  reverseMessage,
  reversedText,
}: DraftActionsOptions<T, P, R>): { actions: (row: T) => ReactNode; dialog: ReactNode } {
  const [reversing, setReversing] = useState<T | null>(null);
  const fail = (error: Error) => result.show("Error", errorMessage(error));
  const actions = (row: T) => (
    <>
      {canAdd && row.status === "draft" ? (
        <RowAction
          title="Post"
          label={postLabel(row)}
          disabled={post.isPending}
          onClick={() =>
            post.mutate(row.id, { onSuccess: (answer) => result.show("Success", postedText(answer)), onError: fail })
          }
          icon={<SendIcon fontSize="small" />}
        />
      ) : null}
      {canAdd && row.status === "posted" ? (
        <RowAction
          title="Reverse"
          label={`Reverse ${row.number}`}
          onClick={() => setReversing(row)}
          icon={<UndoIcon fontSize="small" />}
        />
      ) : null}
    </>
  );
  const dialog = (
    <ConfirmDialog
      open={reversing !== null}
      title={`Reverse ${noun}`}
      message={reversing ? reverseMessage(reversing) : ""}
      confirmLabel="Reverse"
      confirmColor="warning"
      busy={reverse.isPending}
      onCancel={() => setReversing(null)}
      onConfirm={() =>
        reversing &&
        reverse.mutate(reversing.id, {
          onSuccess: (answer) => result.show("Success", reversedText(answer)),
          onError: fail,
          onSettled: () => setReversing(null),
        })
      }
    />
  );
  return { actions, dialog };
}
